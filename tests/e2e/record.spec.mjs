// @ts-check
// Game records and embed codes (issue 11 §4): "Copy record" copies the game as text (shown under
// the moves and put on the clipboard), "Open a record…" opens such a text as a link would (the
// engine checks every move) or says in the dialog what is wrong and keeps the game shown; the
// README's record opens its game; "Copy embed code" gives an iframe that a page of another origin
// shows with the same game, position and ply; the position editor sets up a board, which the
// engine checks (its errors said in words), plays and links.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { lookAround, open, ready, useHost } from './game-helpers.mjs';

/** @typedef {import('@playwright/test').Page} Page */

/** The README's example game: three Sadeqa III moves, each a capture (SQ-4). */
const LINK = 'game=sadeqa-iii&moves=c.E.b';
const RECORD = 'Mancala Atlas — Sadeqa III (sadeqa-iii)\nMoves: 1. c 2. E 3. b';
/** The board and stores after c, E, b (South's row from its left, then North's). */
const AFTER = { board: '7,1,2,3,0,6,4,17,0,1,7,2,0,17,0,5', stores: '12,12' };

/**
 * The board shown: game, ply, seeds and stores.
 * @param {Page | import('@playwright/test').Frame} where
 */
async function board(where) {
  const b = where.locator('#board');
  return {
    variant: await b.getAttribute('data-variant'),
    ply: await b.getAttribute('data-ply'),
    board: await b.getAttribute('data-board'),
    stores: await b.getAttribute('data-stores'),
  };
}

/**
 * Opens the record dialog by keyboard, types `text` into it and presses Open.
 * @param {Page} page
 * @param {string} text
 * @param {string} [button] the button's name, in the page's language
 */
async function openRecord(page, text, button = 'Open a record…') {
  await page.getByRole('button', { name: button }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.locator('#transcript');
  await expect(dialog).toHaveJSProperty('open', true);
  await expect(page.locator('#transcript-text')).toBeFocused();
  await page.locator('#transcript-text').fill(text);
  await page.locator('#transcript-open').click();
}

test('Copy record copies the game as text; Open a record… opens it again, by keyboard', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(/** @type {string} */ (baseURL)).origin });
  await open(page, LINK);
  expect(await board(page)).toEqual({ variant: 'sadeqa-iii', ply: '3', ...AFTER });
  await page.getByRole('button', { name: 'Copy record' }).click();
  await expect(page.locator('#notice')).toHaveText('The record of this game is copied: paste it into a forum post or a wiki.');
  await expect(page.getByRole('textbox', { name: 'Record of this game' })).toHaveValue(RECORD);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(RECORD);

  // Another game, then the record pasted back: the same game, at its end.
  await page.goto('./#game=anywoli');
  await expect(page.locator('#board')).toHaveAttribute('data-variant', 'anywoli');
  await expect(page.locator('#copy-box')).toBeHidden();
  await openRecord(page, RECORD);
  await expect(page.locator('#transcript')).toHaveJSProperty('open', false);
  await expect(page.locator('#board')).toHaveAttribute('data-ply', '3'); // drawn at the next frame
  expect(await board(page)).toEqual({ variant: 'sadeqa-iii', ply: '3', ...AFTER });
  await expect(page.locator('#notice')).toHaveText('This game was opened from a game record.');
  await expect(page.locator('#moves li')).toHaveText(['Start', '1.c+8', '2.E+12', '3.b+4']);
});

test("the README's game record opens the game it names", async ({ page }) => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const example = readme.match(/```text\n(Mancala Atlas — [^\n]*\n[\s\S]*?)```/);
  expect(example, 'a record in README.md').not.toBeNull();
  const text = /** @type {RegExpMatchArray} */ (example)[1];
  expect(text.trim()).toBe(RECORD);
  await open(page, 'game=mangala-iv');
  await openRecord(page, text);
  await expect(page.locator('#board')).toHaveAttribute('data-ply', '3'); // drawn at the next frame
  expect(await board(page)).toEqual({ variant: 'sadeqa-iii', ply: '3', ...AFTER });
});

test('a bad record is named in the dialog, in the player\'s language, and the game shown stays', async ({ page }) => {
  await open(page, 'game=anywoli&moves=a');
  const before = await board(page);
  const error = page.locator('#transcript-error');
  // Move 4 is South's pit b on North's turn: the engine refuses it.
  await openRecord(page, `${RECORD}\n  4. b 5. a`);
  await expect(error).toHaveText(
    'This record could not be opened: move 4 ("b") cannot be played: not your pit. The game on the board stays as it was.',
  );
  await expect(page.locator('#transcript')).toHaveJSProperty('open', true);
  await expect(page.locator('#transcript-text')).toHaveAttribute('aria-invalid', 'true');
  await page.locator('#transcript-open').click();
  await page.locator('#transcript-text').fill('Mancala Atlas — Oware (oware)\nMoves: 1. a');
  await page.locator('#transcript-open').click();
  await expect(error).toHaveText(
    'This record could not be opened: unknown game "oware": choose mangala-iv, sadeqa-iii, al-manqala, or anywoli. The game on the board stays as it was.',
  );
  await page.keyboard.press('Escape');
  await expect(page.locator('#transcript')).toHaveJSProperty('open', false);
  expect(await board(page)).toEqual(before);

  // In Greek: a text that is no record at all.
  await page.locator('#lang').selectOption('el');
  await openRecord(page, 'hello', 'Άνοιγμα καταγραφής…');
  await expect(error).toHaveText(
    'Αυτό το κείμενο δεν είναι καταγραφή παρτίδας: μια καταγραφή αρχίζει με μια γραμμή όπως «Mancala Atlas — Sadeqa III (sadeqa-iii)». Η παρτίδα στο ταμπλό μένει όπως ήταν.',
  );
  expect(await board(page)).toEqual(before);
});

const host = useHost();

test('Copy embed code gives the iframe of the position shown, which another site shows the same', async ({ page, baseURL }) => {
  await open(page, LINK);
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('#board')).toHaveAttribute('data-ply', '1');
  const shownHere = await board(page);
  await page.getByRole('button', { name: 'Copy embed code' }).click();
  const code = await page.getByRole('textbox', { name: 'Code to embed this game in a web page' }).inputValue();
  const site = /** @type {string} */ (baseURL);
  expect(code).toBe(
    `<iframe src="${site}?embed=1&amp;game=sadeqa-iii&amp;moves=c.E.b&amp;ply=1&amp;mode=view" title="Sadeqa III, a game of Mancala Atlas" width="100%" height="460" style="border:0" loading="lazy"></iframe>`,
  );
  const src = /** @type {string} */ (code.match(/src="([^"]*)"/)?.[1]).replaceAll('&amp;', '&');
  await page.goto(`${host()}?src=${encodeURIComponent(src)}`);
  const frame = /** @type {import('@playwright/test').Frame} */ (await (await page.locator('#game').elementHandle())?.contentFrame());
  await frame.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
  await expect(frame.locator('header.bar')).toBeHidden();
  await expect(frame.locator('#notice.error')).toBeHidden();
  expect(await board(frame)).toEqual(shownHere);
  // A replayable example: its later moves can be redone.
  await expect(frame.locator('#btn-redo')).toBeEnabled();
});

test('the position editor sets up a board the engine checks (AM-4), plays it and links it', async ({ page }) => {
  await open(page, 'game=al-manqala');
  await page.getByRole('button', { name: 'Set up a position…' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.locator('#editor');
  await expect(dialog).toHaveJSProperty('open', true);
  // The fields start from the position shown, South's pit a focused; arrows and + / − step a seed.
  const a = page.getByRole('spinbutton', { name: 'South, pit a' });
  await expect(a).toBeFocused();
  await expect(a).toHaveValue('7');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('+');
  await expect(a).toHaveValue('9');
  await expect(page.locator('#editor-total')).toHaveText('100 seeds on the board and in the stores; this game has 98.');
  // AM-4's puzzle of the README: one seed in a and in g, 48 captured each; first with a seed too few.
  const board = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0];
  for (const [pit, seeds] of board.entries()) {
    const name = pit < 7 ? `South, pit ${'abcdefg'[pit]}` : `North, pit ${'ABCDEFG'[pit - 7]}`;
    await page.getByRole('spinbutton', { name }).fill(String(seeds));
  }
  const [south, north] = [page.getByRole('spinbutton', { name: "South's store" }), page.getByRole('spinbutton', { name: "North's store" })];
  await south.fill('48');
  await north.fill('47');
  const play = page.getByRole('button', { name: 'Play this position' });
  await play.click();
  const error = page.locator('#editor-error');
  await expect(error).toHaveText(
    'This position cannot be played: the position does not fit the game: this game has 98 seeds, but board and stores hold 97. The game on the board stays as it was.',
  );
  await south.fill('47');
  await north.fill('49');
  await play.click();
  await expect(error).toHaveText(
    'This position cannot be played: the position does not fit the game: in Al-manqala captured seeds always come in even numbers. The game on the board stays as it was.',
  );
  await expect(page.locator('#board')).toHaveAttribute('data-board', '7,7,7,7,7,7,7,7,7,7,7,7,7,7');
  await south.fill('48');
  // The − button takes a seed too.
  await page.locator('.editor-field.store.north button', { hasText: '\u2212' }).click();
  await expect(north).toHaveValue('48');
  await play.click();
  await expect(dialog).toHaveJSProperty('open', false);
  await expect(page.locator('#notice')).toHaveText(
    'The position you set up is on the board: play it, or copy its link or embed code under the moves.',
  );
  const b = page.locator('#board');
  await expect(b).toHaveAttribute('data-board', board.join(','));
  await expect(b).toHaveAttribute('data-stores', '48,48');
  await expect(b).toHaveAttribute('data-to-move', 'south');
  // AM-4: South must feed North, so only g can be played.
  await expect(b).toHaveAttribute('data-legal', '6');
  await page.locator('#speed').selectOption('instant');
  await page.locator('#pits .pit[data-pit="6"]').click();
  await expect(b).toHaveAttribute('data-board', '1,0,0,0,0,0,0,1,0,0,0,0,0,0');
  await page.getByRole('button', { name: 'Copy share link' }).click();
  expect(new URL(await page.locator('#share-link').inputValue()).hash).toBe(
    '#game=al-manqala&board=1.0.0.0.0.0.1.0.0.0.0.0.0.0&stores=48.48&turn=south&moves=g',
  );
  await page.getByRole('button', { name: 'Copy embed code' }).click();
  await expect(page.locator('#copy-text')).toHaveValue(
    /\?embed=1&amp;game=al-manqala&amp;board=1\.0\.0\.0\.0\.0\.1\.0\.0\.0\.0\.0\.0\.0&amp;stores=48\.48&amp;turn=south&amp;moves=g&amp;ply=1&amp;mode=view"/,
  );
});

test('in the single file (file://) a record is copied and opened, and a position set up, with no request', async ({ page }) => {
  const dist = process.env.DIST_DIR ?? fileURLToPath(new URL('../../dist/', import.meta.url));
  /** @type {string[]} */
  const requests = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('file:') && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) requests.push(r.url());
  });
  await page.goto(`${pathToFileURL(path.join(dist, 'mancala-atlas.html')).href}#${LINK}`);
  await ready(page);
  await lookAround(page);
  await page.getByRole('button', { name: 'Copy record' }).click();
  await expect(page.locator('#copy-text')).toHaveValue(RECORD);
  await page.getByRole('button', { name: 'Set up a position…' }).click();
  await page.getByRole('spinbutton', { name: 'South, pit a' }).fill('8');
  await page.getByRole('spinbutton', { name: 'South, pit b' }).fill('0');
  await page.getByRole('button', { name: 'Play this position' }).click();
  await expect(page.locator('#board')).toHaveAttribute('data-board', '8,0,2,3,0,6,4,17,0,1,7,2,0,17,0,5');
  await expect(page.locator('#board')).toHaveAttribute('data-ply', '0');
  await openRecord(page, RECORD);
  await expect(page.locator('#board')).toHaveAttribute('data-ply', '3'); // drawn at the next frame
  expect(await board(page)).toEqual({ variant: 'sadeqa-iii', ply: '3', ...AFTER });
  expect(requests).toEqual([]);
});
