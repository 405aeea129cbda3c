// @ts-check
// What the page says (issue 15 §5), with the real string tables: sentences
// written per person ("you" / the computer / a named player), seeds in the
// object form where a language declines them, the Anywoli last-four banner,
// and refusals in the player's language with no library text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { VARIANTS } from './engine.mjs';
import { Messages } from '../../www/js/i18n.js';
import {
  banner,
  describeMove,
  endTexts,
  playerName,
  readError,
  resultLine,
  said,
  splitAnswer,
  splitOffer,
  toMoveText,
  turnLine,
} from '../../www/js/narrate.js';
import { parseAutosave } from '../../www/js/storage.js';

/** @param {string} lang */
const table = (lang) => JSON.parse(readFileSync(new URL(`../../www/i18n/${lang}.json`, import.meta.url), 'utf8'));
const english = table('en');
/** @param {'en' | 'it' | 'el' | 'fil' | 'tr'} lang */
const messages = (lang) => new Messages(lang, table(lang), english, {});
const en = messages('en');
const it = messages('it');
const el = messages('el');

/** @typedef {import('../../www/js/state.js').Seating} Seating */
/** @param {string} id */
const info = (id) => /** @type {import('../../www/js/engine.js').VariantInfo} */ (VARIANTS.find((v) => v.id === id));
const AM = info('al-manqala');
const AW = info('anywoli');
/** @type {Seating} you play South against the computer */
const AGAINST = { mode: 'computer', human: 'south', level: 2, players: { south: 'you', north: 'computer' } };
/** @type {Seating} two people, Player 2 in the South seat (the ritual may swap them) */
const TWO = { mode: 'two', human: 'south', level: 2, players: { south: 'p2', north: 'p1' } };

/**
 * A game state with only what narration reads.
 * @param {Partial<import('../../www/js/engine.js').GameState>} g
 * @returns {import('../../www/js/engine.js').GameState}
 */
const game = (g) =>
  /** @type {any} */ ({
    variant: 'al-manqala',
    pitsPerRow: 7,
    options: {},
    toMove: 'south',
    turn: 'south',
    seen: 1,
    end: null,
    stores: { south: 0, north: 0 },
    board: [],
    lot: null,
    ...g,
  });

test('whose move it is, per person, in English and Italian', () => {
  assert.equal(turnLine(en, AGAINST, game({ toMove: 'south' }), AM), 'Your move (South).');
  assert.equal(turnLine(en, AGAINST, game({ toMove: 'north' }), AM), 'The computer (North) moves next.');
  assert.equal(turnLine(en, TWO, game({ toMove: 'north' }), AM), 'Player 1 (North) to move.');
  assert.equal(turnLine(it, AGAINST, game({ toMove: 'south' }), AM), 'Tocca a te (Sud).');
  assert.equal(turnLine(it, AGAINST, game({ toMove: 'north' }), AM), 'Tocca al computer (Nord).');
  // C-6: one more repetition ends the game.
  assert.equal(
    turnLine(en, TWO, game({ toMove: 'south', seen: 2 }), AM),
    'Player 2 (South) to move. This position has now come up twice; a third time ends the game.',
  );
  assert.equal(toMoveText(en, AGAINST, 'south', false), 'your move');
  assert.equal(toMoveText(el, AGAINST, 'south', false), 'παίζεις');
  assert.equal(toMoveText(el, AGAINST, 'north', false), 'παίζει');
  assert.equal(toMoveText(en, AGAINST, 'north', true), 'thinking…');
});

test('the result, per person: "You (South) win", never "You wins"', () => {
  const won = (/** @type {'south' | 'north'} */ winner) =>
    game({ toMove: null, end: { winner, reason: 'fifty' }, stores: { south: 52, north: 40 } });
  assert.equal(resultLine(en, AGAINST, won('south')), 'Game over: you (South) win, 52–40 (fifty or more).');
  assert.equal(resultLine(en, AGAINST, won('north')), 'Game over: the computer (North) wins, 52–40 (fifty or more).');
  assert.equal(resultLine(it, AGAINST, won('south')), 'Partita finita: hai vinto (Sud), 52–40 (cinquanta o più).');
  assert.equal(
    resultLine(en, TWO, game({ toMove: null, end: { winner: null, reason: 'split' }, stores: { south: 49, north: 49 } })),
    'Game over: a draw, 49–49 (board split).',
  );
  const end = endTexts(en, AGAINST, won('south'), AM);
  assert.deepEqual(end, {
    title: 'You (South) win',
    score: 'South 52 – 40 North',
    reason: 'A player reached fifty captured seeds, which wins at once.',
    extra: '',
  });
  assert.equal(endTexts(it, AGAINST, won('north'), AM).title, 'Ha vinto il computer (Nord)');
  assert.equal(endTexts(el, TWO, won('north'), AM).title, 'Κέρδισε ο Παίκτης 1 (Βορράς)');
});

test('the ritual speaks to "you" and of the computer in every language (MG-3)', () => {
  assert.equal(said(en, 'ritual.rightGuess', 'you'), 'Right guess: you choose a side.');
  assert.equal(said(en, 'ritual.wrongGuess', 'computer'), 'Wrong guess: the computer decides who plays which row.');
  assert.equal(said(en, 'ritual.rightGuess', 'p2'), 'Right guess: Player 2 chooses a side.');
  assert.equal(said(it, 'ritual.rightGuess', 'you'), 'Indovinato: scegli tu il lato.');
  assert.equal(said(it, 'ritual.wrongGuess', 'you'), 'Sbagliato: decidi tu chi gioca su quale fila.');
  assert.equal(said(en, 'ritual.guessed', 'you', { guess: en.t('ritual.guessWord.even') }), 'You guessed even.');
  assert.equal(said(it, 'ritual.guessed', 'computer', { guess: it.t('ritual.guessWord.odd') }), 'Il computer aveva detto dispari.');
  const seats = { south: 'Computer', north: 'You', first: 'South' };
  assert.equal(said(en, 'ritual.done', 'computer', seats), 'The computer plays South and you play North. South moves first.');
  assert.equal(
    said(en, 'ritual.done', 'p1', { south: 'Player 1', north: 'Player 2', first: 'North' }),
    'Player 1 plays South and Player 2 plays North. North moves first.',
  );
  assert.equal(said(it, 'ritual.done', 'you', { first: 'Sud' }), 'Tu giochi a Sud e il computer a Nord. Muove per primo Sud.');
  // Every per-person key has all three persons in every language.
  for (const lang of /** @type {const} */ (['en', 'it', 'el', 'fil', 'tr'])) {
    const m = messages(lang);
    for (const key of [
      'player.toMove',
      'narrate.turn',
      'split.title',
      'split.text',
      'split.accepted',
      'split.declined',
      'ritual.guessed',
      'ritual.rightGuess',
      'ritual.wrongGuess',
      'ritual.done',
      'end.wins',
      'end.line',
    ]) {
      for (const who of ['you', 'computer', 'p1']) {
        const text = said(m, key, who, {
          side: 'S',
          score: '1–0',
          reason: 'r',
          guess: 'g',
          left: 'L',
          half: 'H',
          first: 'F',
          south: 'A',
          north: 'B',
        });
        assert.doesNotMatch(text, /\{|^[a-z]+\.[a-z]/, `${lang} ${key} ${who}: ${text}`);
      }
    }
  }
});

test('the split offer asks "you" in the second person; Greek takes its seeds in the accusative (AM-9)', () => {
  const g = game({ board: [2, 0, 4, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0] });
  assert.deepEqual(splitOffer(en, AGAINST, g, 'north'), {
    title: 'The computer (North) proposes to split the board',
    text: '12 seeds are left on the board; each player would take 6 seeds and the game would end. Do you accept?',
  });
  assert.deepEqual(splitOffer(el, TWO, g, 'south'), {
    title: 'Ο Παίκτης 2 (Νότος) προτείνει να μοιραστεί το ταμπλό',
    text: 'Στο ταμπλό έχουν μείνει 12 σπόροι· ο καθένας θα έπαιρνε 6 σπόρους και το παιχνίδι θα τελείωνε. Παίκτης 1 (Βορράς), δέχεσαι;',
  });
  assert.equal(splitAnswer(en, AGAINST, 'south', false), 'You decline the split; play goes on.');
  assert.equal(splitAnswer(en, AGAINST, 'north', true), 'The computer accepts the split.');
  assert.equal(splitAnswer(it, AGAINST, 'south', false), 'Rifiuti la spartizione; si continua a giocare.');
});

test('an unknown player id in a seat is named by its side, never "player.zzz"', () => {
  /** @type {Seating} */
  const odd = { mode: 'two', human: 'south', level: 2, players: { south: 'zzz', north: 'p2' } };
  assert.equal(playerName(en, odd, 'south'), 'South');
  // And the autosave drops players that are no pair its mode seats (the page then seats the defaults).
  assert.deepEqual(
    parseAutosave(JSON.stringify({ save: '{}', seating: { mode: 'two', players: { south: 'zzz', north: 'p2' } } })).seating,
    { mode: 'two' },
  );
  assert.deepEqual(
    parseAutosave(
      JSON.stringify({ save: '{}', seating: { mode: 'computer', human: 'south', players: { south: 'computer', north: 'you' } } }),
    ).seating,
    {
      mode: 'computer',
      human: 'north',
      players: { south: 'computer', north: 'you' },
    },
  );
});

/** The last four of an Anywoli game going to South pit by pit, as the engine's trace settles them (AW-6, AW-7). */
const LAST_FOUR = /** @type {import('../../www/js/engine.js').Step[]} */ ([
  { type: 'lift', pit: 3, seeds: 2, lap: 1 },
  { type: 'sow', pit: 4 },
  { type: 'sow', pit: 5 },
  { type: 'capture', pit: 5, seeds: 4, to: 'south', kind: 'final' },
  { type: 'capture', pit: 4, seeds: 1, to: 'south', kind: 'settle' },
  { type: 'capture', pit: 9, seeds: 1, to: 'south', kind: 'settle' },
  { type: 'capture', pit: 15, seeds: 2, to: 'south', kind: 'settle' },
  { type: 'end', end: { winner: 'south', reason: 'four-left' } },
]);

test('Anywoli: the last-four banner gives the last 4 seeds to the player, not "1 seed" (AW-7)', () => {
  const after = game({ variant: 'anywoli', pitsPerRow: 12, toMove: null, end: { winner: 'south', reason: 'four-left' } });
  const settles = LAST_FOUR.filter((s) => s.type === 'capture' && s.kind === 'settle');
  assert.deepEqual(
    settles.map((s) => banner(en, s, after, LAST_FOUR, AW)),
    Array(3).fill('South takes the last 4 seeds'),
  );
  assert.equal(banner(it, settles[0], after, LAST_FOUR, AW), 'Sud prende gli ultimi 4 semi');
  assert.equal(banner(el, settles[0], after, LAST_FOUR, AW), 'Ο Νότος παίρνει τους τελευταίους 4 σπόρους');
  assert.equal(banner(en, LAST_FOUR[3], after, LAST_FOUR, AW), 'South captures 4 seeds');
  // Drawn by lot: the lot's number and side.
  const lot = game({ ...after, options: { lastFour: 'lot', lotSeed: 5 }, lot: 'north' });
  assert.equal(banner(en, settles[0], lot, LAST_FOUR, AW), 'By lot (number 5), North takes the last four');
  // The narration sums them too.
  const before = game({ variant: 'anywoli', pitsPerRow: 12, toMove: 'south' });
  assert.equal(
    describeMove(en, before, 3, LAST_FOUR, { winner: 'south', reason: 'four-left' }, false),
    'South sowed d: 1 lap, ending in pit f. South captured 4 seeds. South took 4 seeds left on the board. The game is over.',
  );
  assert.equal(
    describeMove(el, before, 3, LAST_FOUR, { winner: 'south', reason: 'four-left' }, true),
    'Ο Νότος θα έσπερνε τον λάκκο d: 1 γύρος, με τέλος στον λάκκο f. Ο Νότος θα αιχμαλώτιζε 4 σπόρους. ' +
      'Ο Νότος θα έπαιρνε 4 σπόρους που έμειναν στο ταμπλό. Εδώ θα τελείωνε το παιχνίδι.',
  );
});

test("a refusal is said in the player's language, never in a library's words", () => {
  /** @param {string} code @param {Record<string, string | number>} params @param {string} message the engine's English */
  const refusal = (code, params, message) => Object.assign(new Error(message), { code, params });
  const serde = refusal(
    'position',
    { detail: 'invalid type: string "-6", expected u32' },
    'the position is malformed: invalid type: string "-6", expected u32',
  );
  assert.equal(readError(en, serde), "the saved game's start position is damaged");
  assert.equal(readError(it, serde), 'la posizione di partenza della partita salvata è danneggiata');
  assert.equal(readError(en, new Error('unknown variant `east`, expected `south` or `north`')), 'the game could not be read');
  assert.equal(readError(el, 'boom'), 'η παρτίδα δεν μπόρεσε να διαβαστεί');
  // A move named as the link wrote it, and the rule it breaks in words.
  const illegal = refusal('illegal', { number: 2, text: '9', why: 'empty-pit' }, 'move 2 ("9") cannot be played: that pit is empty');
  assert.equal(readError(en, illegal, ['c', 'B', 'b']), 'move 2 ("B") cannot be played: that pit is empty');
  assert.equal(readError(it, illegal), 'la mossa 2 («9») non si può giocare: la buca è vuota');
  // A broken autosave: JSON.parse's words never reach the player.
  let broken;
  try {
    parseAutosave('{"save": ');
  } catch (err) {
    broken = err;
  }
  assert.equal(readError(en, broken), 'the saved game is damaged and cannot be read');
  assert.equal(readError(el, broken), 'η αποθηκευμένη παρτίδα είναι κατεστραμμένη και δεν διαβάζεται');
});
