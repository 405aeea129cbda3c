// @ts-check
// Each game: start it from the chooser, play by clicking the canvas and by
// keyboard, check the shown board against the engine, and play a whole game
// to its end at instant speed.
import { test, expect } from '@playwright/test';
import { GAMES, clickPit, expectShownIsEngine, idle, open, playToEnd, play, setSpeed, shown, startFromChooser } from './game-helpers.mjs';

for (const game of GAMES) {
  test.describe(game.name, () => {
    test('starts from the chooser with its starting board (C-1)', async ({ page }) => {
      await open(page);
      await startFromChooser(page, game.name, async (dialog) => {
        // Skip the ritual here; it has its own spec.
        const ritual = dialog.locator('#chooser-ritual');
        if (await ritual.count()) await ritual.uncheck();
      });
      const s = await shown(page);
      expect(s.variant).toBe(game.id);
      expect(s.board).toEqual(Array(2 * game.n).fill(game.perPit));
      expect(s.stores).toEqual([0, 0]);
      expect(s.toMove).toBe('south');
      await expect(page.locator('#game-title')).toHaveText(game.name);
      await expect(page.locator('#pits .pit')).toHaveCount(2 * game.n);
      await expectShownIsEngine(page);
    });

    test('plays moves by keyboard and by clicking the canvas', async ({ page }) => {
      await open(page, `game=${game.id}`);
      await setSpeed(page, 'fast');
      // Keyboard: the skip link leads to the board, which is one tab stop on a legal pit.
      await page.keyboard.press('Tab');
      await expect(page.locator('.skip')).toBeFocused();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      let s = await shown(page);
      const first = await page.evaluate(() => Number(/** @type {HTMLElement} */ (document.activeElement).dataset.pit));
      expect(s.legal).toContain(first);
      await page.keyboard.press('Enter');
      await expect(page.locator('#board')).toHaveAttribute('data-ply', '1');
      let e = await expectShownIsEngine(page);
      expect(e.moves).toEqual([first]);
      // Focus moved on to the next mover's row; arrows walk it, Space sows.
      s = await shown(page);
      const from = await page.evaluate(() => Number(/** @type {HTMLElement} */ (document.activeElement).dataset.pit));
      expect(s.legal).toContain(from);
      const key = s.toMove === 'south' ? 'ArrowRight' : 'ArrowLeft';
      let target = from;
      for (let i = 0; i < game.n; i++) {
        await page.keyboard.press(key);
        target = await page.evaluate(() => Number(/** @type {HTMLElement} */ (document.activeElement).dataset.pit));
        if (target !== from && s.legal.includes(target)) break;
      }
      if (!s.legal.includes(target)) target = from; // Mangala IV: the forced pit only
      await page.locator(`#pits [data-pit="${target}"]`).focus();
      await page.keyboard.press('Space');
      await expect(page.locator('#board')).toHaveAttribute('data-ply', '2');
      e = await expectShownIsEngine(page);
      expect(e.moves[1]).toBe(target);
      // Click: the mover's first legal pit.
      s = await shown(page);
      await play(page, s.legal[0]);
      e = await expectShownIsEngine(page);
      expect(e.moves[2]).toBe(s.legal[0]);
      // An illegal pit (the opponent's) is refused, with the reason under the board.
      s = await shown(page);
      const notMine = s.toMove === 'north' ? 0 : 2 * game.n - 1;
      await clickPit(page, notMine);
      await expect(page.locator('#preview')).toHaveText(/belongs to your opponent|is empty/);
      expect((await shown(page)).ply).toBe(3);
    });

    test('plays a whole game to its end at instant speed', async ({ page }) => {
      test.setTimeout(240_000);
      await open(page, `game=${game.id}`);
      await setSpeed(page, 'instant');
      const moves = await playToEnd(page);
      expect(moves).toBeGreaterThan(0);
      const e = await expectShownIsEngine(page);
      expect(e.over).toBe(true);
      // C-7: seeds are conserved; the end panel gives the result, the reason and the score.
      const s = await shown(page);
      expect(s.stores[0] + s.stores[1] + s.board.reduce((a, b) => a + b, 0)).toBe(game.seeds);
      const panel = page.locator('#end');
      await expect(panel).toBeVisible();
      const title = e.end?.winner ? `(${e.end.winner === 'south' ? 'South' : 'North'}) wins` : 'A draw';
      await expect(panel.locator('#end-title')).toContainText(title);
      await expect(panel.locator('#end-score')).toHaveText(`South ${s.stores[0]} – ${s.stores[1]} North`);
      await expect(panel.locator('#end-reason')).not.toBeEmpty();
      await panel.getByRole('button', { name: 'Review the moves' }).click();
      await expect(panel).toBeHidden();
      await expect(page.locator('#notice')).toContainText('Game over');
      await idle(page);
    });
  });
}
