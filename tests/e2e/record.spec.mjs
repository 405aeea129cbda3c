// @ts-check
// Game records and embed codes (issue 11 §4): "Copy record" copies the game as text (shown under
// the moves and put on the clipboard), "Open a record…" opens such a text as a link would (the
// engine checks every move) or says in the dialog what is wrong and keeps the game shown; the
// README's record opens its game; "Copy embed code" gives an iframe that a page of another origin
// shows with the same game, position and ply.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { open, useHost } from './game-helpers.mjs';

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
