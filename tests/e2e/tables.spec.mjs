// @ts-check
// Endgame tables in the browser (issue 11 §1): the site ships each game's default tables as a
// file (`tables/<game>.bin`, made by `mancala tables --shipped`). None is part of the first load:
// the computer's worker fetches a game's file when a position first comes within it and not
// within the quick tables it builds itself, decodes it, and the hint's values are exact from it
// (AN-1); the service worker keeps the file, so the hint is exact again offline. A damaged file is
// refused quietly: the hint is searched as before.
import { test, expect } from '@playwright/test';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { idle, lookAround, ready, shown } from './game-helpers.mjs';
import { serve } from './static-server.mjs';

const dist = process.env.DIST_DIR ?? fileURLToPath(new URL('../../dist/', import.meta.url));

/** Mangala IV with free choice (MG-4), South to move, 11 seeds on the board: within its tables. */
const LINK = 'game=mangala-iv&free=1&board=2.1.0.1.0.1.0.0.2.0.1.1.0.2&stores=44.43&turn=south';

/**
 * What the hint says of each legal move, exact from the tables: `mancala analyse --table-seeds 11`
 * gives d +3, a +1, b +1, f −1 from the board (AN-1), and South's store is one seed ahead.
 */
const EXACT = [
  'd: wins by 4 seeds with best play (exact); leaves 2 seeds open to capture',
  'a: wins by 2 seeds with best play (exact); leaves 3 seeds open to capture',
  'b: wins by 2 seeds with best play (exact); leaves 3 seeds open to capture',
  'f: a draw with best play (exact); leaves 3 seeds open to capture',
];

/** Decoding takes seconds in the worker. */
const DECODED = { timeout: 90_000 };

/**
 * A copy of dist/ served by a server of the test's own (the shared dist/ may be rebuilt at any
 * moment), `change` applied to it first.
 * @param {(dir: string) => Promise<void>} [change]
 */
async function snapshot(change) {
  const work = await mkdtemp(path.join(tmpdir(), 'atlas-tables-'));
  const dir = path.join(work, 'site');
  await cp(dist, dir, { recursive: true });
  await change?.(dir);
  const site = await serve(dir, '/');
  return {
    site,
    async close() {
      await site.close();
      await rm(work, { recursive: true, force: true });
    },
  };
}

/** The paths asked for under tables/, by the page, its workers or its service worker. @param {import('@playwright/test').BrowserContext} context */
function tablesAsked(context) {
  /** @type {string[]} */
  const asked = [];
  context.on('request', (r) => {
    const at = r.url().indexOf('/tables/');
    if (at >= 0) asked.push(r.url().slice(at + 1));
  });
  return asked;
}

/** Waits until the service worker controls the page. @param {import('@playwright/test').Page} page */
async function controlled(page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
}

/** What the hint says while it waits for a tables file (decoding takes seconds). */
const LOADING = 'Loading the endgame tables for exact values: the first time, this can take a minute…';

/**
 * Asks for the hint and returns what its list says once it is in.
 * @param {import('@playwright/test').Page} page
 * @param {string} [waiting]  what the hint's status says meanwhile
 */
async function hint(page, waiting) {
  await page.getByRole('button', { name: 'Hint' }).click();
  if (waiting) await expect(page.locator('#hint .hint-status')).toHaveText(waiting);
  const items = page.locator('#hint .hint-list li');
  await expect(items).toHaveCount(EXACT.length, DECODED);
  return items.allTextContents();
}

test('an 11-seed Mangala IV position (free choice): the hint is exact from the shipped tables, fetched on first use, and again offline', async ({ page, context }) => {
  test.setTimeout(240_000);
  const copy = await snapshot();
  try {
    const asked = tablesAsked(context);
    await page.goto(`${copy.site.url}#${LINK}`);
    await ready(page);
    await lookAround(page);
    await controlled(page);
    // Not in the first load, nor precached.
    expect(asked).toEqual([]);
    const build = JSON.parse(await readFile(path.join(dist, 'build.json'), 'utf8'));
    expect(build.files.filter((/** @type {string} */ f) => f.startsWith('tables/'))).toEqual([]);
    const firstLoad = build.firstLoad.files.map((/** @type {{path: string}} */ f) => f.path);
    expect(firstLoad).toContain('index.html');
    expect(firstLoad.filter((/** @type {string} */ f) => f.startsWith('tables/'))).toEqual([]);

    expect(await hint(page, LOADING)).toEqual(EXACT);
    expect([...new Set(asked)]).toEqual(['tables/mangala-iv.bin']);
    const cached = await page.evaluate(async () => {
      const urls = [];
      for (const name of await caches.keys()) urls.push(...(await (await caches.open(name)).keys()).map((r) => r.url));
      return urls.filter((u) => u.includes('/tables/')).map((u) => u.slice(u.indexOf('/tables/') + 1));
    });
    expect(cached).toEqual(['tables/mangala-iv.bin']);

    // Offline, a new page (and so new workers): the file comes from the service worker's cache.
    await context.setOffline(true);
    await page.reload();
    await ready(page);
    expect(await hint(page)).toEqual(EXACT);
    await context.setOffline(false);
  } finally {
    await copy.close();
  }
});

test('a damaged tables file is refused quietly: the hint is searched as before, with no error shown', async ({ page, context }) => {
  test.setTimeout(240_000);
  const copy = await snapshot(async (dir) => {
    const file = path.join(dir, 'tables', 'mangala-iv.bin');
    const bytes = await readFile(file);
    bytes[bytes.length >> 1] ^= 0x40;
    await writeFile(file, bytes);
  });
  try {
    /** @type {string[]} */
    const said = [];
    page.on('console', (m) => said.push(`${m.type()}: ${m.text()}`));
    const asked = tablesAsked(context);
    await page.goto(`${copy.site.url}#${LINK}`);
    await ready(page);
    await lookAround(page);
    await expect(page.locator('#notice')).toHaveText('This game was opened from a shared link.');
    const items = await hint(page);
    expect([...new Set(asked)]).toEqual(['tables/mangala-iv.bin']);
    // Every legal move valued, by the search: not all exact as from the tables.
    expect(items.map((t) => t.slice(0, 2)).sort()).toEqual(['a:', 'b:', 'd:', 'f:']);
    expect(items).not.toEqual(EXACT);
    expect(said).toContain('info: endgame tables mangala-iv.bin not used (the tables file is damaged (checksum)): searching without them');
    // The page says only what it says of any shared link.
    await expect(page.locator('#notice')).toHaveText('This game was opened from a shared link.');
    await expect(page.locator('#hint .hint-status')).toHaveText(/^Best move: /);
  } finally {
    await copy.close();
  }
});

test('the single file has no tables files: its worker builds the quick tables, and an 8-seed hint is exact with no request', async ({ page }) => {
  /** @type {string[]} */
  const requests = [];
  /** @type {string[]} */
  const said = [];
  page.context().on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => said.push(`${m.type()}: ${m.text()}`));
  const single = pathToFileURL(path.join(dist, 'mancala-atlas.html')).href;
  // Mangala IV with free choice, 8 seeds: within the worker's quick tables (≤ 8, MG-4).
  await page.goto(`${single}#game=mangala-iv&free=1&board=1.0.2.0.1.0.0.0.1.0.1.0.1.1&stores=45.45&turn=south`);
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
  await idle(page);
  const legal = (await shown(page)).legal;
  expect(legal).toEqual([0, 2, 4]);
  await page.getByRole('button', { name: 'Hint' }).click();
  const items = page.locator('#hint .hint-list li');
  await expect(items).toHaveCount(3, DECODED);
  for (const text of await items.allTextContents()) expect(text).toMatch(/^[ace]: .* \(exact\); /);
  // Within the quick tables no file is asked for.
  expect(said.filter((t) => t.includes('endgame tables'))).toEqual([]);
  expect(requests.filter((url) => !/^(file|data|blob):/.test(url))).toEqual([]);
});
