// @ts-check
// Each game's own moments: Mangala IV's ritual (MG-3) and forced pit (MG-4),
// Al-manqala's split (AM-9), Anywoli's extra move (AW-5) and lot (AW-7).
import { test, expect } from '@playwright/test';
import { clickPit, engine, expectShownIsEngine, findAnywoliLine, idle, open, play, setSpeed, shown, startFromChooser } from './game-helpers.mjs';

/** @typedef {import('@playwright/test').Page} Page */

/**
 * Starts Mangala IV with the ritual from the chooser.
 * @param {Page} page
 * @param {'Two players on this device' | 'Against the computer'} mode
 */
async function startWithRitual(page, mode) {
  await open(page);
  await setSpeed(page, 'instant');
  await startFromChooser(page, 'Mangala IV', async (dialog) => {
    await dialog.locator('#chooser-ritual').check();
    await dialog.getByLabel(mode).check();
  });
  const ritual = page.locator('#ritual');
  await expect(ritual).toBeVisible();
  await expect(ritual.locator('h3')).toContainText('Tek mi, Çift mi?');
  // The board waits for the ritual.
  await expect(page.locator('#pits .pit[aria-disabled="false"]')).toHaveCount(0);
  return ritual;
}

test.describe('Mangala IV ritual "Tek mi, Çift mi?" (MG-3)', () => {
  test('a right guess lets the guesser choose a side', async ({ page }) => {
    const ritual = await startWithRitual(page, 'Two players on this device');
    await ritual.getByRole('button', { name: 'Player 1 hides them' }).click();
    await expect(ritual).toContainText('Player 2, look away!');
    await ritual.getByRole('button', { name: 'Two counters' }).click();
    await expect(ritual).toContainText('Player 2, look now');
    await ritual.getByRole('button', { name: 'Even' }).click();
    await expect(ritual).toContainText('two counters, even');
    await expect(ritual).toContainText('Right guess: Player 2 chooses a side.');
    await ritual.getByRole('button', { name: 'Take North' }).click();
    await expect(ritual).toContainText('Player 1 plays South and Player 2 plays North. South moves first.');
    // MG-4, MG-9: under forced play the side choice decided the game, and the ritual says how.
    await expect(ritual).toContainText('With forced play the game is already decided: Player 1 wins 64–34, playing South.');
    await ritual.getByRole('button', { name: 'Start playing' }).click();
    await expect(ritual).toBeHidden();
    await expect(page.locator('#player-north .who')).toHaveText('Player 2 · North');
    await expect(page.locator('#player-south .who')).toHaveText('Player 1 · South');
    await expect(page.locator('#pits .pit[aria-disabled="false"]')).toHaveCount(1);
  });

  test('a wrong guess lets the hider assign the rows', async ({ page }) => {
    const ritual = await startWithRitual(page, 'Two players on this device');
    await ritual.getByRole('button', { name: 'Player 1 hides them' }).click();
    await ritual.getByRole('button', { name: 'One counter' }).click();
    await ritual.getByRole('button', { name: 'Even' }).click();
    await expect(ritual).toContainText('one counter, odd');
    await expect(ritual).toContainText('Wrong guess: Player 1 decides who plays which row.');
    // The hider takes North for themselves, so Player 2 plays South and moves first.
    await ritual.getByRole('button', { name: 'Take North' }).click();
    await expect(ritual).toContainText('Player 2 plays South and Player 1 plays North.');
    await expect(ritual).toContainText('the game is already decided: Player 2 wins 64–34, playing South.');
    await ritual.getByRole('button', { name: 'Start playing' }).click();
    await expect(page.locator('#player-south .who')).toHaveText('Player 2 · South');
    // The seating survives a reload.
    await page.reload();
    await expect(page.locator('#player-south .who')).toHaveText('Player 2 · South');
  });

  test('against the computer, who hides, and the side decided leads to play', async ({ page }) => {
    const ritual = await startWithRitual(page, 'Against the computer');
    await ritual.getByRole('button', { name: 'The computer hides them' }).click();
    await expect(ritual).toContainText('The computer has hidden its counters');
    await ritual.getByRole('button', { name: 'Odd' }).click();
    const text = (await ritual.locator('#ritual-text').textContent()) ?? '';
    if (text.includes('Right guess')) {
      await expect(ritual).toContainText('one counter, odd');
      await ritual.getByRole('button', { name: 'Take North' }).click();
    } else {
      // The computer assigns the rows and takes the side that moves first.
      await expect(ritual).toContainText('two counters, even');
      await expect(ritual).toContainText('The computer plays South and you play North');
    }
    await ritual.getByRole('button', { name: 'Start playing' }).click();
    await expect(page.locator('#player-north .who')).toHaveText('You · North');
    // South (the computer) moves first, in its worker; against the computer the player's forced
    // moves (MG-4) play themselves by default, so the side chosen plays the game out to its end.
    await expect(page.locator('#set-forced')).toBeChecked();
    await expect(page.locator('#board')).toHaveAttribute('data-over', 'true', { timeout: 60_000 });
    const e = await expectShownIsEngine(page);
    expect(e.moves.length).toBeGreaterThan(2);
  });

  test('can be skipped', async ({ page }) => {
    const ritual = await startWithRitual(page, 'Two players on this device');
    await ritual.getByRole('button', { name: 'Skip the ritual' }).click();
    await expect(ritual).toBeHidden();
    await expect(page.locator('#player-south .who')).toHaveText('Player 1 · South');
    await expect(page.locator('#pits .pit[aria-disabled="false"]')).toHaveCount(1);
  });
});

test('Mangala IV: the forced pit is shown, explained and played by one click or automatically (MG-4)', async ({ page }) => {
  await open(page, 'game=mangala-iv');
  await setSpeed(page, 'instant');
  await page.locator('#pits [data-pit="3"]').hover();
  await expect(page.locator('#preview')).toHaveText('You must sow your leftmost pit that holds seeds: pit a.');
  await expect(page.locator('#pits [data-pit="3"]')).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('button', { name: 'Sow the forced pit (a)' }).click();
  await expect(page.locator('#board')).toHaveAttribute('data-ply', '1');
  await expectShownIsEngine(page);
  // With the setting on, every forced move plays itself: MG-9 says the first mover wins 64–34.
  await page.locator('.settings summary').click();
  await page.getByLabel('Play forced moves automatically (Mangala IV)').check();
  await expect(page.locator('#board')).toHaveAttribute('data-over', 'true', { timeout: 60_000 });
  await expect(page.locator('#end-score')).toHaveText('South 64 – 34 North');
  await expect(page.locator('#end-title')).toHaveText('Player 1 (South) wins');
});

test('Mangala IV: a third repetition ends the game and each row keeps its seeds (C-6, MG-8)', async ({ page }) => {
  // Free choice; from move 23 one seed walks round the board while North, then South, has none to sow.
  const moves = '2.13.0.12.3.10.4.8.3.8.1.13.0.9.4.10.3.11.4.12.5.13.0.1.2.3.4.5.6.7.8.9.10.11.12.13.0.1.2.3.4.5.6.7.8.9.10.11';
  await open(page, `game=mangala-iv&free=1&moves=${moves}`);
  await setSpeed(page, 'instant');
  expect(await shown(page)).toMatchObject({ board: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0], stores: [51, 46], toMove: 'north', legal: [12] });
  // The walking seed's next step brings its position back a third time.
  expect((await engine(page)).seen).toBe(2);
  await play(page, 12);
  await expect(page.locator('#board')).toHaveAttribute('data-over', 'true');
  const e = await expectShownIsEngine(page);
  expect(e.end).toEqual({ winner: 'south', reason: 'repetition' });
  expect(await shown(page)).toMatchObject({ board: Array(14).fill(0), stores: [51, 47] });
  await expect(page.locator('#end-reason')).toHaveText('The same position came up for the third time, which ends the game.');
  await expect(page.locator('#end-extra')).toHaveText('Each player took the seeds left in their own row.');
  await expect(page.locator('#end-score')).toHaveText('South 51 – 47 North');
});

test.describe("Al-manqala's split (AM-9)", () => {
  test('proposed, declined, proposed again and accepted', async ({ page }) => {
    await open(page, 'game=al-manqala&moves=0.13.1');
    await setSpeed(page, 'instant');
    await page.getByRole('button', { name: 'Propose to split the board' }).click();
    const offer = page.locator('#split-offer');
    await expect(offer).toBeVisible();
    await expect(offer.locator('h3')).toHaveText('Player 2 (North) proposes to split the board');
    await expect(offer).toContainText('each player would take');
    await expect(offer).toContainText('Player 1 (South), do you accept?');
    // Between two players, the proposer waits for the answer (the computer's proposals leave the
    // board to the player, who may play on: journeys.spec.mjs).
    expect((await shown(page)).legal).toEqual([]);
    await expect(page.getByRole('button', { name: 'Propose to split the board' })).toBeHidden();
    await offer.getByRole('button', { name: 'Decline and play on' }).click();
    await expect(offer).toBeHidden();
    await expect(page.locator('#notice')).toHaveText('Player 1 declines the split; play goes on.');
    expect((await shown(page)).over).toBe(false);
    await page.getByRole('button', { name: 'Propose to split the board' }).click();
    await offer.getByRole('button', { name: 'Accept the split' }).click();
    await expect(page.locator('#board')).toHaveAttribute('data-over', 'true');
    const e = await expectShownIsEngine(page);
    expect(e.end?.reason).toBe('split');
    expect(e.moves.at(-1)).toBe('split');
    const s = await shown(page);
    expect(s.board.every((n) => n === 0)).toBe(true);
    expect(s.stores[0] + s.stores[1]).toBe(98);
    await expect(page.locator('#end-reason')).toHaveText('The players agreed to share the seeds left on the board equally.');
    await expect(page.locator('#moves li').last()).toContainText('split');
  });

  test('the computer answers a proposal', async ({ page }) => {
    await open(page, 'game=al-manqala&mode=computer&side=south');
    await setSpeed(page, 'instant');
    await page.getByRole('button', { name: 'Propose to split the board' }).click();
    // Level stand-in or search: either way an answer comes and the page goes on.
    await expect(page.locator('#notice')).toContainText(/accepts the split|declines the split/);
    await idle(page);
    await expectShownIsEngine(page);
  });
});

test('Anywoli: a four made by the last seed gives an extra move, said in words (AW-5)', async ({ page }) => {
  await open(page, 'game=anywoli');
  const { moves, pit } = await findAnywoliLine(page, 'extra-move', { lastFour: 'lot', lotSeed: 5 });
  await open(page, `game=anywoli&last=lot&lot=5&moves=${moves.join('.')}`);
  await setSpeed(page, 'fast');
  const mover = (await shown(page)).toMove;
  await play(page, pit);
  const side = mover === 'south' ? 'South' : 'North';
  await expect(page.locator('#live')).toContainText(`${side} moves again.`);
  expect((await shown(page)).toMove).toBe(mover);
  await expectShownIsEngine(page);
});

test('Anywoli: the last four drawn by lot, visibly (AW-7)', async ({ page }) => {
  await open(page, 'game=anywoli');
  const { moves, pit } = await findAnywoliLine(page, 'four-left', { lastFour: 'lot', lotSeed: 5 });
  await open(page, `game=anywoli&last=lot&lot=5&moves=${moves.join('.')}`);
  await expect(page.locator('#game-info')).toContainText('last four drawn by lot');
  await expect(page.locator('#game-info .seed')).toHaveText('5');
  await setSpeed(page, 'instant');
  await play(page, pit);
  const e = await expectShownIsEngine(page);
  expect(e.end?.reason).toBe('four-left');
  const lot = await page.evaluate(async () => {
    const { Game } = await import('./js/main.js');
    const g = Game.create('anywoli', { lastFour: 'lot', lotSeed: 5 });
    const side = g.state().lot;
    g.free();
    return side;
  });
  await expect(page.locator('#end-extra')).toHaveText(
    `The last four were drawn by lot: number 5 gave them to ${lot === 'south' ? 'South' : 'North'}.`,
  );
});

test('computer against computer plays a whole game by itself, in its worker', async ({ page }) => {
  test.setTimeout(180_000);
  await open(page, 'game=al-manqala&mode=demo&level=1');
  await setSpeed(page, 'instant');
  await expect(page.locator('#player-south .who')).toHaveText('Computer · South');
  await expect(page.locator('#board')).toHaveAttribute('data-over', 'true', { timeout: 150_000 });
  const e = await expectShownIsEngine(page);
  expect(e.over).toBe(true);
  await expect(page.locator('#end')).toBeVisible();
});

test('against the computer: it answers each move, and undo takes back both', async ({ page }) => {
  await open(page, 'game=sadeqa-iii&mode=computer&side=south&level=1');
  await setSpeed(page, 'instant');
  // The computer (North) replies by itself, at once (ply 1 may never be seen).
  await clickPit(page, 2);
  await expect(page.locator('#board')).toHaveAttribute('data-ply', '2');
  await idle(page);
  let e = await expectShownIsEngine(page);
  expect(e.toMove).toBe('south');
  await page.getByRole('button', { name: 'Undo' }).click();
  e = await expectShownIsEngine(page);
  expect(e.ply).toBe(0);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(page.locator('#board')).toHaveAttribute('data-ply', '2');
});

test('a new game started during the ritual replaces it', async ({ page }) => {
  const ritual = await startWithRitual(page, 'Two players on this device');
  await expect(ritual.getByRole('button', { name: 'Player 1 hides them' })).toBeVisible();
  await startFromChooser(page, 'Sadeqa III');
  await expect(ritual).toBeHidden();
  await play(page, 2);
  await expectShownIsEngine(page);
});
