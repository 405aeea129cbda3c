// @ts-check
// Analysis mode's pure parts (issue 11 §4), with the real string tables: a move's mark by the
// seeds it lost (the best move's value less the played one's, for the mover: ≥ 1 an inaccuracy,
// ≥ 3 a mistake, ≥ 6 a blunder), the record's points for the viewer (a decided game's margin,
// the search's estimate, the final margin once over), the graph's scale and the ply a click picks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import './engine.mjs';
import { Messages } from '../../www/js/i18n.js';
import { THRESHOLDS, doneWords, judge, moveLine, moveNote, plyAt, review, runs, scaleGraph } from '../../www/js/review.js';

/** @typedef {import('../../www/js/computer.js').Hint} Hint */

/** @param {string} lang */
const table = (lang) => JSON.parse(readFileSync(new URL(`../../www/i18n/${lang}.json`, import.meta.url), 'utf8'));
const english = table('en');
const en = new Messages('en', english, english);
const it = new Messages('it', table('it'), english);

/**
 * A legal move's hint.
 * @param {number} pit
 * @param {number | null} score
 * @param {Partial<Hint>} [more]
 * @returns {Hint}
 */
const hint = (pit, score, more = {}) => ({
  pit,
  score,
  best: false,
  exact: false,
  pv: [pit],
  captures: 0,
  gives: 0,
  extraMove: false,
  exposes: 0,
  illegal: null,
  ...more,
});

test('a move is marked by the seeds it lost: from 1 an inaccuracy, from 3 a mistake, from 6 a blunder', () => {
  assert.deepEqual(THRESHOLDS, { inaccuracy: 1, mistake: 3, blunder: 6 });
  assert.equal(judge(0), null);
  assert.equal(judge(0.9), null);
  assert.equal(judge(1), 'inaccuracy');
  assert.equal(judge(2.9), 'inaccuracy');
  assert.equal(judge(3), 'mistake');
  assert.equal(judge(5.9), 'mistake');
  assert.equal(judge(6), 'blunder');
  assert.equal(judge(40), 'blunder');
});

/** A three-move Sadeqa III record (8 pits a row): South a (pit 0), North F (pit 10), South b (pit 1). */
const RECORD = {
  pitsPerRow: 8,
  start: null,
  moves: /** @type {const} */ ([
    { move: 0, side: 'south', stores: { south: 3, north: 0 } },
    { move: 10, side: 'north', stores: { south: 3, north: 2 } },
    { move: 1, side: 'south', stores: { south: 9, north: 2 } },
  ]).map((mv) => ({ ...mv, stores: { ...mv.stores } })),
};

test("the record's points are the best value of each position for the viewer; a move's loss is the best less the played, for its mover", () => {
  const found = [
    // South to move: a is best (+2.5), b would keep +1.4.
    [hint(0, 250, { best: true }), hint(1, 140), { ...hint(2, null), illegal: 'empty' }],
    // North to move: F (10) is 3.2 seeds worse than the best, E (11).
    [hint(10, -80), hint(11, 240, { best: true })],
    // South to move: the game is decided, b wins by 6 exactly; c loses by 4.
    [hint(1, 100_600, { best: true, exact: true }), hint(2, -100_400, { exact: true })],
    // Over: South 9, North 2.
    [],
  ];
  const south = review(RECORD, found, 'south');
  assert.deepEqual(south.points, [
    { ply: 0, score: 250, exact: false },
    { ply: 1, score: -240, exact: false },
    { ply: 2, score: 100_600, exact: true },
    { ply: 3, score: 100_700, exact: true },
  ]);
  assert.deepEqual(south.verdicts, [
    { lost: 0, judgement: null },
    { lost: 3.2, judgement: 'mistake' },
    { lost: 0, judgement: null },
  ]);
  // North's view: every value turned round, the losses the same.
  const north = review(RECORD, found, 'north');
  assert.deepEqual(
    north.points.map((p) => p.score),
    [-250, 240, -100_600, -100_700],
  );
  assert.deepEqual(north.verdicts, south.verdicts);
});

test('positions not analysed yet have no point and their moves no verdict; a drawn end is a decided 0', () => {
  const drawn = { ...RECORD, moves: RECORD.moves.map((mv, i) => (i === 2 ? { ...mv, stores: { south: 5, north: 5 } } : mv)) };
  const { points, verdicts } = review(
    drawn,
    [undefined, [hint(10, -100_600, { best: true, exact: true }), hint(12, -100_610, { exact: true })], undefined, []],
    'south',
  );
  assert.deepEqual(points, [
    { ply: 0, score: null, exact: false },
    { ply: 1, score: 100_600, exact: true },
    { ply: 2, score: null, exact: false },
    { ply: 3, score: 100_000, exact: true },
  ]);
  assert.deepEqual(verdicts, [null, { lost: 0, judgement: null }, null]);
});

test("a move the search does not value (Al-manqala's split, AM-9) gets no verdict", () => {
  const split = {
    ...RECORD,
    moves: [{ move: /** @type {'split'} */ ('split'), side: /** @type {const} */ ('south'), stores: { south: 40, north: 58 } }],
  };
  assert.deepEqual(review(split, [[hint(0, 300, { best: true })], []], 'south').verdicts, [null]);
});

test('the graph: plies spread over the width, 0 in the middle, the largest margin (at least 4 seeds) at the padding', () => {
  const points = [
    { ply: 0, score: 200, exact: false },
    { ply: 1, score: null, exact: false },
    { ply: 2, score: -100_800, exact: true },
  ];
  const { range, dots } = scaleGraph(points, 300, 96, 6);
  assert.equal(range, 8);
  assert.deepEqual(dots, [
    { ply: 0, x: 6, y: 48 - (2 / 8) * 42, seeds: 2 },
    { ply: 2, x: 294, y: 90, seeds: -8 },
  ]);
  // Small margins keep the 4-seed scale; estimates round up to a whole seed.
  assert.equal(scaleGraph([{ ply: 0, score: 50, exact: false }], 300, 96, 6).range, 4);
  assert.equal(scaleGraph([{ ply: 0, score: -530, exact: false }], 300, 96, 6).range, 6);
});

test('the line is cut where a position is not analysed yet', () => {
  assert.deepEqual(runs([{ ply: 0 }, { ply: 1 }, { ply: 4 }, { ply: 6 }, { ply: 7 }]), [
    [{ ply: 0 }, { ply: 1 }],
    [{ ply: 4 }],
    [{ ply: 6 }, { ply: 7 }],
  ]);
  assert.deepEqual(runs([]), []);
});

test('a click on the graph picks the nearest position, the padding counting as the ends', () => {
  assert.equal(plyAt(0, 5, 0.02), 0);
  assert.equal(plyAt(1, 5, 0.02), 4);
  assert.equal(plyAt(0.5, 5, 0.02), 2);
  assert.equal(plyAt(0.4, 5, 0.02), 2);
  assert.equal(plyAt(0.3, 5, 0.02), 1);
  assert.equal(plyAt(0.5, 1, 0.02), 0);
});

test("in words: a move's mark and the value it left, the moves of a position with their lines, the summary", () => {
  assert.equal(
    moveNote(en, { lost: 10, judgement: 'blunder' }, { ply: 1, score: -100_600, exact: true }, 'south'),
    'blunder: 10 seeds lost; South: loses by 6 seeds',
  );
  assert.equal(moveNote(en, { lost: 0.4, judgement: null }, { ply: 1, score: 150, exact: false }, 'north'), 'North: about 1.5 seeds ahead');
  assert.equal(
    moveNote(it, { lost: 1, judgement: 'inaccuracy' }, { ply: 1, score: 0, exact: false }, 'south'),
    'imprecisione: 1 seme perso; Sud: più o meno alla pari',
  );
  assert.equal(moveLine(en, hint(6, 100_400, { exact: true, pv: [6, 9, 0] }), 8, false), 'g: wins by 4 seeds (exact); line g B a');
  assert.equal(moveLine(en, hint(9, -230, { pv: [9] }), 8, true), 'B: about 2.3 seeds behind; line B (played)');
  assert.equal(
    doneWords(en, [null, { lost: 7, judgement: 'blunder' }, { lost: 1, judgement: 'inaccuracy' }, { lost: 2, judgement: 'inaccuracy' }]),
    'Analysis done: 1 blunder, 2 inaccuracies.',
  );
  assert.equal(doneWords(en, [{ lost: 0, judgement: null }]), 'Analysis done: no move lost a seed.');
});
