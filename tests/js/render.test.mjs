// @ts-check
// The board's geometry without a browser (render.js layout): each pit's name is placed from the
// pits' own positions, in every orientation, and the board fits the room it is given.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layout } from '../../www/js/geometry.js';
import './engine.mjs';
import { pitLetter } from '../../www/js/catalog.js';

/** @typedef {import('../../www/js/geometry.js').Geometry} Geometry */

/** Indices of South's row and North's row. @param {number} n */
const rows = (n) => ({
  south: [...Array(n).keys()],
  north: [...Array(n).keys()].map((i) => n + i),
});

/**
 * Every pit's label names it (state.js pitLetter), lies next to its own pit on the side of the
 * other row, and its plate overlaps neither the other row's plates nor any pit's count chip
 * (approximated by a chip of the same font as render.js chipRect, 1.7 fonts wide).
 * @param {Geometry} g
 */
function expectLabelsBesidePits(g) {
  const { n, labels, pits, chips, labelPlate: plate } = g;
  assert.deepEqual(
    labels.map((l) => l.text),
    [...Array(2 * n).keys()].map((i) => pitLetter(i, n)),
  );
  const along = g.vertical ? 'y' : 'x';
  const across = g.vertical ? 'x' : 'y';
  for (let i = 0; i < 2 * n; i++) {
    const opposite = pits[2 * n - 1 - i];
    // On the line through the pit and its opposite, between the two.
    assert.ok(Math.abs(labels[i][along] - pits[i][along]) < 1e-9, `label ${i} is in line with its pit`);
    const t = (labels[i][across] - pits[i][across]) / (opposite[across] - pits[i][across]);
    assert.ok(t > 0 && t < 0.5, `label ${i} is on its own pit's side of the gap between the rows (${t})`);
    // Clear of the other row's label.
    const other = labels[2 * n - 1 - i];
    const room = g.vertical ? plate.w : plate.h;
    assert.ok(Math.abs(other[across] - labels[i][across]) >= room, `labels ${i} and ${2 * n - 1 - i} do not overlap`);
    // Clear of every count chip.
    const font = Math.max(12, Math.round(g.u * 0.22));
    for (const c of chips) {
      const dx = Math.abs(c.x - labels[i].x) - (font * 1.7 + plate.w) / 2;
      const dy = Math.abs(c.y - labels[i].y) - (font * 1.35 + plate.h) / 2;
      assert.ok(dx > 0 || dy > 0, `label ${i} overlaps a count chip`);
    }
  }
}

test("C-1: flat, South nearest: a … at South's left, A … from the right as South sees it", () => {
  const g = layout(7, false, 900, 600);
  assert.equal(g.vertical, false);
  const { south, north } = rows(7);
  expectLabelsBesidePits(g);
  // South's row is the lower one, run left to right; North's the upper one, run right to left.
  const xs = (/** @type {number[]} */ ids) => ids.map((i) => g.labels[i].x);
  assert.deepEqual(
    xs(south),
    [...xs(south)].sort((a, b) => a - b),
  );
  assert.deepEqual(
    xs(north),
    [...xs(north)].sort((a, b) => b - a),
  );
  assert.equal(g.labels[0].text, 'a');
  assert.equal(Math.min(...xs(south)), g.labels[0].x);
  assert.equal(g.labels[7].text, 'A');
  assert.equal(Math.max(...xs(north)), g.labels[7].x);
  assert.ok(g.labels[0].y > g.labels[7].y);
  // The names are on the board, between the rows.
  assert.ok(g.labels.every((l) => l.y > g.pits[7].y && l.y < g.pits[0].y));
});

test("C-1: flipped (the human plays North): A at the viewer's left, a at the top right", () => {
  const g = layout(8, false, 900, 600, { flipped: true });
  expectLabelsBesidePits(g);
  const { south, north } = rows(8);
  const xs = (/** @type {number[]} */ ids) => ids.map((i) => g.labels[i].x);
  assert.equal(g.labels[8].text, 'A');
  assert.equal(Math.min(...xs(north)), g.labels[8].x);
  assert.deepEqual(
    xs(north),
    [...xs(north)].sort((a, b) => a - b),
  );
  assert.equal(Math.max(...xs(south)), g.labels[0].x);
  assert.ok(g.labels[8].y > g.labels[0].y, "North's names are nearest the viewer");
});

test("C-1: upright on a phone: South's row on the left, a at the top; A at the bottom right", () => {
  const g = layout(12, true, 367, 500, { touch: true });
  assert.equal(g.vertical, true);
  expectLabelsBesidePits(g);
  const { south, north } = rows(12);
  const ys = (/** @type {number[]} */ ids) => ids.map((i) => g.labels[i].y);
  assert.deepEqual(
    ys(south),
    [...ys(south)].sort((a, b) => a - b),
  );
  assert.equal(Math.min(...ys(south)), g.labels[0].y);
  assert.equal(Math.max(...ys(north)), g.labels[12].y);
  assert.ok(g.labels[0].x < g.labels[12].x);
  // Upright and flipped: South's row on the right, a at the bottom.
  const f = layout(12, true, 367, 500, { touch: true, flipped: true });
  assert.equal(f.vertical, true);
  expectLabelsBesidePits(f);
  assert.equal(Math.max(...south.map((i) => f.labels[i].y)), f.labels[0].y);
  assert.ok(f.labels[0].x > f.labels[12].x);
});

test('the names are legible: at least 10 px, at most 16 px', () => {
  for (const [n, stores, width, room] of /** @type {const} */ ([
    [12, true, 312, 200],
    [7, false, 1200, 800],
    [8, false, 600, 300],
  ])) {
    const { font } = layout(n, stores, width, room, { trays: false }).labelPlate;
    assert.ok(font >= 10 && font <= 16, `${font}px`);
  }
});

test('a board that must fit (an embed) never takes more than its room; the site keeps touchable pits', () => {
  for (const [n, stores] of /** @type {const} */ ([
    [7, false],
    [8, false],
    [12, true],
  ])) {
    for (const width of [312, 382, 592, 892]) {
      const g = layout(n, stores, width, 200, { trays: false });
      assert.ok(g.height <= 200 + 1e-9, `${n} pits, ${width} px wide: ${g.height} px high`);
      assert.ok(g.board.x >= 0 && g.board.x + g.board.w <= width + 1e-9);
    }
  }
  // On a phone the upright Anywoli board scrolls rather than shrink its pits below a 46 px pitch.
  assert.equal(layout(12, true, 367, 400, { touch: true }).u, 46);
});

test("a tray's count sits inside its tray", () => {
  for (const opts of [{}, { flipped: true }]) {
    for (const width of [900, 367]) {
      const g = layout(7, false, width, 1000, { touch: true, ...opts });
      assert.ok(g.trays && g.bankChips);
      const font = Math.max(12, Math.round(g.u * 1.15 * 0.22));
      for (const side of /** @type {const} */ (['south', 'north'])) {
        const t = g.banks[side];
        const c = g.bankChips[side];
        // A two-digit chip (its text is never turned): about 2 fonts wide, 1.35 high.
        const [hw, hh] = [font * 1.0, font * 0.675];
        assert.ok(c.x - hw >= t.x && c.x + hw <= t.x + t.w, `${side} chip inside its tray across (${width} px)`);
        assert.ok(c.y - hh >= t.y && c.y + hh <= t.y + t.h, `${side} chip inside its tray along (${width} px)`);
      }
    }
  }
});
