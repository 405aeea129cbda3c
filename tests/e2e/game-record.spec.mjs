// @ts-check
// The game record: undo and redo, jumping in the move list, the autosave
// across a reload, share links, bad links and saves, and the language.
import { test, expect } from '@playwright/test';
import { readFileSync, existsSync } from 'node:fs';
import { engine, expectShownIsEngine, idle, open, play, ready, setSpeed, shown } from './game-helpers.mjs';

test('undo, redo and jumping to any move', async ({ page }) => {
  await open(page, 'game=sadeqa-iii');
  await setSpeed(page, 'instant');
  const boards = [(await shown(page)).board];
  for (let i = 0; i < 4; i++) {
    await play(page, (await shown(page)).legal[0]);
    boards.push((await shown(page)).board);
  }
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => (await shown(page)).board).toEqual(boards[3]);
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await shown(page)).board).toEqual(boards[2]);
  let e = await expectShownIsEngine(page);
  expect(e.ply).toBe(2);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect.poll(async () => (await shown(page)).board).toEqual(boards[3]);
  // The move list: every move is a button; the start and a later (undone) move too.
  const list = page.locator('#moves');
  await expect(list.locator('button')).toHaveCount(5);
  await expect(list.locator('button[aria-current="step"]')).toHaveAttribute('data-ply', '3');
  await list.locator('button[data-ply="0"]').click();
  await expect.poll(async () => (await shown(page)).board).toEqual(boards[0]);
  await list.locator('button[data-ply="4"]').click();
  await expect.poll(async () => (await shown(page)).board).toEqual(boards[4]);
  await expect(page.getByRole('button', { name: 'Redo' })).toBeDisabled();
  // A new move after undo drops the moves that could have been redone.
  await list.locator('button[data-ply="1"]').click();
  // The board shows the jump on its next frame: read its legal pits after that.
  await expect(page.locator('#board')).toHaveAttribute('data-ply', '1');
  await play(page, (await shown(page)).legal.at(-1) ?? -1);
  e = await expectShownIsEngine(page);
  expect(e.moves.length).toBe(2);
  await expect(list.locator('button')).toHaveCount(3);
});

test('a reload resumes the game where it was, redo included', async ({ page }) => {
  await open(page, 'game=al-manqala');
  await setSpeed(page, 'instant');
  for (let i = 0; i < 3; i++) await play(page, (await shown(page)).legal[0]);
  await page.getByRole('button', { name: 'Undo' }).click();
  const before = await shown(page);
  await page.reload();
  await ready(page);
  const after = await shown(page);
  expect(after).toEqual(before);
  await expect(page.getByRole('button', { name: 'Redo' })).toBeEnabled();
  await expect(page.locator('#speed')).toHaveValue('instant');
  await expectShownIsEngine(page);
});

test('a share link reproduces the game: options, setup number and moves', async ({ page, browser }) => {
  await open(page, 'game=mangala-iv&setup=random&seed=4242&free=1');
  await expect(page.locator('#game-info')).toContainText('4242');
  await setSpeed(page, 'instant');
  for (let i = 0; i < 4; i++) await play(page, (await shown(page)).legal.at(-1) ?? -1);
  const played = (await shown(page)).ply;
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('#board')).toHaveAttribute('data-ply', String(played - 1));
  const here = await shown(page);
  await page.getByRole('button', { name: 'Copy share link' }).click();
  const link = await page.locator('#share-link').inputValue();
  expect(link).toContain('#game=mangala-iv');
  expect(link).toContain('seed=4242');
  // Opened elsewhere (a fresh browser profile, no autosave), it shows the same game.
  const other = await browser.newContext();
  const page2 = await other.newPage();
  await page2.goto(link);
  await ready(page2);
  expect(await shown(page2)).toEqual(here);
  await expect(page2.locator('#game-info')).toContainText('4242');
  await expect(page2.getByRole('button', { name: 'Redo' })).toBeEnabled();
  await expect(page2.locator('#notice')).toContainText('shared link');
  // The link is consumed: a reload shows the autosave, not the link again.
  expect(new URL(page2.url()).hash).toBe('');
  await other.close();
});

test('a game from a set-up position survives a reload and travels in its share link', async ({ page, browser }) => {
  // Sadeqa III (SQ-1: 96 seeds), North to move with two seeds left.
  const board = [0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0];
  await open(page, `game=sadeqa-iii&board=${board.join('.')}&stores=40.54&turn=north`);
  await setSpeed(page, 'instant');
  expect(await shown(page)).toMatchObject({ board, stores: [40, 54], toMove: 'north', ply: 0, legal: [8] });
  await play(page, 8);
  const here = await shown(page);
  await page.reload();
  await ready(page);
  expect(await shown(page)).toEqual(here);
  await expectShownIsEngine(page);
  await page.getByRole('button', { name: 'Copy share link' }).click();
  const link = await page.locator('#share-link').inputValue();
  expect(link).toContain(`board=${board.join('.')}&stores=40.54&turn=north`);
  const other = await browser.newContext();
  const page2 = await other.newPage();
  await page2.goto(link);
  await ready(page2);
  expect(await shown(page2)).toEqual(here);
  await other.close();
});

test('the same setup number gives the same random setup (MG-2)', async ({ page }) => {
  await open(page, 'game=mangala-iv&setup=random&seed=77');
  const a = (await shown(page)).board;
  await open(page, 'game=mangala-iv&setup=random&seed=78');
  const b = (await shown(page)).board;
  await open(page, 'game=mangala-iv&setup=random&seed=77');
  expect((await shown(page)).board).toEqual(a);
  expect(b).not.toEqual(a);
  expect(a.reduce((x, y) => x + y, 0)).toBe(98);
});

test('a malformed link gets a clear message and keeps the autosaved game', async ({ page }) => {
  await open(page, 'game=sadeqa-iii');
  await setSpeed(page, 'instant');
  await play(page, 3);
  const saved = await shown(page);
  for (const [link, words] of [
    ['game=chess&moves=1', 'unknown game "chess"'],
    ['game=sadeqa-iii&moves=2.3', 'move 2 ("3") cannot be played: not your pit'],
    ['game=anywoli&first=west', 'bad game options'],
    ['game=mangala-iv&setup=random&seed=abc', 'bad game options'],
  ]) {
    await page.goto(`./#${link}`);
    await ready(page);
    const notice = page.locator('#notice');
    await expect(notice).toHaveClass(/error/);
    await expect(notice).toContainText('This link could not be opened');
    await expect(notice).toContainText(words);
    expect(await shown(page)).toEqual(saved);
  }
  // The page is usable: a move can be played.
  await play(page, (await shown(page)).legal[0]);
  await expectShownIsEngine(page);
});

test('a bad link is explained in the player\'s language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'it-IT' });
  const page = await context.newPage();
  for (const [link, words] of [
    ['game=sadeqa-iii&moves=2.3', 'la mossa 2 («3») non si può giocare: la buca non è tua'],
    ['game=anywoli&first=west', 'opzioni di gioco non valide: chi muove per primo non può essere «west»'],
    ['game=mangala-iv&setup=random&seed=abc', 'il numero di partenza non può essere «abc»'],
    ['game=chess', 'gioco sconosciuto «chess»'],
    ['game=sadeqa-iii&moves=2&ply=5', 'la partita salvata è alla mossa 5, ma ha solo 1 mossa'],
  ]) {
    await open(page, link);
    const notice = page.locator('#notice');
    await expect(notice).toHaveClass(/error/);
    await expect(notice).toContainText('Non è stato possibile aprire questo link: ');
    await expect(notice).toContainText(words);
  }
  await context.close();
});

test('an unreadable autosave gets a message and is kept aside', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('mancala-atlas:game', '{"save": "{\\"format\\": 1, \\"variant\\": \\"sadeqa-iii\\", \\"moves\\": [\\"12\\"]}"}');
    }
  });
  await open(page);
  await expect(page.locator('#notice')).toContainText('The saved game could not be restored');
  await expect(page.locator('#notice')).toContainText('not your pit');
  const kept = await page.evaluate(() => localStorage.getItem('mancala-atlas:game.unreadable'));
  await setSpeed(page, 'instant');
  expect(kept).toContain('sadeqa-iii');
  await play(page, (await shown(page)).legal[0]);
  await expectShownIsEngine(page);
});

test('the language follows the browser, can be switched and is remembered', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'it-IT' });
  const page = await context.newPage();
  await open(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  const ui = (/** @type {string} */ lang) => {
    const file = new URL(`../../www/i18n/${lang}.json`, import.meta.url);
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  };
  const it = ui('it');
  if (it) await expect(page.locator('#btn-new')).toHaveText(it.app.newGame);
  // The rules panel speaks Italian too.
  const rulesIt = JSON.parse(readFileSync(new URL('../../www/i18n/rules.it.json', import.meta.url), 'utf8'));
  await page.locator('#btn-rules').click();
  await expect(page.locator('#rules-body')).toContainText(rulesIt['mangala-iv'].sections[0].items[0].text);
  await page.keyboard.press('Escape');
  // Switch to Greek, then reload: still Greek.
  await page.locator('#lang').selectOption('el');
  await expect(page.locator('html')).toHaveAttribute('lang', 'el');
  const el = ui('el');
  if (el) await expect(page.locator('#btn-new')).toHaveText(el.app.newGame);
  await page.reload();
  await ready(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'el');
  await expect(page.locator('#lang')).toHaveValue('el');
  // And back to English.
  await page.locator('#lang').selectOption('en');
  await expect(page.locator('#btn-new')).toHaveText('New game');
  await context.close();
});

test('engine and page agree on the last move of a game played through the record', async ({ page }) => {
  await open(page, 'game=anywoli&moves=0.13.1.14');
  await idle(page);
  const e = await engine(page);
  expect(e.moves).toEqual([0, 13, 1, 14]);
  await expectShownIsEngine(page);
});

test('embedded view mode: no chrome, no play, steps through the moves, saves nothing', async ({ page }) => {
  await open(page);
  const moves = await page.evaluate(async () => {
    const { Game } = await import('./js/main.js');
    const e = Game.create('sadeqa-iii');
    for (let i = 0; i < 3; i++) e.play(e.state().legal[0]);
    const list = e.state().moves.map((m) => m.move);
    e.free();
    return list;
  });
  await page.evaluate(() => localStorage.clear());
  await page.goto(`./?embed=1&mode=view&game=sadeqa-iii&moves=${moves.join('.')}&ply=0`);
  await ready(page);
  await expect(page.locator('header.bar')).toBeHidden();
  await expect(page.locator('#pits .pit[aria-disabled="false"]')).toHaveCount(0);
  await setSpeed(page, 'instant');
  const start = (await shown(page)).board;
  await page.locator('#pits [data-pit="2"]').click({ force: true });
  expect((await shown(page)).ply).toBe(0);
  for (const ply of [1, 2, 3]) {
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(page.locator('#board')).toHaveAttribute('data-ply', String(ply));
    await idle(page);
  }
  await expect(page.getByRole('button', { name: 'Redo' })).toBeDisabled();
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Undo' }).click();
  // The undos are clicks like the redos: the board shows ply 0 once the last is applied.
  await expect(page.locator('#board')).toHaveAttribute('data-ply', '0');
  await idle(page);
  expect((await shown(page)).board).toEqual(start);
  expect(await page.evaluate(() => localStorage.getItem('mancala-atlas:game'))).toBeNull();
});
