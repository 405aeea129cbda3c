// @ts-check
// First contact (issue 15): what a newcomer meets — the start on a first visit, moves that can be
// finished at once, forced moves that play themselves against the computer, the chooser's focus,
// a finished game opened from a link, a set-up game's first capture, and a split proposal that
// never locks the board (AM-9).
import { test, expect } from '@playwright/test';
import { clickPit, engine, expectShownIsEngine, idle, open, play, ready, setSpeed, shown } from './game-helpers.mjs';

test('a first visit starts with the four games, each one click from the computer or two players', async ({ page }) => {
  await page.goto('./');
  await ready(page);
  const start = page.locator('#start');
  await expect(start).toBeVisible();
  await expect(start.locator('h2')).toHaveText('Welcome to Mancala Atlas');
  const cards = start.locator('.start-card');
  await expect(cards.locator('h3')).toHaveText(['Mangala IV', 'Sadeqa III', 'Al-manqala', 'Anywoli']);
  for (const name of ['Mangala IV', 'Sadeqa III', 'Al-manqala', 'Anywoli']) {
    await expect(start.getByRole('button', { name: `Play ${name} against the computer` })).toBeVisible();
    await expect(start.getByRole('button', { name: `Play ${name}, two players on this device` })).toBeVisible();
  }
  // Keyboard first: the first game's first button has the focus.
  await expect(start.getByRole('button', { name: 'Play Mangala IV against the computer' })).toBeFocused();
  await start.getByRole('button', { name: 'Play Sadeqa III against the computer' }).click();
  await expect(start).toBeHidden();
  await idle(page);
  expect(await shown(page)).toMatchObject({ variant: 'sadeqa-iii', ply: 0, toMove: 'south', board: [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6] });
  await expect(page.locator('#player-south .who')).toHaveText('You · South');
  await expect(page.locator('#player-north .who')).toHaveText('Computer · North');
  // The game is saved: a second visit resumes it instead of asking again.
  await page.reload();
  await ready(page);
  await expect(page.locator('#start')).toBeHidden();
  expect((await shown(page)).variant).toBe('sadeqa-iii');
});

test('the start can be closed to look around, and two players is one click too', async ({ page }) => {
  await page.goto('./');
  await ready(page);
  await page.locator('#start').getByRole('button', { name: 'Just look around' }).click();
  await expect(page.locator('#start')).toBeHidden();
  expect((await shown(page)).variant).toBe('mangala-iv');
  await expect(page.locator('#notice')).toBeHidden();

  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await ready(page);
  await page.locator('#start').getByRole('button', { name: 'Play Anywoli, two players on this device' }).click();
  await idle(page);
  expect((await shown(page)).variant).toBe('anywoli');
  await expect(page.locator('#player-south .who')).toHaveText('Player 1 · South');
  await expect(page.locator('#player-north .who')).toHaveText('Player 2 · North');
});

test('a long move ends at once on a click, Escape or Space, and a change of speed applies mid-move', async ({ page }) => {
  // Anywoli's first move relays for several laps: over 6 s at normal speed, more at slow.
  await open(page, 'game=anywoli');
  await setSpeed(page, 'slow');
  for (const [pit, finish] of /** @type {const} */ ([
    [0, 'click'],
    [13, 'Escape'],
    [1, 'Space'],
    [14, 'speed'],
  ])) {
    const before = (await shown(page)).ply;
    await clickPit(page, pit);
    await expect(page.locator('#board')).toHaveAttribute('data-busy', 'true');
    if (finish === 'click') await page.locator('#board').click({ position: { x: 5, y: 5 } });
    else if (finish === 'speed') await setSpeed(page, 'instant');
    else await page.keyboard.press(finish);
    // Slow speed would take many seconds; the move is finished at once.
    await expect(page.locator('#board')).toHaveAttribute('data-busy', 'false', { timeout: 5000 });
    expect((await shown(page)).ply).toBe(before + 1);
    await expectShownIsEngine(page);
    if (finish === 'speed') await setSpeed(page, 'slow');
  }
});

test('against the computer, Mangala IV forced moves play themselves by default; the setting stays (MG-4)', async ({ page }) => {
  // Fast from the first frame (the first forced move plays itself before a test could set it),
  // but not so fast that the game is over before the setting is turned off.
  await page.addInitScript(() => localStorage.setItem('mancala-atlas:prefs', JSON.stringify({ speed: 'fast' })));
  await open(page, 'game=mangala-iv&mode=computer&side=south&level=1');
  await expect(page.locator('#set-forced')).toBeChecked();
  // Nobody clicks: South's forced pit is played, then the computer answers, and so on.
  await expect(page.locator('#board')).not.toHaveAttribute('data-ply', /^[01]$/);
  // Turned off, the player's forced move waits for a click again (a forced move already pending
  // when the box is unticked is not played either).
  await page.locator('.settings summary').click();
  await page.locator('#set-forced').uncheck();
  // South to move with nothing playing out (during a move the board still shows the mover to move).
  await page.locator('#board[data-to-move="south"][data-busy="false"]').waitFor({ timeout: 30_000 });
  const ply = (await shown(page)).ply;
  // Longer than the 400 ms a forced move waits: the position must not change meanwhile.
  for (let i = 0; i < 4; i++) {
    await page.waitForTimeout(300);
    expect((await shown(page)).ply).toBe(ply);
  }
  await page.getByRole('button', { name: /^Sow the forced pit/ }).click();
  await expect(page.locator('#board')).not.toHaveAttribute('data-ply', String(ply));
  // Between two people on one device, it is off until they turn it on (the preferences
  // keep only the speed again at this navigation).
  await open(page, 'game=mangala-iv');
  await expect(page.locator('#set-forced')).not.toBeChecked();
});

test('choosing a Mode in New game keeps the keyboard in the dialog', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'New game' }).first().click();
  const dialog = page.locator('#chooser');
  await dialog.getByLabel('Two players on this device').focus();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByLabel('Against the computer')).toBeChecked();
  await expect(dialog.getByLabel('Against the computer')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByLabel('Computer against computer')).toBeFocused();
  // The sides are named, not placed: on a phone the board stands upright, and against the
  // computer it turns so the player's row is nearest them, so no row is always at the bottom.
  await page.keyboard.press('ArrowUp');
  await expect(dialog.locator('#chooser-players')).not.toContainText(/bottom|top/);
  await expect(dialog.locator('#chooser-options')).not.toContainText(/bottom|top/);
  await expect(dialog.getByRole('radiogroup', { name: 'Your side' }).locator('label')).toHaveText(['South', 'North']);
});

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`the ritual leaves the board in view at ${viewport.width}×${viewport.height}, and names no player before it has seated them (MG-3)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('./');
    await ready(page);
    await page.locator('#start').getByRole('button', { name: 'Play Mangala IV against the computer' }).click();
    const ritual = page.locator('#ritual');
    await expect(ritual).toBeVisible();
    await expect(page.locator('#player-south .who')).toHaveText('South');
    await expect(page.locator('#player-north .who')).toHaveText('North');
    await expect(page.locator('.player.to-move')).toHaveCount(0);
    // Every pit and the ritual's first answer are on screen at once.
    const inView = async (/** @type {import('@playwright/test').Locator} */ l) => {
      const box = await l.boundingBox();
      return Boolean(box && box.y >= 0 && box.y + box.height <= viewport.height && box.x >= 0 && box.x + box.width <= viewport.width);
    };
    const pits = await page.locator('#pits .pit').all();
    expect(await Promise.all(pits.map(inView))).toEqual(pits.map(() => true));
    expect(await inView(ritual.getByRole('button', { name: 'I hide them' }))).toBe(true);
  });
}

test('a finished game opened from a link shows its result and the end panel (AM-8)', async ({ page }) => {
  // South's capture of two reaches 50 (AM-5, AM-8).
  await open(page, 'game=al-manqala&board=0.0.0.0.0.1.1.0.0.0.0.0.0.2&stores=48.46&moves=5');
  const end = page.locator('#end');
  await expect(end).toBeVisible();
  await expect(end.locator('#end-title')).toHaveText('Player 1 (South) wins');
  await expect(end.locator('#end-score')).toHaveText('South 50 – 46 North');
  await expect(end.locator('#end-reason')).toHaveText('A player reached fifty captured seeds, which wins at once.');
  expect(await shown(page)).toMatchObject({ over: true, ply: 1, stores: [50, 46] });
});

test('in a set-up position, the first move counts only what it captured', async ({ page }) => {
  // Stores 40 and 40; South's one seed brings pit b to four (AW-5): four captured, not 44.
  await open(page, 'game=anywoli&board=1.3.0.0.0.0.0.0.0.0.0.0.2.2.2.2.2.2.0.0.0.0.0.0&stores=40.40');
  await setSpeed(page, 'instant');
  await play(page, 0);
  const entry = page.locator('#moves button[data-ply="1"]');
  await expect(entry.locator('.gain')).toHaveText('+4');
  await expect(entry).toHaveAttribute('aria-label', 'Move 1: South a, captures 4 seeds');
  expect((await shown(page)).stores).toEqual([44, 40]);
});

test('a split proposed by the computer never locks the board, and after a decline waits for a capture (AM-9)', async ({ page }) => {
  await open(page, 'game=al-manqala&mode=computer&side=south&level=1');
  await setSpeed(page, 'instant');
  // The computer (North) is made to want the split at each of its moves: North plays 7, then 8.
  await page.evaluate(() => {
    const app = /** @type {any} */ (window).mancalaAtlas;
    const replies = [7, 8];
    app.computer.think = async () => ({ move: replies.shift(), score: 0, depth: 1, nodes: 1, pv: [], exact: false, proposeSplit: true });
  });
  await clickPit(page, 0);
  await expect(page.locator('#board')).toHaveAttribute('data-ply', '2');
  await idle(page);
  const offer = page.locator('#split-offer');
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('Or simply play a move: that declines it.');
  // The board stays playable: South's legal pits are offered.
  expect((await shown(page)).legal).toEqual([0, 1, 2, 3, 4, 5, 6]);
  await clickPit(page, 1);
  // Declined by playing on; North's next move proposes again, but nothing was captured since.
  await expect(page.locator('#board')).toHaveAttribute('data-ply', '4');
  await idle(page);
  await expect(offer).toBeHidden();
  const e = await engine(page);
  expect({ moves: e.moves, stores: e.stores, board: e.board }).toEqual({
    moves: [0, 7, 1, 8],
    stores: [0, 0],
    board: [2, 1, 10, 10, 9, 9, 9, 1, 0, 10, 10, 9, 9, 9],
  });
});

test.describe('rare failures', () => {
  // The texts a test makes unreachable must not come from the service worker's cache.
  test.use({ serviceWorkers: 'block' });

  test('are told in the player\'s words, never the engine\'s or the browser\'s', async ({ page }) => {
    await open(page, 'game=sadeqa-iii&mode=computer&side=south&level=1');
    await setSpeed(page, 'instant');
    // The computer's worker fails: the page says so in words and offers to try again.
    await page.evaluate(() => {
      /** @type {any} */ (window).mancalaAtlas.computer.think = async () => {
        throw new Error('RuntimeError: unreachable executed');
      };
    });
    await clickPit(page, 2);
    const notice = page.locator('#notice');
    await expect(notice).toHaveText('The computer could not choose a move. “Let the computer move” tries again.');
    await expect(page.getByRole('button', { name: 'Let the computer move' })).toBeVisible();
    // A move the engine refuses (the page checks first, so this takes a direct call): its reason.
    await page.evaluate(() => /** @type {any} */ (window).mancalaAtlas.play(0));
    await expect(notice).toHaveText('Pit a belongs to your opponent.');
    // Another language's texts cannot be fetched: the page stays in English and says why.
    await page.route('**/i18n/tr.json', (route) => route.abort());
    await page.locator('#lang').selectOption('tr');
    await expect(notice).toHaveText('The texts in Türkçe could not be loaded (are you offline?); the page stays as it was.');
    await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
    await expect(page.locator('#lang')).toHaveValue('en');
  });
});

test('a page that cannot start says so in the reader\'s language', async ({ page }) => {
  await page.route('**/pkg/mancala_wasm_bg.wasm', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('./?lang=it');
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'error');
  await expect(page.locator('#loading')).toHaveText(
    'Mancala Atlas non è riuscito ad avviarsi. Serve un browser con moduli JavaScript e WebAssembly; ricaricare la pagina può aiutare.',
  );
  await expect(page.locator('#loading')).toHaveAttribute('role', 'alert');
});
