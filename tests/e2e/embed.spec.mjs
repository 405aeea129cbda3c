// @ts-check
// Embedding (issue 6): a host page on another origin (HOST_URL, tests/e2e/host/) puts the game in
// an iframe and talks to it through the postMessage API of js/embed.js. Whether a message has been
// handled is never waited for by time: the host posts a probe after its commands, and the frame
// answers once it has seen the probe, so everything before it has been handled.
import { test, expect } from '@playwright/test';
import { useHost } from './game-helpers.mjs';

/** @typedef {import('@playwright/test').Page} Page */
/** @typedef {import('@playwright/test').Frame} Frame */

const NS = 'mancala-atlas';
const host = useHost();

/**
 * Opens the host page with the game at `params` in its iframe; returns the game's frame once
 * its board is interactive.
 * @param {Page} page
 * @param {string} baseURL
 * @param {string} params the embed's query, without `?`
 * @param {string} [hostPage] the host page's URL (another origin than the game's)
 * @returns {Promise<Frame>}
 */
async function embed(page, baseURL, params, hostPage = host()) {
  await page.goto(`${hostPage}?src=${encodeURIComponent(`${baseURL}?${params}`)}`);
  const frame = await (await page.locator('#game').elementHandle())?.contentFrame();
  if (!frame) throw new Error('no game frame');
  await frame.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
  await expect(frame.locator('#board')).toHaveAttribute('data-busy', 'false');
  return frame;
}

/** The host's origin, for `allow=`. */
const hostOrigin = () => new URL(host()).origin;

/**
 * Posts `messages` from the host, then a probe, and returns once the frame has received the probe
 * (and so has handled every message before it).
 * @param {Page} page
 * @param {Frame} frame
 * @param {unknown[]} messages
 */
async function post(page, frame, messages) {
  await frame.evaluate(() => {
    /** @type {any} */ (window).probed = new Promise((resolve) => {
      addEventListener('message', function seen(e) {
        if (e.data !== 'probe') return;
        removeEventListener('message', seen);
        resolve(undefined);
      });
    });
  });
  await page.evaluate((list) => {
    for (const m of list) /** @type {any} */ (window).send(m);
    /** @type {any} */ (window).send('probe');
  }, /** @type {any} */ (messages));
  await frame.evaluate(() => /** @type {any} */ (window).probed);
}

/** What the host has heard, as `{origin, data}`. @param {Page} page */
function heard(page) {
  return page.evaluate(() => /** @type {{origin: string, data: any}[]} */ (/** @type {any} */ (window).received));
}

/** @param {Page} page */
async function types(page) {
  return (await heard(page)).map((r) => r.data.type).filter((t) => t !== 'resize');
}

/** The board the frame shows. @param {Frame} frame */
function shown(frame) {
  return frame.locator('#board').evaluate((el) => {
    const d = /** @type {HTMLElement} */ (el).dataset;
    const nums = (/** @type {string | undefined} */ s) => (s ? s.split(',').map(Number) : []);
    return { variant: d.variant, board: nums(d.board), ply: Number(d.ply), toMove: d.toMove || null, legal: nums(d.legal) };
  });
}

/**
 * A whole game played by an independent engine, each side taking the pit that gains it most (the
 * first of equals), with the board after every move.
 * @param {Page} page
 * @param {string} baseURL
 * @param {string} variant
 */
async function greedyGame(page, baseURL, variant) {
  await page.goto(baseURL);
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
  return page.evaluate(async (v) => {
    const { Game, initEngine } = await import('./js/main.js');
    await initEngine();
    const e = Game.create(v, {});
    /** @type {number[]} */
    const moves = [];
    const boards = [e.state().board];
    while (!e.state().over && moves.length < 3000) {
      const s = e.state();
      const me = /** @type {'south' | 'north'} */ (s.toMove);
      let best = s.legal[0];
      let gain = -Infinity;
      for (const pit of s.legal) {
        const g = e.preview(pit).stores[me] - s.stores[me];
        if (g > gain) [gain, best] = [g, pit];
      }
      e.play(best);
      moves.push(best);
      boards.push(e.state().board);
    }
    const end = e.state().end;
    e.free();
    return { moves, boards, end };
  }, variant);
}

test('the host hears ready, move and gameover, and sizes the iframe to the game', async ({ page, baseURL }) => {
  const base = /** @type {string} */ (baseURL);
  const game = await greedyGame(page, base, 'al-manqala');
  const n = game.moves.length;
  const last = game.moves[n - 1];
  const frame = await embed(page, base, `embed=1&game=al-manqala&moves=${game.moves.slice(0, -1).join('.')}&allow=${hostOrigin()}`);
  await frame.locator('#speed').selectOption('instant');
  expect((await shown(frame)).board).toEqual(game.boards[n - 1]);
  // No site chrome.
  await expect(frame.locator('header.bar')).toBeHidden();
  await expect(frame.locator('aside.side')).toBeHidden();

  await frame.locator(`#pits [data-pit="${last}"]`).click();
  await expect.poll(() => types(page)).toEqual(['ready', 'move', 'gameover']);
  const got = await heard(page);
  expect(new Set(got.map((r) => r.origin))).toEqual(new Set([new URL(base).origin]));
  const [ready, move, over] = got.filter((r) => r.data.type !== 'resize').map((r) => r.data);
  expect({ ns: ready.ns, version: ready.version, mode: ready.mode, game: ready.game, ply: ready.ply, board: ready.board }).toEqual({
    ns: NS,
    version: 1,
    mode: 'play',
    game: 'al-manqala',
    ply: n - 1,
    board: game.boards[n - 1],
  });
  expect({ move: move.move, ply: move.ply, board: move.board, over: move.over, moves: move.moves }).toEqual({
    move: last,
    ply: n,
    board: game.boards[n],
    over: true,
    moves: game.moves,
  });
  expect({ winner: over.winner, reason: over.reason }).toEqual({ winner: game.end?.winner ?? null, reason: game.end?.reason });

  // The last height heard is the content's, and the host gave the iframe that height.
  const measure = () => frame.evaluate(() => Math.ceil(/** @type {HTMLElement} */ (document.getElementById('main')).getBoundingClientRect().bottom + scrollY));
  await expect
    .poll(async () => (await heard(page)).filter((r) => r.data.type === 'resize').at(-1)?.data.height)
    .toBe(await measure());
  expect(await page.locator('#game').evaluate((el) => el.getBoundingClientRect().height - 2)).toBe(await measure());
});

test('commands from an allowed parent: new-game, load, set-option; malformed ones are ignored', async ({ page, baseURL }) => {
  const base = /** @type {string} */ (baseURL);
  await page.emulateMedia({ colorScheme: 'dark' });
  const frame = await embed(page, base, `embed=1&allow=${encodeURIComponent(`https://wiki.example.org, ${hostOrigin()}`)}`);
  const start = await shown(frame);
  expect(start.variant).toBe('mangala-iv');

  await post(page, frame, [
    null,
    42,
    'new-game',
    [{ ns: NS, type: 'new-game', game: 'anywoli' }],
    { type: 'new-game', game: 'anywoli' },
    { ns: 'other', type: 'new-game', game: 'anywoli' },
    { ns: NS, type: 'new-game', game: 'anywoli', surprise: 1 },
    { ns: NS, type: 'new-game', game: 'anywoli', options: { first: { evil: 1 } } },
    { ns: NS, type: 'new-game', game: 'anywoli', options: { color: 'red' } },
    { ns: NS, type: 'new-game', game: '<img src=x onerror=alert(1)>' },
    { ns: NS, type: 'new-game', game: 'anywoli', moves: ['1'] },
    { ns: NS, type: 'load', game: 'anywoli', moves: ['1; alert(1)'] },
    { ns: NS, type: 'load', game: 'anywoli', moves: ['1'], ply: 2 },
    { ns: NS, type: 'load', game: 'al-manqala', position: { board: [1], stores: { south: 0 }, turn: 'south' } },
    { ns: NS, type: 'load', game: 'al-manqala', position: { board: 'x', stores: { south: 0, north: 0 }, turn: 'south' } },
    { ns: NS, type: 'set-option', name: '__proto__', value: 'x' },
    { ns: NS, type: 'set-option', name: 'speed', value: 'warp' },
    { ns: NS, type: 'explode' },
  ]);
  expect(await shown(frame)).toEqual(start);
  expect(await types(page)).toEqual(['ready']);
  expect(await frame.locator('img').count()).toBe(0);

  await post(page, frame, [
    { ns: NS, type: 'set-option', name: 'speed', value: 'instant' },
    { ns: NS, type: 'new-game', game: 'anywoli', options: { first: 'north' } },
  ]);
  await expect(frame.locator('#speed')).toHaveValue('instant');
  const anywoli = await shown(frame);
  expect({ variant: anywoli.variant, board: anywoli.board, ply: anywoli.ply, toMove: anywoli.toMove }).toEqual({
    variant: 'anywoli',
    board: Array(24).fill(4),
    ply: 0,
    toMove: 'north',
  });
  const loaded = (await heard(page)).map((r) => r.data).filter((d) => d.type === 'loaded');
  expect(loaded.map((d) => [d.game, d.ply, d.toMove])).toEqual([['anywoli', 0, 'north']]);

  // A well-formed command the engine refuses: an error event and a message; the game stays.
  await post(page, frame, [{ ns: NS, type: 'load', game: 'sadeqa-iii', moves: [2, 2] }]);
  const error = (await heard(page)).map((r) => r.data).filter((d) => d.type === 'error');
  expect(error).toEqual([{ ns: NS, version: 1, type: 'error', command: 'load', message: 'move 2 ("2") cannot be played: not your pit' }]);
  await expect(frame.locator('#notice')).toContainText('move 2 ("2") cannot be played: not your pit');
  expect((await shown(frame)).variant).toBe('anywoli');

  // Theme: forced light inside a dark system, forced dark, then the system's again.
  const background = () => frame.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bg').trim());
  expect(await background()).toBe('#16120e');
  await post(page, frame, [{ ns: NS, type: 'set-option', name: 'theme', value: 'light' }]);
  expect(await background()).toBe('#f5efe3');
  await post(page, frame, [{ ns: NS, type: 'set-option', name: 'theme', value: 'auto' }]);
  expect(await background()).toBe('#16120e');

  // The computer takes North and answers South's move; the language changes.
  await post(page, frame, [
    { ns: NS, type: 'load', game: 'sadeqa-iii', moves: [], computer: 'north', level: 1 },
    { ns: NS, type: 'set-option', name: 'lang', value: 'it' },
  ]);
  await expect(frame.locator('html')).toHaveAttribute('lang', 'it');
  const sadeqa = await shown(frame);
  await frame.locator(`#pits [data-pit="${sadeqa.legal[0]}"]`).click();
  await expect(frame.locator('#board')).toHaveAttribute('data-ply', '2');
  const moves = (await heard(page)).map((r) => r.data).filter((d) => d.type === 'move');
  expect(moves.map((d) => [d.ply, d.side])).toEqual([
    [1, 'south'],
    [2, 'north'],
  ]);
});

test('a command from a parent whose origin is not allowed is ignored', async ({ page, baseURL }) => {
  const base = /** @type {string} */ (baseURL);
  // The same host page under another name is another origin than the one allowed.
  const elsewhere = host().replace('//127.0.0.1:', '//localhost:');
  expect(new URL(elsewhere).origin).not.toBe(hostOrigin());
  const frame = await embed(page, base, `embed=1&game=sadeqa-iii&allow=${hostOrigin()}`, elsewhere);
  await post(page, frame, [{ ns: NS, type: 'new-game', game: 'anywoli' }]);
  expect((await shown(frame)).variant).toBe('sadeqa-iii');
  // Events go only to the allowed origins, so this parent heard nothing either.
  expect(await heard(page)).toEqual([]);
});

test('view mode steps through a given move list, forwards and back', async ({ page, baseURL }) => {
  const base = /** @type {string} */ (baseURL);
  const game = await greedyGame(page, base, 'sadeqa-iii');
  const moves = game.moves.slice(0, 4);
  const frame = await embed(page, base, `embed=1&mode=view&game=sadeqa-iii&moves=${moves.join('.')}&ply=0&allow=${hostOrigin()}`);
  await frame.locator('#speed').selectOption('instant');
  await expect(frame.locator('#pits .pit[aria-disabled="false"]')).toHaveCount(0);
  expect((await shown(frame)).board).toEqual(game.boards[0]);
  const forward = frame.getByRole('button', { name: 'Redo' });
  for (let ply = 1; ply <= moves.length; ply++) {
    await forward.click();
    await expect(frame.locator('#board')).toHaveAttribute('data-ply', String(ply));
    await expect(frame.locator('#board')).toHaveAttribute('data-busy', 'false');
    expect((await shown(frame)).board).toEqual(game.boards[ply]);
  }
  await expect(forward).toBeDisabled();
  await frame.getByRole('button', { name: 'Undo' }).click();
  await expect(frame.locator('#board')).toHaveAttribute('data-ply', String(moves.length - 1));
  expect((await shown(frame)).board).toEqual(game.boards[moves.length - 1]);
  const heardMoves = (await heard(page)).map((r) => r.data).filter((d) => d.type === 'move');
  expect(heardMoves.map((d) => [d.move, d.ply])).toEqual(moves.map((m, i) => [m, i + 1]));
  // The ends, in one step each.
  const [first, last] = [frame.getByRole('button', { name: 'To the start' }), frame.getByRole('button', { name: 'To the end' })];
  await first.click();
  await expect(frame.locator('#board')).toHaveAttribute('data-ply', '0');
  expect((await shown(frame)).board).toEqual(game.boards[0]);
  await expect(first).toBeDisabled();
  await last.click();
  await expect(frame.locator('#board')).toHaveAttribute('data-ply', String(moves.length));
  expect((await shown(frame)).board).toEqual(game.boards[moves.length]);
  await expect(last).toBeDisabled();
  await expect(first).toBeEnabled();
});

test('puzzle mode: the position without its answer, a dark theme, and "Start again"', async ({ page, baseURL }) => {
  const base = /** @type {string} */ (baseURL);
  const game = await greedyGame(page, base, 'mangala-iv');
  const frame = await embed(
    page,
    base,
    `embed=1&mode=puzzle&theme=dark&game=mangala-iv&moves=${game.moves.slice(0, 6).join('.')}&ply=3`,
  );
  await frame.locator('#speed').selectOption('instant');
  expect(await frame.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bg').trim())).toBe('#16120e');
  const puzzle = await shown(frame);
  expect({ ply: puzzle.ply, board: puzzle.board }).toEqual({ ply: 3, board: game.boards[3] });
  await expect(frame.getByRole('button', { name: 'Redo' })).toBeDisabled();
  await frame.locator(`#pits [data-pit="${puzzle.legal.at(-1)}"]`).click();
  await expect(frame.locator('#board')).toHaveAttribute('data-ply', '4');
  await expect(frame.locator('#board')).toHaveAttribute('data-busy', 'false');
  await frame.getByRole('button', { name: 'Start again' }).click();
  await expect(frame.locator('#board')).toHaveAttribute('data-ply', '3');
  expect((await shown(frame)).board).toEqual(game.boards[3]);
});

test('a set-up position: from the link as a puzzle, and from a load command', async ({ page, baseURL }) => {
  const base = /** @type {string} */ (baseURL);
  // AM-4: South must feed North, so only pit 6 (g) may be sown.
  const board = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0];
  const frame = await embed(
    page,
    base,
    `embed=1&mode=puzzle&game=al-manqala&board=${board.join('.')}&stores=48.48&allow=${hostOrigin()}`,
  );
  await frame.locator('#speed').selectOption('instant');
  expect(await shown(frame)).toEqual({ variant: 'al-manqala', board, ply: 0, toMove: 'south', legal: [6] });
  const ready = (await heard(page)).map((r) => r.data).find((d) => d.type === 'ready');
  expect(ready.start).toEqual({ board, stores: { south: 48, north: 48 }, turn: 'south' });
  await frame.locator('#pits [data-pit="6"]').click();
  await expect(frame.locator('#board')).toHaveAttribute('data-ply', '1');
  expect(await shown(frame)).toEqual({ variant: 'al-manqala', board: [1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], ply: 1, toMove: 'north', legal: [7] });
  await frame.getByRole('button', { name: 'Start again' }).click();
  await expect(frame.locator('#board')).toHaveAttribute('data-ply', '0');
  expect((await shown(frame)).board).toEqual(board);
  // The computer's worker plays from the same position: North's only move answers.
  await post(page, frame, [{ ns: NS, type: 'set-option', name: 'computer', value: 'north' }]);
  await frame.locator('#pits [data-pit="6"]').click();
  await expect(frame.locator('#board')).toHaveAttribute('data-ply', '2');
  const moves = (await heard(page)).map((r) => r.data).filter((d) => d.type === 'move');
  expect(moves.slice(-2).map((d) => [d.move, d.side])).toEqual([[6, 'south'], [7, 'north']]);

  // The same from the host, North to move; then a position that does not add up is refused.
  await post(page, frame, [
    { ns: NS, type: 'load', game: 'sadeqa-iii', position: { board: [0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0], stores: { south: 40, north: 54 }, turn: 'north' }, computer: 'none' },
  ]);
  expect(await shown(frame)).toEqual({ variant: 'sadeqa-iii', board: [0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0], ply: 0, toMove: 'north', legal: [8] });
  await post(page, frame, [{ ns: NS, type: 'load', game: 'sadeqa-iii', position: { board: Array(16).fill(6), stores: { south: 1, north: 0 }, turn: 'south' } }]);
  const error = (await heard(page)).map((r) => r.data).filter((d) => d.type === 'error');
  expect(error.map((d) => d.message)).toEqual(['the position does not fit the game: this game has 96 seeds, but board and stores hold 97']);
  expect((await shown(frame)).board).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0]);
});

test('a malformed embed link shows its error as text and tells the host', async ({ page, baseURL }) => {
  const base = /** @type {string} */ (baseURL);
  const frame = await embed(page, base, `embed=1&game=${encodeURIComponent('<img src=x onerror=alert(1)>')}&allow=${hostOrigin()}`);
  await expect(frame.locator('#notice')).toContainText('<img src=x onerror=alert(1)>');
  expect(await frame.locator('img').count()).toBe(0);
  await expect.poll(() => types(page)).toEqual(['ready', 'error']);
  const error = (await heard(page)).map((r) => r.data).find((d) => d.type === 'error');
  expect(error.command).toBe('embed');
  expect(error.message).toContain('<img src=x onerror=alert(1)>');
});
