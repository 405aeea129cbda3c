// @ts-check
// Links in the notation the move list shows (issue 15 §3): pit letters per
// game, engine numbers still read; and every bad parameter of a link or an
// embedded page named in the player's language (§5), never a library's words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Messages } from '../../www/js/i18n.js';
import { VARIANTS } from './engine.mjs';
import { decodeLink, embedProblems, encodeLink, languageProblems } from '../../www/js/link.js';
import { linkIgnored, linkRefused } from '../../www/js/narrate.js';

/** The games as the engine's `variants()` gives them (pits per row: rules MG-1, SQ-1, AM-1, AW-1). */
const GAMES = VARIANTS;
/** @param {string} id */
const info = (id) => /** @type {import('../../www/js/engine.js').VariantInfo} */ (GAMES.find((g) => g.id === id));

/** @param {string} lang */
const table = (lang) => JSON.parse(readFileSync(new URL(`../../www/i18n/${lang}.json`, import.meta.url), 'utf8'));
const english = table('en');
/** @param {'en' | 'it' | 'el' | 'fil' | 'tr'} lang */
const messages = (lang) => new Messages(lang, table(lang), english, {});

/** @param {string} text */
function decoded(text) {
  const d = decodeLink(text, GAMES);
  assert.ok(d, `${text} is a link`);
  return d;
}

test('letters and engine numbers decode to the same saved game (C-1: North A = pit n)', () => {
  const letters = decoded('game=sadeqa-iii&moves=c.B.b');
  const numbers = decoded('game=sadeqa-iii&moves=2.9.1');
  const mixed = decoded('game=sadeqa-iii&moves=c.9.b');
  assert.deepEqual(letters.game, { variant: 'sadeqa-iii', options: {}, moves: [2, 9, 1], ply: undefined, start: undefined });
  assert.deepEqual(numbers.game, letters.game);
  assert.deepEqual(mixed.game, letters.game);
  // Letters are read per game: Anywoli's 12 pits a row run to l and L.
  assert.deepEqual(decoded('game=anywoli&moves=l.L.a.A.split').game?.moves, [11, 23, 0, 12, 'split']);
  // A letter beyond this board stays as written, for the engine to name.
  assert.deepEqual(decoded('game=mangala-iv&moves=h.H').game?.moves, ['h', 'H']);
  assert.deepEqual(letters.written, ['c', 'B', 'b']);
});

test('the page writes share links in letters; they read back to the same moves', () => {
  const start = {
    board: [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
    stores: { south: 48, north: 48 },
    turn: /** @type {const} */ ('north'),
  };
  const text = encodeLink(info('al-manqala'), {}, [7, 0, 'split'], 2, undefined, start, true);
  assert.equal(text, 'game=al-manqala&board=1.0.0.0.0.0.1.0.0.0.0.0.0.0&stores=48.48&turn=north&moves=A.a.split&ply=2');
  assert.deepEqual(decoded(text).game, { variant: 'al-manqala', options: {}, moves: [7, 0, 'split'], ply: 2, start });
  assert.equal(encodeLink(info('anywoli'), {}, [11, 23], 2, undefined, null, true), 'game=anywoli&moves=l.L');
});

test('a bad count, store or side to move is named, and no game is built from it', () => {
  const d = decoded('game=anywoli&board=-6.4.4&stores=1&turn=east');
  assert.equal(d.game, null);
  assert.equal(
    linkRefused(messages('en'), d.problems, null),
    'This link could not be opened: the seeds in pit a must be a whole number, not "-6"; ' +
      'the captured seeds (stores) must be two whole numbers, South\'s then North\'s, such as 10.12, not "1"; ' +
      'the side to move (turn) must be south or north, not "east".',
  );
  assert.equal(
    linkRefused(messages('it'), d.problems, null),
    'Non è stato possibile aprire questo link: i semi della buca a devono essere un numero intero, non «-6»; ' +
      'i semi catturati (stores) devono essere due numeri interi, prima quelli di Sud e poi quelli di Nord, come 10.12, non «1»; ' +
      'il lato che muove (turn) deve essere south o north, non «east».',
  );
  // A count past South's row is named by North's letter.
  assert.deepEqual(decoded('game=mangala-iv&board=7.7.7.7.7.7.7.x').problems, [{ code: 'board', params: { pit: 'A', value: 'x' } }]);
});

test('an unknown game and a bad ply are named before the engine sees them', () => {
  const d = decoded('game=chess&ply=two');
  assert.equal(d.game, null);
  assert.equal(
    linkRefused(messages('en'), d.problems, null),
    'This link could not be opened: unknown game "chess": choose mangala-iv, sadeqa-iii, al-manqala, or anywoli; ' +
      'the move to show (ply) must be a whole number, not "two".',
  );
  assert.equal(
    linkRefused(messages('el'), d.problems, null),
    'Αυτός ο σύνδεσμος δεν μπόρεσε να ανοίξει: άγνωστο παιχνίδι «chess»: διάλεξε mangala-iv, sadeqa-iii, al-manqala ή anywoli; ' +
      'η κίνηση που θα εμφανιστεί (ply) πρέπει να είναι ακέραιος αριθμός, όχι «two».',
  );
});

test('mode, side, level and unknown names are ignored with a message; the game still opens', () => {
  const d = decoded('game=mangala-iv&mode=weird&side=east&level=99&colour=red&stores=1.2');
  assert.ok(d.game);
  assert.deepEqual(d.seating, {});
  assert.equal(
    linkIgnored(messages('en'), d.problems),
    'Part of this link was not understood and is ignored: there is no setting called "colour"; ' +
      'the mode must be two, computer, or demo, not "weird"; your side (side) must be south or north, not "east"; ' +
      'the computer\'s level must be 1, 2, 3, 4, or 5, not "99"; "stores" is read only together with "board".',
  );
  assert.equal(
    linkIgnored(messages('it'), d.problems),
    "Una parte di questo link non è stata capita e viene ignorata: non esiste un'impostazione «colour»; " +
      'la modalità deve essere two, computer o demo, non «weird»; il tuo lato (side) deve essere south o north, non «east»; ' +
      'il livello del computer deve essere 1, 2, 3, 4 o 5, non «99»; «stores» vale solo insieme a «board».',
  );
  // Good values set the players.
  assert.deepEqual(decoded('game=mangala-iv&mode=computer&side=north&level=5').seating, { mode: 'computer', human: 'north', level: 5 });
  assert.deepEqual(decoded('game=mangala-iv&mode=computer&side=north&level=5').problems, []);
});

test('an embedded page names its own bad parameters: mode, computer, level, theme, allow, lang', () => {
  const query = new URLSearchParams(
    'embed=1&mode=weird&level=99&computer=<b>x</b>&theme=neon&allow=notanorigin,https://wiki.example.org&lang=xx',
  );
  const problems = [...languageProblems(query.get('lang')), ...embedProblems(query)];
  assert.equal(
    linkIgnored(messages('en'), problems),
    'Part of this link was not understood and is ignored: the language must be en, it, el, fil, or tr, not "xx"; ' +
      'the theme must be auto, light, or dark, not "neon"; ' +
      'the computer\'s side (computer) must be none, south, north, or both, not "<b>x</b>"; ' +
      '"notanorigin" in allow is not the origin of a web address, such as https://wiki.example.org; ' +
      'the mode must be play, view, or puzzle, not "weird"; the computer\'s level must be 1, 2, 3, 4, or 5, not "99".',
  );
  assert.equal(
    linkIgnored(messages('it'), problems),
    'Una parte di questo link non è stata capita e viene ignorata: la lingua deve essere en, it, el, fil o tr, non «xx»; ' +
      'il tema deve essere auto, light o dark, non «neon»; ' +
      'il lato del computer (computer) deve essere none, south, north o both, non «<b>x</b>»; ' +
      "«notanorigin» in allow non è l'origine di un indirizzo web, come https://wiki.example.org; " +
      'la modalità deve essere play, view o puzzle, non «weird»; il livello del computer deve essere 1, 2, 3, 4 o 5, non «99».',
  );
  // With a game in the query, the link's decoding names mode and level (once: not here too).
  assert.deepEqual(embedProblems(new URLSearchParams('embed=1&game=anywoli&mode=weird')), []);
  assert.deepEqual(decoded('embed=1&game=anywoli&mode=weird&theme=dark').problems, [
    { code: 'mode', params: { value: 'weird' }, allowed: ['play', 'view', 'puzzle'] },
  ]);
  // In an embed a link's own modes still set the players, without a word.
  assert.deepEqual(decoded('embed=1&game=anywoli&mode=computer').problems, []);
  // Languages the page speaks are no problem, by any tag.
  assert.deepEqual([...languageProblems('it-IT'), ...languageProblems('tl'), ...languageProblems('en-GB'), ...languageProblems(null)], []);
});

test('a long value is cut short in the message', () => {
  const text = linkIgnored(messages('en'), decoded(`game=anywoli&theme=dark&mode=${'x'.repeat(100)}`).problems);
  assert.equal(
    text,
    `Part of this link was not understood and is ignored: the mode must be two, computer, or demo, not "${'x'.repeat(39)}…".`,
  );
});
