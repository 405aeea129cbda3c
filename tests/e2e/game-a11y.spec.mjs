// @ts-check
// Accessibility: axe finds no WCAG 2.0/2.1 A or AA violation on the page and
// its panels; pits are buttons with names; moves are narrated politely.
import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expectShownIsEngine, open, play, setSpeed, shown } from './game-helpers.mjs';

/** @param {import('@playwright/test').Page} page */
async function violations(page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const scheme of /** @type {const} */ (['light', 'dark'])) {
  test(`axe: no violations on the board, the chooser, the rules and the end panel (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await open(page, 'game=al-manqala&moves=0.13.1');
    expect(await violations(page)).toEqual([]);

    await page.getByRole('button', { name: 'New game' }).first().click();
    await expect(page.locator('#chooser')).toBeVisible();
    await page.locator('#chooser').getByLabel('Against the computer').check();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Rules' }).click();
    await expect(page.locator('#rules')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Propose to split the board' }).click();
    await expect(page.locator('#split-offer')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Accept the split' }).click();
    await expect(page.locator('#end')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}

test('axe: no violations in the embedded views: a game to step through, a set-up puzzle', async ({ page }) => {
  for (const query of [
    'embed=1&mode=view&game=sadeqa-iii&moves=2.9.1&ply=1',
    'embed=1&mode=puzzle&theme=dark&game=al-manqala&board=1.0.0.0.0.0.1.0.0.0.0.0.0.0&stores=48.48',
  ]) {
    await page.goto(`./?${query}`);
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    await expect(page.locator('#board')).toHaveAttribute('data-busy', 'false');
    expect(await violations(page)).toEqual([]);
  }
  await expect(page.getByRole('button', { name: 'Start again' })).toBeVisible();
});

test('axe: no violations during the ritual, on a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await open(page);
  await page.getByRole('button', { name: 'New game' }).first().click();
  await page.locator('#chooser #chooser-ritual').check();
  await page.locator('#chooser').getByRole('button', { name: 'Start' }).click();
  await expect(page.locator('#ritual')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await context.close();
});

test('pits are named buttons, illegal ones disabled, and moves are narrated', async ({ page }) => {
  await open(page, 'game=sadeqa-iii');
  await setSpeed(page, 'instant');
  await expect(page.locator('canvas')).toHaveAttribute('aria-hidden', 'true');
  await expect(page.getByRole('button', { name: 'South pit c, 6 seeds' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'North pit C, 6 seeds' })).toBeDisabled();
  await play(page, 2);
  const s = await shown(page);
  await expect(page.locator('#live')).toHaveAttribute('aria-live', 'polite');
  await expect(page.locator('#live')).toContainText('South sowed c:');
  await expect(page.locator('#live')).toContainText('Player 2 (North) to move.');
  await expect(page.getByRole('button', { name: `South pit c, ${s.board[2]} seed` })).toBeDisabled();
});

test('reduced motion: faster default speed, and the board still ends where the engine says', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await open(page, 'game=al-manqala');
  await expect(page.locator('#speed')).toHaveValue('fast');
  await play(page, 3);
  expect((await shown(page)).ply).toBe(1);
  await context.close();
});

test('against the computer as North, the board turns so your row is nearest you', async ({ page }) => {
  await open(page, 'game=sadeqa-iii&mode=computer&side=north&level=1');
  await expect(page.locator('#table')).toHaveClass(/flipped/);
  const south = await page.locator('#pits [data-pit="0"]').boundingBox();
  const north = await page.locator('#pits [data-pit="8"]').boundingBox();
  expect(north && south && north.y > south.y).toBe(true);
  await expect(page.locator('#player-north .who')).toHaveText('You · North');
});

test('touch: a tap on a pit plays it, on a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 });
  const page = await context.newPage();
  await open(page, 'game=anywoli');
  await setSpeed(page, 'instant');
  await expect(page.locator('#board')).toHaveAttribute('data-orientation', 'vertical');
  await page.locator('#pits [data-pit="5"]').tap();
  await expect(page.locator('#board')).toHaveAttribute('data-ply', '1');
  await expectShownIsEngine(page);
  await context.close();
});
