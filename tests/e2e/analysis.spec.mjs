// @ts-check
// Analysis mode (issue 11 §4): the Analyse button has a worker of its own search every position of
// the record, the position shown first, while the page stays usable; the panel gives every legal
// move's value and line for the position shown (exact ones marked), the graph one point per
// position (South's value), and the move list marks the moves that lost value (≥ 1 seed an
// inaccuracy ?!, ≥ 3 a mistake ?, ≥ 6 a blunder ??). The record is a Sadeqa III endgame of a share
// link (10 seeds on the board: every value is exact by complete search, AN-1), so each value is
// known; the search has a node budget and no clock (Hard), so it is the same every time.
import { test, expect } from '@playwright/test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { idle, open, play, ready, setSpeed, shown } from './game-helpers.mjs';

/** @typedef {import('@playwright/test').Page} Page */

/** Sadeqa III, South to move (hint.spec's position), then f (−6 where a wins by 4), B (North: −6 where G won by 6), a, A. */
const START = 'game=sadeqa-iii&board=1.1.1.0.0.1.1.0.0.1.0.0.1.1.1.0&stores=43.44&turn=south';
const LINK = `${START}&moves=f.B.a.A`;
const DONE = 'Analysis done: 2 blunders, 1 inaccuracy.';

/**
 * The graph's data and the move list's marks.
 * @param {Page} page
 */
async function analysed(page) {
  const graph = page.locator('#analysis .analysis-graph');
  return {
    values: await graph.getAttribute('data-values'),
    current: await graph.getAttribute('data-current'),
    dots: await graph.locator('circle').evaluateAll((dots) => dots.map((d) => `${d.getAttribute('data-ply')} ${d.getAttribute('class')}`)),
    marks: await page.locator('#moves li').evaluateAll((items) =>
      items.slice(1).map((li) => `${/** @type {HTMLElement} */ (li).dataset.judgement ?? '-'} ${li.querySelector('.judge')?.textContent ?? ''}`.trim()),
    ),
  };
}

/**
 * Holds the analysis worker's questions (hints of a position of the record) until released, so a
 * test sees the analysis while it runs; the computer player's questions pass.
 * @param {Page} page
 */
async function holdAnalysis(page) {
  await page.addInitScript(() => {
    /** @type {(() => void)[]} */
    const held = [];
    const w = /** @type {any} */ (window);
    w.analysisHeld = true;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (/** @type {any} */ msg, /** @type {any} */ ...rest) {
      if (w.analysisHeld && msg?.type === 'hints' && msg.ply !== undefined) held.push(() => post.call(this, msg, ...rest));
      else post.call(this, msg, ...rest);
    };
    w.releaseAnalysis = () => {
      w.analysisHeld = false;
      for (const send of held.splice(0)) send();
    };
  });
}

test('Analyse: every position of the record valued, the graph, the blunders marked, every move of the position shown (exact)', async ({ page }) => {
  await open(page, LINK);
  const button = page.getByRole('button', { name: 'Analyse' });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('#analysis')).toBeHidden();
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  const status = page.locator('#analysis .analysis-status');
  await expect(status).toHaveText(DONE);
  await expect(page.locator('#live')).toHaveText(new RegExp(`^${DONE.replace('.', '\\.')}\\s?$`));
  // South's value at each position: +4 at the start, f leaves −6 (10 lost), North's B +6 (North's
  // G won by 6: 12 lost), a +4 (h won by 6: 2 lost), and North's A keeps its best, −4.
  expect(await analysed(page)).toEqual({
    values: '4,-6,6,4,4',
    current: '4',
    dots: ['0 dot', '1 dot blunder', '2 dot blunder', '3 dot inaccuracy', '4 dot current'],
    marks: ['blunder ??', 'blunder ??', 'inaccuracy ?!', '-'],
  });
  // The graph's text alternative: each move's mark and the value it left, said with the move.
  const moves = page.locator('#moves button');
  await expect(moves.nth(1)).toHaveAccessibleDescription('blunder: 10 seeds lost; South: loses by 6 seeds');
  await expect(moves.nth(2)).toHaveAccessibleDescription('blunder: 12 seeds lost; South: wins by 6 seeds');
  await expect(moves.nth(3)).toHaveAccessibleDescription('inaccuracy: 2 seeds lost; South: wins by 4 seeds');
  await expect(moves.nth(4)).toHaveAccessibleDescription('South: wins by 4 seeds');
  // The position shown (after move 4): South's three moves, best first, each with its line.
  await expect(page.locator('#analysis .analysis-at')).toHaveText("After move 4: South to move, each move's value for South");
  // (Each line starts with its move; what follows is the search's and may change with it.)
  await expect(page.locator('#analysis .analysis-moves li')).toHaveText([
    /^d: wins by 4 seeds \(exact\); line d\b/,
    /^h: loses by 6 seeds \(exact\); line h\b/,
    /^c: loses by 8 seeds \(exact\); line c\b/,
  ]);
  // A click on the graph's first point goes to the start; the analysis follows (f was played there).
  await page.locator('#analysis .analysis-graph circle[data-ply="0"]').click();
  await idle(page);
  expect((await shown(page)).ply).toBe(0);
  await expect(page.locator('#analysis .analysis-at')).toHaveText("Start: South to move, each move's value for South");
  await expect(page.locator('#analysis .analysis-moves li')).toHaveText([
    /^a: wins by 4 seeds \(exact\); line a\b[^(]*$/,
    /^c: wins by 4 seeds \(exact\); line c\b[^(]*$/,
    /^g: wins by 4 seeds \(exact\); line g\b[^(]*$/,
    /^b: a draw \(exact\); line b\b[^(]*$/,
    /^f: loses by 6 seeds \(exact\); line f\b.* \(played\)$/,
  ]);
  expect((await analysed(page)).dots[0]).toBe('0 dot current');
  // Redo steps on: move 1's position, North to move (values for North).
  await page.getByRole('button', { name: 'Redo' }).click();
  await idle(page);
  await expect(page.locator('#analysis .analysis-at')).toHaveText("After move 1: North to move, each move's value for North");
  await expect(page.locator('#analysis .analysis-moves li').first()).toHaveText(/^G: wins by 6 seeds \(exact\); line G/);
  // Pressed again: off, the marks gone from the move list.
  await button.click();
  await expect(page.locator('#analysis')).toBeHidden();
  expect((await analysed(page)).marks).toEqual(['-', '-', '-', '-']);
  await expect(moves.nth(1)).toHaveAccessibleDescription('');
});

test('progress while it runs, the page usable meanwhile; a move played starts it again; Stop and Continue', async ({ page }) => {
  await holdAnalysis(page);
  await open(page, `${START}&moves=f.B.a`);
  await setSpeed(page, 'instant');
  await page.getByRole('button', { name: 'Analyse' }).click();
  const status = page.locator('#analysis .analysis-status');
  await expect(status).toHaveText('Analysing position 1 of 4…');
  await expect(page.locator('#analysis .analysis-bar')).toBeVisible();
  const stop = page.locator('#analysis .analysis-stop');
  await expect(stop).toHaveText('Stop');
  // North plays A (pit 8) while the analysis runs: the record changes, the analysis starts again.
  expect((await shown(page)).legal).toContain(8);
  // `play` waits for the new ply: the board's attributes follow in the next frame, so `idle` alone can pass before the move.
  await play(page, 8);
  expect((await shown(page)).ply).toBe(4);
  await expect(status).toHaveText('Analysing position 1 of 5…');
  await stop.click();
  await expect(status).toHaveText('Stopped: 0 of 5 positions analysed.');
  await expect(stop).toHaveText('Continue');
  await expect(page.locator('#analysis .analysis-bar')).toBeHidden();
  // The answers asked for before the stop are dropped; Continue asks again.
  await page.evaluate(() => /** @type {any} */ (window).releaseAnalysis());
  await expect(status).toHaveText('Stopped: 0 of 5 positions analysed.');
  await stop.click();
  await expect(status).toHaveText(DONE);
  await expect(stop).toBeHidden();
  expect((await analysed(page)).values).toBe('4,-6,6,4,4');
});

test("against the computer the graph and the notes give the human's values (here North's)", async ({ page }) => {
  // North (the human) to move after South's f: the computer waits.
  await open(page, `${START}&moves=f&mode=computer&side=north&level=1`);
  await page.getByRole('button', { name: 'Analyse' }).click();
  await expect(page.locator('#analysis .analysis-status')).toHaveText('Analysis done: 1 blunder.');
  expect((await analysed(page)).values).toBe('-4,6');
  await expect(page.locator('#moves button').nth(1)).toHaveAccessibleDescription('blunder: 10 seeds lost; North: wins by 6 seeds');
  await expect(page.locator('#analysis .analysis-legend')).toHaveText(/^The graph: North's value at each position/);
});

test('in Italian: the panel, the marks and the summary', async ({ page }) => {
  await page.goto(`./?lang=it#${LINK}`);
  await ready(page);
  await page.locator('#start[data-coming]').waitFor({ state: 'detached' });
  if (await page.locator('#start[open]').count()) await page.locator('#start-close').click();
  await page.getByRole('button', { name: 'Analizza' }).click();
  await expect(page.locator('#analysis h2')).toHaveText('Analisi');
  await expect(page.locator('#analysis .analysis-status')).toHaveText('Analisi completata: 2 errori gravi, 1 imprecisione.');
  await expect(page.locator('#moves button').nth(1)).toHaveAccessibleDescription('errore grave: 10 semi persi; Sud: perde di 6 semi');
  await expect(page.locator('#analysis .analysis-moves li').first()).toHaveText(/^d: vince di 4 semi \(esatto\); linea d$/);
});

test('the single file analyses too (its own worker from the file)', async ({ page }) => {
  const dist = process.env.DIST_DIR ?? fileURLToPath(new URL('../../dist/', import.meta.url));
  await page.goto(`${pathToFileURL(path.join(dist, 'mancala-atlas.html')).href}#${LINK}`);
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
  await idle(page);
  await page.locator('#start[data-coming]').waitFor({ state: 'detached' });
  if (await page.locator('#start[open]').count()) await page.locator('#start-close').click();
  await page.getByRole('button', { name: 'Analyse' }).click();
  await expect(page.locator('#analysis .analysis-status')).toHaveText(DONE);
  expect((await analysed(page)).values).toBe('4,-6,6,4,4');
});
