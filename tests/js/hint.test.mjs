// @ts-check
// Hints in words (issue 11 §4), with the real string tables: a decided game's margin, the
// search's estimate, exact values marked, what a move captures, gives, leaves open and whether it
// moves again, best first; and the key that ties hints to one position.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import './engine.mjs';
import { Messages } from '../../www/js/i18n.js';
import { effectWords, hintLine, hintSummary, positionKey, ranked, seedsOf, valueBadge, valueWords } from '../../www/js/hint.js';

/** @typedef {import('../../www/js/computer.js').Hint} Hint */

/** @param {string} lang */
const table = (lang) => JSON.parse(readFileSync(new URL(`../../www/i18n/${lang}.json`, import.meta.url), 'utf8'));
const english = table('en');
const en = new Messages('en', english, english);
const it = new Messages('it', table('it'), english);

/**
 * A legal move's hint.
 * @param {Partial<Hint>} given
 * @returns {Hint}
 */
const hint = (given) => ({
  pit: 0,
  score: 0,
  best: false,
  exact: false,
  pv: [],
  captures: 0,
  gives: 0,
  extraMove: false,
  exposes: 0,
  illegal: null,
  ...given,
});

test("a decided game's score is its final margin; any other is the search's estimate, to a tenth", () => {
  assert.deepEqual(seedsOf(100_400), { decided: true, seeds: 4 });
  assert.deepEqual(seedsOf(-100_600), { decided: true, seeds: -6 });
  assert.deepEqual(seedsOf(149), { decided: false, seeds: 1.5 });
  assert.deepEqual(seedsOf(-230), { decided: false, seeds: -2.3 });
  assert.deepEqual(seedsOf(0), { decided: false, seeds: 0 });
});

test('values in words and on the pits: exact ones end in ✓, estimates start with ≈ and are whole seeds on a pit', () => {
  const win = hint({ score: 100_400, exact: true });
  const loss = hint({ score: -100_100, exact: true });
  const draw = hint({ score: 0, exact: true });
  const ahead = hint({ score: 149 });
  const behind = hint({ score: -100 });
  assert.deepEqual(
    [win, loss, draw, ahead, behind, hint({ score: 0 })].map((h) => [valueWords(en, h), valueBadge(en, h)]),
    [
      ['wins by 4 seeds', '+4\u2009\u2713'],
      ['loses by 1 seed', '\u22121\u2009\u2713'],
      ['a draw', '0\u2009\u2713'],
      ['about 1.5 seeds ahead', '\u2248+2'],
      ['about 1 seed behind', '\u2248\u22121'],
      ['about even', '\u22480'],
    ],
  );
  assert.equal(valueWords(it, ahead), 'circa 1,5 semi di vantaggio');
  assert.equal(valueBadge(it, hint({ score: -2340 })), '\u2248\u221223');
});

test('what a move does at once: captures, gives, moves again, leaves open; or nothing', () => {
  assert.equal(effectWords(en, hint({})), 'takes nothing at once');
  assert.equal(
    effectWords(en, hint({ captures: 3, gives: 1, extraMove: true, exposes: 5 })),
    'captures 3 seeds, gives the opponent 1 seed, moves again, leaves 5 seeds open to capture',
  );
  assert.equal(effectWords(it, hint({ captures: 1, exposes: 2 })), 'cattura 1 seme, lascia 2 semi esposti alla cattura');
});

test('the list, best first, names each pit by its letter (Sadeqa III, 8 pits a row)', () => {
  const hints = [
    hint({ pit: 5, score: -100_600, exact: true, exposes: 1 }),
    hint({ pit: 0, score: 100_400, best: true, exact: true, captures: 1, exposes: 1 }),
    hint({ pit: 1, score: null, illegal: 'empty-pit' }),
    hint({ pit: 6, score: 100_400, best: true, exact: true, exposes: 1 }),
    hint({ pit: 2, score: 0, exact: false }),
  ];
  assert.deepEqual(
    ranked(hints).map((h) => hintLine(en, h, 8)),
    [
      'a: wins by 4 seeds with best play (exact); captures 1 seed, leaves 1 seed open to capture',
      'g: wins by 4 seeds with best play (exact); leaves 1 seed open to capture',
      'c: about even, as far as the search sees; takes nothing at once',
      'f: loses by 6 seeds with best play (exact); leaves 1 seed open to capture',
    ],
  );
  assert.equal(hintSummary(en, hints, 8), 'Best move: a, g — wins by 4 seeds.');
  assert.equal(hintSummary(en, [], 8), 'There is no move to hint at here.');
});

test('hints belong to one position: the game, its start and the moves up to the one shown', () => {
  const g = /** @type {any} */ ({ variant: 'anywoli', start: null, ply: 2, moves: [{ move: '3' }, { move: '14' }, { move: '5' }] });
  assert.equal(positionKey(g), 'anywoli null 3.14');
  assert.notEqual(positionKey({ ...g, ply: 1 }), positionKey(g));
  assert.notEqual(positionKey({ ...g, start: { board: [1], stores: { south: 0, north: 0 }, turn: 'south' } }), positionKey(g));
});
