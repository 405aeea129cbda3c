// @ts-check
// The first load (issue 13 §5): the rules texts (`i18n/rules.<lang>.json`) are not part of it.
// They are fetched when first needed — the rules panel, the New game dialog — in the page's
// language, and then once only; a first visit's welcome needs none (issue 14: its cards' texts
// come with the strings, copied there by `cargo xtask dist`, and it opens before the engine is in).
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { holdWasm, idle, lookAround, ready } from './game-helpers.mjs';

/** @typedef {import('@playwright/test').Page} Page */

/** @param {string} lang */
const rules = (lang) => JSON.parse(readFileSync(new URL(`../../www/i18n/rules.${lang}.json`, import.meta.url), 'utf8'));

/**
 * The rules files the page requests from now on, in order (the service worker's fetches
 * are context-level requests too, so a page and its worker count once each).
 * @param {Page} page
 */
function rulesRequests(page) {
  /** @type {string[]} */
  const seen = [];
  page.on('request', (r) => {
    const m = /\/i18n\/(rules\.[a-z]+\.json)$/.exec(r.url());
    if (m) seen.push(m[1]);
  });
  return seen;
}

test('a share link loads no rules text; the rules panel fetches its language\'s once', async ({ page }) => {
  const seen = rulesRequests(page);
  await page.goto('./?lang=it#game=anywoli&moves=a');
  await ready(page);
  await lookAround(page);
  expect(seen, 'nothing before the board is ready').toEqual([]);
  // The title is the game's name meanwhile (the engine's, the same words in every language).
  await expect(page.locator('#game-title')).toHaveText('Anywoli');
  await page.locator('#btn-rules').click();
  await expect(page.locator('#rules-body strong')).toHaveText(rules('it').anywoli.summary);
  await page.locator('#rules-close').click();
  await page.locator('#btn-rules').click();
  await expect(page.locator('#rules-body strong')).toHaveText(rules('it').anywoli.summary);
  expect(seen).toEqual(['rules.it.json']);
  // Another language brings its own rules, into the panel left open.
  await page.locator('#rules-close').click();
  await page.locator('#lang').selectOption('tr');
  await page.locator('#btn-rules').click();
  await expect(page.locator('#rules-body strong')).toHaveText(rules('tr').anywoli.summary);
  expect(seen).toEqual(['rules.it.json', 'rules.tr.json']);
});

test('a first visit\'s welcome opens before the engine is in, its cards\' texts in the strings: no rules file fetched', async ({ page }) => {
  const seen = rulesRequests(page);
  // The engine is held back: the welcome needs only the strings.
  const release = await holdWasm(page);
  await page.goto('./?lang=it', { waitUntil: 'commit' });
  await expect(page.locator('#start')).toBeVisible();
  const cards = page.locator('#start .start-card');
  await expect(cards).toHaveCount(4);
  for (const [i, id] of ['mangala-iv', 'sadeqa-iii', 'al-manqala', 'anywoli'].entries()) {
    await expect(cards.nth(i).locator('.name')).toHaveText(rules('it')[id].name);
    await expect(cards.nth(i).locator('.facts')).toHaveText(rules('it')[id].summary);
    await expect(cards.nth(i).locator('.region')).toHaveText(rules('it')[id].region);
  }
  await expect(page.locator('#start-close')).toHaveText('Prima dai un\'occhiata');
  await expect(page.locator('#start .start-card button').first()).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.dataset.ready ?? 'unset')).toBe('unset');
  // The board comes under it, the welcome still open and focused where it was.
  release();
  await ready(page);
  await expect(page.locator('#start')).toBeVisible();
  await expect(page.locator('#start .start-card button').first()).toBeFocused();
  await expect(page.locator('#board')).toHaveAttribute('data-variant', 'mangala-iv');
  expect(seen).toEqual([]);
  // The New game dialog fetches the rules texts, once.
  await lookAround(page);
  await idle(page);
  await page.locator('#btn-new').click();
  await expect(page.locator('#chooser .card .region').first()).toHaveText(rules('it')['mangala-iv'].region);
  await page.locator('#chooser-cancel').click();
  await page.locator('#btn-new').click();
  await expect(page.locator('#chooser .card .region').first()).toHaveText(rules('it')['mangala-iv'].region);
  expect(seen).toEqual(['rules.it.json']);
});

/**
 * Counts every opening of the start dialog from the first paint on, in `window.welcomes`.
 * @param {Page} page
 */
async function countWelcomes(page) {
  await page.addInitScript(() => {
    const w = /** @type {any} */ (window);
    w.welcomes = 0;
    document.addEventListener('DOMContentLoaded', () => {
      const dialog = /** @type {HTMLDialogElement} */ (document.getElementById('start'));
      new MutationObserver(() => {
        if (dialog.open) w.welcomes += 1;
      }).observe(dialog, { attributes: true, attributeFilter: ['open'] });
    });
  });
}

/** The page's two next frames. @param {Page} page */
const frames = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

test('a welcome opened before the engine that the session does not take is closed: the game saved meanwhile is shown', async ({ page }) => {
  await countWelcomes(page);
  const release = await holdWasm(page);
  await page.goto('./', { waitUntil: 'commit' });
  await expect(page.locator('#start[open]')).toBeVisible();
  // Another tab saves a game while this one waits for the engine: the session restores it.
  await page.evaluate(() => {
    const save = JSON.stringify({ format: 1, variant: 'anywoli', options: {}, moves: ['1'] });
    localStorage.setItem('mancala-atlas:game', JSON.stringify({ save, seating: { mode: 'two' } }));
  });
  release();
  await ready(page);
  await expect(page.locator('#board')).toHaveAttribute('data-variant', 'anywoli');
  await expect(page.locator('#board')).toHaveAttribute('data-ply', '1');
  await frames(page);
  await expect(page.locator('#start')).toBeHidden();
  expect(await page.evaluate(() => /** @type {any} */ (window).welcomes)).toBe(1);
});

test('a corrupt autosave: no welcome, early or late; the notice says why over a new game', async ({ page }) => {
  await countWelcomes(page);
  await page.addInitScript(() => localStorage.setItem('mancala-atlas:game', '{"save": '));
  await page.goto('./');
  await ready(page);
  await expect(page.locator('#notice')).toHaveText(
    'The saved game could not be restored: the saved game is damaged and cannot be read. A new game was started; the old save is kept.',
  );
  await expect(page.locator('#board')).toHaveAttribute('data-variant', 'mangala-iv');
  await frames(page);
  await expect(page.locator('#start')).toBeHidden();
  expect(await page.evaluate(() => /** @type {any} */ (window).welcomes)).toBe(0);
});

test('the first paint is already the page: a first visit\'s welcome, an embed without the header, before any script', async ({ page }) => {
  // js/first-paint.js, inlined into the page, runs before anything is drawn; main.js never comes.
  await page.route('**/js/main.js', (route) => route.abort());
  const html = page.locator('html');
  await page.goto('./');
  await expect(html).toHaveClass('welcome');
  await expect(page.locator('#start-title')).toHaveText('Welcome to Mancala Atlas');
  await expect(page.locator('#start-intro')).toBeVisible();
  await expect(page.locator('#start-close')).toBeHidden(); // no cards yet: nothing to press
  // An embed: the class that hides the site's header, and no welcome.
  await page.goto('./?embed=1&game=anywoli');
  await expect(html).toHaveClass('embed');
  await expect(page.locator('#start')).toBeHidden();
  // No early welcome where it could be wrong: a game asked for, another language, something stored.
  for (const url of ['./#game=anywoli', './?lang=it', './?game=anywoli']) {
    await page.goto(url);
    await expect(html, url).not.toHaveClass(/welcome/);
    await expect(page.locator('#start'), url).toBeHidden();
  }
  await page.evaluate(() => localStorage.setItem('mancala-atlas:prefs', '{}'));
  await page.goto('./');
  await expect(html).not.toHaveClass(/welcome/);
  await expect(page.locator('#start')).toBeHidden();
});

test('the welcome painted before the scripts opens in place: nothing it drew moves', async ({ page }) => {
  /** @type {() => void} */
  let release = () => {};
  const held = new Promise((resolve) => (release = () => resolve(undefined)));
  await page.route('**/js/main.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('./', { waitUntil: 'commit' });
  const intro = page.locator('#start-intro');
  await expect(intro).toBeVisible();
  const before = await intro.boundingBox();
  expect(await page.locator('#start').evaluate((d) => /** @type {HTMLDialogElement} */ (d).open)).toBe(false);
  release();
  await expect(page.locator('#start[open]')).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/welcome/);
  expect(await intro.boundingBox()).toEqual(before);
  await ready(page);
  expect(await intro.boundingBox()).toEqual(before);
});
