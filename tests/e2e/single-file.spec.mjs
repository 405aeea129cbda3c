// @ts-check
// The single-file build (issue 6): dist/mancala-atlas.html opened from disk (file://) plays the
// whole game, computer player included, without requesting anything: every module, text and the
// wasm are inlined, and the computer's worker is a Blob of the file's own script.
import { test, expect } from '@playwright/test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { clickPit, idle, shown } from './game-helpers.mjs';

const dist = process.env.DIST_DIR ?? fileURLToPath(new URL('../../dist/', import.meta.url));
const file = path.join(dist, 'mancala-atlas.html');
const single = pathToFileURL(file).href;

test.beforeEach(() => {
  expect(existsSync(file), `${file} is missing: \`cargo xtask dist\` printed why it skipped it`).toBe(true);
});

test('the single file plays a move against the computer from file://', async ({ page }) => {
  /** @type {string[]} */
  const requests = [];
  /** @type {string[]} */
  const errors = [];
  page.context().on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('worker', (worker) => worker.on('console', (m) => m.type() === 'error' && errors.push(`worker: ${m.text()}`)));

  // South is the player, North the computer (level 1); free choice, so no move plays itself (MG-4).
  await page.goto(`${single}#game=mangala-iv&free=1&mode=computer&side=south&level=1`);
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
  await idle(page);
  await page.locator('#speed').selectOption('instant');
  const start = await shown(page);
  expect({ variant: start.variant, ply: start.ply, toMove: start.toMove, seeds: start.board.reduce((a, b) => a + b, 0) }).toEqual({
    variant: 'mangala-iv',
    ply: 0,
    toMove: 'south',
    seeds: 98,
  });
  const workers = page.waitForEvent('worker');
  await clickPit(page, start.legal[0]);
  // The player's move, then the computer's answer from its worker.
  await expect(page.locator('#board')).toHaveAttribute('data-ply', '2');
  await idle(page);
  expect((await workers).url()).toMatch(/^blob:/);
  const after = await shown(page);
  expect(after.board.reduce((a, b) => a + b, 0) + after.stores.reduce((a, b) => a + b, 0)).toBe(98);
  expect(after.toMove).toBe('south');
  // The rules texts, fetched on first use elsewhere, are inlined too (issue 13 §5).
  await page.locator('#btn-rules').click();
  await expect(page.locator('#rules-body strong')).toHaveText('2 × 7 pits, 98 seeds, no stores');
  await page.locator('#rules-close').click();
  // Hints (a module loaded on first use, computed in the worker) come from the file too.
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.locator('#hint .hint-list li')).toHaveCount(after.legal.length);

  expect(errors).toEqual([]);
  const elsewhere = requests.filter((url) => !/^(file|data|blob):/.test(url));
  expect(elsewhere).toEqual([]);
  expect(requests.filter((url) => url.startsWith('file:'))).toEqual([page.url().split('#')[0]]);
});

test('the single file allows only its own inline script and styles', async ({ page }) => {
  await page.goto(single);
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toMatch(
    /^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/]{43}=' 'wasm-unsafe-eval'; style-src( 'sha256-[A-Za-z0-9+/]{43}=')+; img-src data:; worker-src blob:; base-uri 'none'; form-action 'none'$/,
  );
  // No module script, stylesheet link or manifest left to load.
  expect(await page.locator('script[src], link[rel="stylesheet"], link[rel="manifest"], link[rel="modulepreload"]').count()).toBe(0);
});
