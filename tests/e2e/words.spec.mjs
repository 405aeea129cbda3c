// @ts-check
// Words a player understands (issue 15 §5, and §3's links in letters): the ritual speaks to "you",
// a bad link or embed parameter is named in the player's language with no library text, a broken
// autosave is reported once, saved players are checked, the Anywoli last-four banner gives the
// last four, and links take the move list's letters.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { engine, findAnywoliLine, idle, open, play, ready, setSpeed, shown, useHost } from './game-helpers.mjs';

/** @typedef {import('@playwright/test').Page} Page */
/** @typedef {import('@playwright/test').Browser} Browser */

/** @param {string} lang */
const ui = (lang) => JSON.parse(readFileSync(new URL(`../../www/i18n/${lang}.json`, import.meta.url), 'utf8'));

/** Library and engine words that must never reach a player. */
const INTERNAL = /invalid type|unknown variant|expected u32|expected `|JSON|Unexpected token|player\.[a-z]/;

/**
 * A page in `locale`'s language whose randomness is all zeros, so that a hidden hand holds
 * one counter (MG-3: the engine's `randomHidden` is 1 + a random bit).
 * @param {Browser} browser
 * @param {string} locale
 */
async function pageIn(browser, locale) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await page.addInitScript(() => {
    Crypto.prototype.getRandomValues = function (array) {
      /** @type {any} */ (array).fill(0);
      return array;
    };
  });
  return { context, page };
}

for (const [locale, lang, expected] of /** @type {const} */ ([
  [
    'en-US',
    'en',
    {
      reveal: 'The hand opens: one counter, odd. You guessed odd. Right guess: you choose a side.',
      // MG-4, MG-9: with the even setup and forced play the first mover wins 64–34.
      done: 'You play South and the computer plays North. South moves first. With forced play the game is already decided: you win 64–34, playing South.',
      toMove: 'your move',
    },
  ],
  [
    'it-IT',
    'it',
    {
      reveal: 'La mano si apre: un gettone, dispari. Avevi detto dispari. Indovinato: scegli tu il lato.',
      done: 'Tu giochi a Sud e il computer a Nord. Muove per primo Sud. Con la mossa obbligata la partita è già decisa: vinci tu 64–34 giocando a Sud.',
      toMove: 'tocca a te',
    },
  ],
])) {
  test(`the ritual against the computer speaks to you, not of "You" (${lang}, MG-3)`, async ({ browser }) => {
    const t = ui(lang);
    const { context, page } = await pageIn(browser, locale);
    // Forced moves wait for a click here (against the computer they play themselves by default),
    // so the player bar can be read at the player's first turn.
    await page.addInitScript(() => localStorage.setItem('mancala-atlas:prefs', JSON.stringify({ autoForced: false })));
    await open(page);
    await setSpeed(page, 'instant');
    await page.locator('#btn-new').click();
    const dialog = page.locator('#chooser');
    await dialog.locator('.card', { hasText: 'Mangala IV' }).click();
    await dialog.locator('#chooser-ritual').check();
    await dialog.getByLabel(t.chooser.modeComputer).check();
    await dialog.getByRole('button', { name: t.chooser.start, exact: true }).click();
    const ritual = page.locator('#ritual');
    await ritual.getByRole('button', { name: t.ritual.computerHides }).click();
    await expect(ritual.locator('#ritual-text')).toHaveText(t.ritual.guessComputerHid);
    await ritual.getByRole('button', { name: t.ritual.odd, exact: true }).click();
    await expect(ritual.locator('#ritual-text')).toHaveText(expected.reveal);
    await ritual.getByRole('button', { name: t.ritual.takeSouthFirst }).click();
    await expect(ritual.locator('#ritual-text')).toHaveText(expected.done);
    await ritual.getByRole('button', { name: t.ritual.start }).click();
    await expect(page.locator('#player-south .turn')).toHaveText(expected.toMove);
    await context.close();
  });
}

test('a bad count and side to move are named in words, in English and Greek, never "invalid type"', async ({ browser }) => {
  for (const [locale, words] of [
    [
      'en-US',
      'This link could not be opened: the seeds in pit a must be a whole number, not "-6"; ' +
        'the side to move (turn) must be south or north, not "east".',
    ],
    [
      'el-GR',
      'Αυτός ο σύνδεσμος δεν μπόρεσε να ανοίξει: οι σπόροι στον λάκκο a πρέπει να είναι ακέραιος αριθμός, όχι «-6»; ' +
        'η πλευρά που παίζει (turn) πρέπει να είναι south ή north, όχι «east».',
    ],
  ]) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await open(page, `game=al-manqala&board=-6.7.7.7.7.7.7.7.7.7.7.7.7.7&stores=0.0&turn=east`);
    const notice = page.locator('#notice');
    await expect(notice).toHaveClass(/error/);
    // A first visit: no saved game is shown instead, so none is promised.
    await expect(notice).toHaveText(words);
    expect(await notice.textContent()).not.toMatch(INTERNAL);
    // The page is a default game, playable.
    expect((await shown(page)).variant).toBe('mangala-iv');
    await context.close();
  }
});

test('an Italian page with a bad link speaks Italian only, naming each bad parameter', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'it-IT' });
  const page = await context.newPage();
  await open(page, 'game=sadeqa-iii&mode=weird&level=99&side=est&colour=rosso&moves=c.x');
  await expect(page.locator('#notice')).toHaveText(
    'Non è stato possibile aprire questo link: non esiste un\'impostazione «colour»; ' +
      'la modalità deve essere two, computer o demo, non «weird»; il tuo lato (side) deve essere south o north, non «est»; ' +
      'il livello del computer deve essere 1, 2, 3, 4 o 5, non «99»; ' +
      'la mossa 2 («x») non è una mossa: indica la lettera o il numero di una buca, oppure «split».',
  );
  // A link whose game is fine opens it, and says what it ignored.
  await open(page, 'game=sadeqa-iii&theme=dark&level=9');
  expect((await shown(page)).variant).toBe('sadeqa-iii');
  await expect(page.locator('#notice')).toHaveText(
    'Una parte di questo link non è stata capita e viene ignorata: il livello del computer deve essere 1, 2, 3, 4 o 5, non «9».',
  );
  await context.close();
});

test('"Your saved game is shown instead" only when a saved game is shown', async ({ page }) => {
  await open(page, 'game=sadeqa-iii&ply=x');
  await expect(page.locator('#notice')).toHaveText('This link could not be opened: the move to show (ply) must be a whole number, not "x".');
  await setSpeed(page, 'instant');
  await play(page, (await shown(page)).legal[0]);
  const saved = await shown(page);
  await page.goto('about:blank');
  await page.goto('./#game=sadeqa-iii&ply=x');
  await ready(page);
  await expect(page.locator('#notice')).toHaveText(
    'This link could not be opened: the move to show (ply) must be a whole number, not "x". Your saved game is shown instead.',
  );
  expect(await shown(page)).toEqual(saved);
});

test('a broken autosave is reported once in words, then replaced; a reload says nothing', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('mancala-atlas:game', '{"save": ');
    }
  });
  await open(page);
  const notice = page.locator('#notice');
  await expect(notice).toHaveText(
    'The saved game could not be restored: the saved game is damaged and cannot be read. A new game was started; the old save is kept.',
  );
  expect(await page.evaluate(() => localStorage.getItem('mancala-atlas:game.unreadable'))).toBe('{"save": ');
  await page.reload();
  await ready(page);
  await expect(notice).toBeHidden();
  await expect(notice).toHaveText('');
});

test('saved players are checked: an unknown one is replaced, never shown as "player.zzz"', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      const save = JSON.stringify({ format: 1, variant: 'anywoli', options: {}, moves: [] });
      const seating = { mode: 'two', human: 'south', level: 2, players: { south: 'zzz', north: 'p2' } };
      localStorage.setItem('mancala-atlas:game', JSON.stringify({ save, seating }));
    }
  });
  await open(page);
  expect((await shown(page)).variant).toBe('anywoli');
  await expect(page.locator('#player-south .who')).toHaveText('Player 1 · South');
  await expect(page.locator('#player-north .who')).toHaveText('Player 2 · North');
});

test.describe('embedded', () => {
  const host = useHost();

  test('bad embed parameters are named in one message, sent to the host as an error (command embed)', async ({ page, baseURL }) => {
    const allow = new URL(host()).origin;
    const query = `embed=1&game=anywoli&mode=weird&level=99&computer=${encodeURIComponent('<b>x</b>')}&theme=neon&lang=xx&allow=notanorigin,${allow}`;
    await page.goto(`${host()}?src=${encodeURIComponent(`${baseURL}?${query}`)}`);
    const frame = await (await page.locator('#game').elementHandle())?.contentFrame();
    if (!frame) throw new Error('no game frame');
    await frame.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    const words =
      'Part of this link was not understood and is ignored: the language must be en, it, el, fil, or tr, not "xx"; ' +
      'the theme must be auto, light, or dark, not "neon"; ' +
      'the computer\'s side (computer) must be none, south, north, or both, not "<b>x</b>"; ' +
      '"notanorigin" in allow is not the origin of a web address, such as https://wiki.example.org; ' +
      'the mode must be play, view, or puzzle, not "weird"; the computer\'s level must be 1, 2, 3, 4, or 5, not "99".';
    await expect(frame.locator('#notice')).toHaveText(words);
    expect(await frame.locator('b').count()).toBe(0);
    // The game the link names is shown all the same.
    await expect(frame.locator('#board')).toHaveAttribute('data-variant', 'anywoli');
    const heard = () => page.evaluate(() => /** @type {any} */ (window).received.map((/** @type {any} */ r) => r.data));
    await expect.poll(async () => (await heard()).filter((/** @type {any} */ d) => d.type === 'error')).toEqual([
      { ns: 'mancala-atlas', version: 1, type: 'error', command: 'embed', message: words },
    ]);
  });

  test('an embed given engine numbers links to the site in letters', async ({ page, baseURL }) => {
    await page.goto(`${host()}?src=${encodeURIComponent(`${baseURL}?embed=1&game=sadeqa-iii&moves=2.15`)}`);
    const frame = await (await page.locator('#game').elementHandle())?.contentFrame();
    if (!frame) throw new Error('no game frame');
    await frame.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    await expect(frame.locator('#board')).toHaveAttribute('data-ply', '2');
    const href = (await frame.locator('#embed-site').getAttribute('href')) ?? '';
    expect(new URL(href).hash).toBe('#game=sadeqa-iii&moves=c.H');
  });

  test('a bad embed link says nothing of a saved game', async ({ page, baseURL }) => {
    await page.goto(`${host()}?src=${encodeURIComponent(`${baseURL}?embed=1&game=anywoli&board=1.x`)}`);
    const frame = await (await page.locator('#game').elementHandle())?.contentFrame();
    if (!frame) throw new Error('no game frame');
    await frame.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    await expect(frame.locator('#notice')).toHaveText('This link could not be opened: the seeds in pit b must be a whole number, not "x".');
  });
});

test('Anywoli: the last-four banner gives the last 4 seeds to their taker, not "1 seed" (AW-6, AW-7)', async ({ page }) => {
  await open(page, 'game=anywoli');
  // A line of play from the start to a move that leaves four seeds (leftmost-ish choices, engine in the page).
  const { moves, pit, taker } = await findAnywoliLine(page, 'four-left-spread');
  await open(page, `game=anywoli&moves=${moves.join('.')}`);
  await setSpeed(page, 'fast');
  // Every banner the move shows, as it shows it.
  await page.evaluate(() => {
    const banner = /** @type {HTMLElement} */ (document.getElementById('banner'));
    const seen = /** @type {string[]} */ ([]);
    /** @type {any} */ (window).banners = seen;
    new MutationObserver(() => {
      if (banner.textContent) seen.push(banner.textContent);
    }).observe(banner, { childList: true, characterData: true, subtree: true });
  });
  await play(page, pit);
  const e = await engine(page);
  expect(e.end?.reason).toBe('four-left');
  const side = taker === 'south' ? 'South' : 'North';
  const banners = /** @type {string[]} */ (await page.evaluate(() => /** @type {any} */ (window).banners));
  expect(banners).toContain(`${side} takes the last 4 seeds`);
  expect(banners.filter((b) => /^(South|North) takes \d+ seeds?$/.test(b))).toEqual([]);
  await expect(page.locator('#live')).toContainText(`${side} took 4 seeds left on the board.`);
});

test('links take the move list\'s letters as well as numbers; share links are written in letters (C-1)', async ({ page }) => {
  await open(page, 'game=sadeqa-iii');
  await setSpeed(page, 'instant');
  // Three legal moves, the last by North, as numbers and as the move list writes them.
  const line = await page.evaluate(async () => {
    const { Game } = await import('./js/main.js');
    const e = Game.create('sadeqa-iii', {});
    try {
      const moves = [];
      while (moves.length < 3) {
        const s = e.state();
        const pit = s.legal[s.legal.length - 1];
        e.play(pit);
        moves.push(pit);
      }
      return moves;
    } finally {
      e.free();
    }
  });
  const letter = (/** @type {number} */ pit) => (pit < 8 ? String.fromCharCode(97 + pit) : String.fromCharCode(65 + pit - 8));
  await open(page, `game=sadeqa-iii&moves=${line.join('.')}`);
  const byNumbers = await shown(page);
  await open(page, `game=sadeqa-iii&moves=${line.map(letter).join('.')}`);
  await idle(page);
  await expect(page.locator('#notice')).toHaveText('This game was opened from a shared link.');
  expect(await shown(page)).toEqual(byNumbers);
  expect((await engine(page)).moves).toEqual(line);
  const record = await page.locator('#moves .mv').allTextContents();
  expect(record.slice(1)).toEqual(line.map(letter));
  await page.locator('#btn-share').click();
  const link = await page.locator('#share-link').inputValue();
  expect(new URL(link).hash).toBe(`#game=sadeqa-iii&moves=${line.map(letter).join('.')}`);
});
