// @ts-check
// The first load (issue 13 §5): the rules texts (`i18n/rules.<lang>.json`) are not part of it.
// They are fetched when first needed — the rules panel, the New game dialog, a first visit's
// welcome once the board has been drawn — in the page's language, and then once only.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { idle, lookAround, ready } from './game-helpers.mjs';

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

test('a first visit draws the board before it fetches the welcome\'s texts', async ({ page }) => {
  const seen = rulesRequests(page);
  // What <html data-ready> said when the page asked for a rules file.
  await page.addInitScript(() => {
    const w = /** @type {any} */ (window);
    const fetch = w.fetch;
    w.readyAtRules = [];
    w.fetch = (/** @type {RequestInfo | URL} */ input, /** @type {RequestInit | undefined} */ init) => {
      if (/rules\.[a-z]+\.json$/.test(String(input))) w.readyAtRules.push(document.documentElement.dataset.ready ?? 'unset');
      return fetch(input, init);
    };
  });
  await page.goto('./');
  await expect(page.locator('#start')).toBeVisible();
  await expect(page.locator('#start .start-card .facts').first()).toHaveText(rules('en')['mangala-iv'].summary);
  await expect(page.locator('#start .start-card .region').first()).toHaveText(rules('en')['mangala-iv'].region);
  expect(await page.evaluate(() => /** @type {any} */ (window).readyAtRules)).toEqual(['true']);
  expect(seen).toEqual(['rules.en.json']);
  // The New game dialog reads the texts already fetched.
  await lookAround(page);
  await idle(page);
  await page.locator('#btn-new').click();
  await expect(page.locator('#chooser .card .region').first()).toHaveText(rules('en')['mangala-iv'].region);
  expect(seen).toEqual(['rules.en.json']);
});
