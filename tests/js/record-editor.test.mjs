// @ts-check
// The position editor's layout and count (editor.js, issue 11 §4): its fields are laid out as the
// board is drawn (North's row on top from North's left, as South sees it: right to left, C-1), and
// it counts the seeds of board and stores, which the engine then checks against the game's (C-7).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import './engine.mjs';
import { rows, seedCount } from '../../www/js/editor.js';
import { pitLetter } from '../../www/js/catalog.js';

test("the editor's rows are the board's (C-1): North's H…A over South's a…h in Sadeqa III", () => {
  const [top, bottom] = rows(8);
  assert.deepEqual(top, [15, 14, 13, 12, 11, 10, 9, 8]);
  assert.deepEqual(bottom, [0, 1, 2, 3, 4, 5, 6, 7]);
  assert.equal(top.map((p) => pitLetter(p, 8)).join(''), 'HGFEDCBA');
  assert.equal(bottom.map((p) => pitLetter(p, 8)).join(''), 'abcdefgh');
});

test('the seeds of a position: board and stores (C-7)', () => {
  assert.equal(seedCount({ board: [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0], stores: { south: 48, north: 48 }, turn: 'south' }), 98);
});
