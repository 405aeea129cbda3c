// @ts-check
// Hint (issue 11 §4): the Hint button asks the computer's worker for every legal move's value in
// the position shown; the board rings the best moves and shows each legal pit's value (exact ones
// marked ✓), the list says in words what each move captures and leaves open, and the live region
// says the best move. Hints follow the game until the button is pressed again; in a puzzle they
// are off until asked for. The position is fixed (a share link), the search has a node budget and
// no clock (Hard), so every value is exact and known.
import { test, expect } from '@playwright/test';
import { open, play, ready, setSpeed, shown } from './game-helpers.mjs';

/** @typedef {import('@playwright/test').Page} Page */

/** Sadeqa III, South to move with 10 seeds left on the board (pits a, b, c, f, g are legal). */
const LINK = 'game=sadeqa-iii&board=1.1.1.0.0.1.1.0.0.1.0.0.1.1.1.0&stores=43.44&turn=south';

/**
 * The pits ringed as best and each pit's value chip, by pit number.
 * @param {Page} page
 */
function marks(page) {
  return page.locator('#pits .pit').evaluateAll((pits) => ({
    best: pits.filter((p) => p.classList.contains('hint-best')).map((p) => Number(/** @type {HTMLElement} */ (p).dataset.pit)),
    values: Object.fromEntries(
      pits.flatMap((p) => {
        const chip = p.querySelector('.hint-value');
        return chip ? [[/** @type {HTMLElement} */ (p).dataset.pit, `${chip.textContent}${chip.classList.contains('exact') ? ' exact' : ''}`]] : [];
      }),
    ),
  }));
}

test('Hint marks the best moves, shows every legal pit\'s exact value and says why, in words', async ({ page }) => {
  await open(page, LINK);
  await expect(page.locator('#hint')).toBeHidden();
  const button = page.getByRole('button', { name: 'Hint' });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  const items = page.locator('#hint .hint-list li');
  await expect(items).toHaveText([
    'a: wins by 4 seeds with best play (exact); captures 1 seed, leaves 1 seed open to capture',
    'c: wins by 4 seeds with best play (exact); captures 1 seed, leaves 1 seed open to capture',
    'g: wins by 4 seeds with best play (exact); leaves 1 seed open to capture',
    'b: a draw with best play (exact); leaves 1 seed open to capture',
    'f: loses by 6 seeds with best play (exact); leaves 1 seed open to capture',
  ]);
  await expect(page.locator('#hint .hint-status')).toHaveText('Best move: a, c, g — wins by 4 seeds.');
  await expect(page.locator('#live')).toHaveText(/^Best move: a, c, g — wins by 4 seeds\.\s?$/);
  expect(await marks(page)).toEqual({
    best: [0, 2, 6],
    values: { 0: '+4\u2009\u2713 exact', 1: '0\u2009\u2713 exact', 2: '+4\u2009\u2713 exact', 5: '\u22126\u2009\u2713 exact', 6: '+4\u2009\u2713 exact' },
  });
  // Pressed again: off, nothing left on the board.
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('#hint')).toBeHidden();
  expect(await marks(page)).toEqual({ best: [], values: {} });
});

test('hints follow the game: after a move, the next player\'s position gets its own', async ({ page }) => {
  await open(page, LINK);
  await setSpeed(page, 'instant');
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.locator('#hint .hint-list li')).toHaveCount(5);
  await play(page, 6); // waits for the new ply (the board's attributes follow in the next frame)
  expect((await shown(page)).toMove).toBe('north');
  // North's legal pits, each with its value; the list is North's now.
  const legal = (await shown(page)).legal;
  await expect(page.locator('#hint .hint-list li')).toHaveCount(legal.length);
  expect(Object.keys((await marks(page)).values).map(Number).sort((a, b) => a - b)).toEqual(legal);
});

test('in a puzzle hints are off until asked for, then the answer is marked and said (Greek; an embed has no room for the list)', async ({ page }) => {
  await page.goto('./?embed=1&lang=el&mode=puzzle&game=al-manqala&board=1.0.0.0.0.0.1.0.0.0.0.0.0.0&stores=48.48&computer=north');
  await ready(page);
  await expect(page.locator('#hint')).toBeHidden();
  expect(await marks(page)).toEqual({ best: [], values: {} });
  await page.getByRole('button', { name: 'Υπόδειξη' }).click();
  await expect(page.locator('#live')).toHaveText(/^Καλύτερη κίνηση: g — ισοπαλία\.\s?$/);
  expect(await marks(page)).toEqual({ best: [6], values: { 6: '0\u2009\u2713 exact' } });
  await expect(page.locator('#hint')).toBeHidden();
});
