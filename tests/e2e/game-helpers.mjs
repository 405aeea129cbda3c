// @ts-check
// Shared steps of the game specs: open the page, read the board it shows,
// ask an independent engine instance what the board should be, play pits
// by clicking the canvas or by keyboard.
import { expect, test } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { serve } from './static-server.mjs';

/** @typedef {import('@playwright/test').Page} Page */

export const GAMES = /** @type {const} */ ([
  { id: 'mangala-iv', name: 'Mangala IV', n: 7, seeds: 98, perPit: 7 },
  { id: 'sadeqa-iii', name: 'Sadeqa III', n: 8, seeds: 96, perPit: 6 },
  { id: 'al-manqala', name: 'Al-manqala', n: 7, seeds: 98, perPit: 7 },
  { id: 'anywoli', name: 'Anywoli', n: 12, seeds: 96, perPit: 4 },
]);

/**
 * Opens the page (with share-link parameters if given) and waits until the board is interactive.
 * @param {Page} page
 * @param {string} [link] parameters without '#'
 */
export async function open(page, link = '') {
  await page.goto(link ? `./#${link}` : './');
  await ready(page);
  await lookAround(page);
}

/**
 * Closes the start dialog a first visit opens with (journeys.spec.mjs tests it), if it is open.
 * @param {Page} page
 */
export async function lookAround(page) {
  // The dialog opens in the board's first frame (`data-coming` until then).
  await page.locator('#start[data-coming]').waitFor({ state: 'detached' });
  if (await page.locator('#start[open]').count()) await page.locator('#start-close').click();
}

/**
 * Holds every wasm request back, as a slow network would, until the returned function is called.
 * @param {Page} page
 * @returns {Promise<() => void>} releases the held requests
 */
export async function holdWasm(page) {
  /** @type {() => void} */
  let release = () => {};
  const held = new Promise((resolve) => (release = () => resolve(undefined)));
  await page.route('**/*.wasm', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** @param {Page} page */
export async function ready(page) {
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
  await idle(page);
}

/**
 * Waits until no move is animating. The board's attributes follow the state in the next animation
 * frame, so one frame passes first: a move just clicked is seen as busy, never as the stale idle.
 * @param {Page} page
 */
export async function idle(page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
  await expect(page.locator('#board')).toHaveAttribute('data-busy', 'false');
}

/**
 * What the page shows.
 * @param {Page} page
 */
export async function shown(page) {
  return page.locator('#board').evaluate((el) => {
    const d = /** @type {HTMLElement} */ (el).dataset;
    const nums = (/** @type {string | undefined} */ s) => (s ? s.split(',').map(Number) : []);
    return {
      variant: d.variant,
      board: nums(d.board),
      stores: nums(d.stores),
      toMove: d.toMove || null,
      over: d.over === 'true',
      ply: Number(d.ply),
      legal: nums(d.legal),
    };
  });
}

/**
 * The position an independent engine instance computes from the autosaved game.
 * @param {Page} page
 */
export async function engine(page) {
  return page.evaluate(async () => {
    const { Game } = await import('./js/main.js');
    const raw = localStorage.getItem('mancala-atlas:game');
    if (!raw) throw new Error('no autosave');
    const e = Game.load(JSON.parse(raw).save);
    const s = e.state();
    e.free();
    return {
      variant: s.variant,
      board: s.board,
      stores: [s.stores.south, s.stores.north],
      toMove: s.toMove,
      over: s.over,
      ply: s.ply,
      legal: s.legal,
      moves: s.moves.map((m) => m.move),
      end: s.end,
      seen: s.seen,
    };
  });
}

/**
 * Checks that the board the page shows is the engine's, pit buttons included.
 * @param {Page} page
 */
export async function expectShownIsEngine(page) {
  await idle(page);
  const [s, e] = await Promise.all([shown(page), engine(page)]);
  expect({ board: s.board, stores: s.stores, toMove: s.toMove, over: s.over, ply: s.ply }).toEqual({
    board: e.board,
    stores: e.stores,
    toMove: e.toMove,
    over: e.over,
    ply: e.ply,
  });
  const labels = await page.locator('#pits .pit').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') ?? ''));
  expect(labels.map((l) => Number(/(\d+) seeds?$/.exec(l)?.[1]))).toEqual(e.board);
  return e;
}

/**
 * Clicks the canvas where a pit is drawn.
 * @param {Page} page
 * @param {number} pit
 */
export async function clickPit(page, pit) {
  const box = await page.locator(`#pits [data-pit="${pit}"]`).boundingBox();
  if (!box) throw new Error(`pit ${pit} is not on screen`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * Plays a pit by clicking the canvas and waits for the move to finish.
 * @param {Page} page
 * @param {number} pit
 */
export async function play(page, pit) {
  const before = (await shown(page)).ply;
  await clickPit(page, pit);
  await expect(page.locator('#board')).toHaveAttribute('data-ply', String(before + 1));
  await idle(page);
}

/**
 * @param {Page} page
 * @param {'slow' | 'normal' | 'fast' | 'instant'} speed
 */
export async function setSpeed(page, speed) {
  await page.locator('#speed').selectOption(speed);
}

/**
 * Starts a game through the "New game" dialog.
 * @param {Page} page
 * @param {string} name the game's name on its card
 * @param {(dialog: import('@playwright/test').Locator) => Promise<void>} [configure]
 */
export async function startFromChooser(page, name, configure) {
  await page.getByRole('button', { name: 'New game' }).first().click();
  const dialog = page.locator('#chooser');
  await expect(dialog).toBeVisible();
  await dialog.locator('.card', { hasText: name }).click();
  if (configure) await configure(dialog);
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(dialog).toBeHidden();
  await idle(page);
}

/**
 * The legal pit whose engine preview gains the mover the most seeds (the
 * first of equals): a policy that depends on the position alone, so a game
 * played with it always ends (by repetition at worst, C-6).
 * @param {Page} page
 * @returns {Promise<number>}
 */
export async function greedyPit(page) {
  return page.evaluate(async () => {
    const { Game } = await import('./js/main.js');
    const raw = localStorage.getItem('mancala-atlas:game');
    if (!raw) throw new Error('no autosave');
    const e = Game.load(JSON.parse(raw).save);
    try {
      const s = e.state();
      const me = /** @type {'south' | 'north'} */ (s.toMove);
      let best = s.legal[0];
      let gain = -Infinity;
      for (const pit of s.legal) {
        const p = e.preview(pit);
        const g = p.stores[me] - s.stores[me];
        if (g > gain) {
          gain = g;
          best = pit;
        }
      }
      return best;
    } finally {
      e.free();
    }
  });
}

/**
 * Plays until the game is over by clicking the canvas, each side taking the
 * greediest pit, and returns how many moves it took.
 * @param {Page} page
 * @param {number} [limit]
 */
export async function playToEnd(page, limit = 3000) {
  for (let i = 0; i < limit; i++) {
    const s = await shown(page);
    if (s.over) return i;
    expect(s.legal.length).toBeGreaterThan(0);
    await play(page, await greedyPit(page));
  }
  throw new Error(`no end after ${limit} moves`);
}

/**
 * A second origin for pages that embed the game: HOST_URL (tests/e2e/host/, served by
 * `cargo xtask test`), or a server of that folder started for the calling file or describe block.
 * Call it where `test.beforeAll` may be; returns the host page's URL once the tests run.
 * @returns {() => string}
 */
export function useHost() {
  let url = process.env.HOST_URL ?? '';
  /** @type {Awaited<ReturnType<typeof serve>> | null} */
  let own = null;
  test.beforeAll(async () => {
    if (!url) {
      own = await serve(fileURLToPath(new URL('./host/', import.meta.url)));
      url = own.url;
    }
  });
  test.afterAll(async () => {
    await own?.close();
  });
  return () => url;
}

/**
 * Searches, with an engine in the page, a line of play from the start of Anywoli (a spread of
 * legal pits, tried again with other spreads) to a position where one move does what `want`
 * names: an extra move (AW-5), the four-left end (AW-6), or that end with the last four spread
 * over several pits. Returns the moves, the pit to play next, and who takes the last four.
 * @param {Page} page
 * @param {'extra-move' | 'four-left' | 'four-left-spread'} want
 * @param {import('../../www/js/engine.js').Options} [options]
 * @returns {Promise<{moves: number[], pit: number, taker: 'south' | 'north' | null}>}
 */
export async function findAnywoliLine(page, want, options = {}) {
  return page.evaluate(
    async ([want, options]) => {
      const { Game } = await import('./js/main.js');
      for (let variant = 0; variant < 400; variant++) {
        const e = Game.create('anywoli', options);
        try {
          /** @type {number[]} */
          const moves = [];
          for (let ply = 0; ply < 600; ply++) {
            const s = e.state();
            if (s.over) break;
            for (const pit of s.legal) {
              const p = e.preview(pit);
              const settles = (p.trace ?? []).filter((step) => step.type === 'capture' && step.kind === 'settle');
              const hit =
                want === 'extra-move'
                  ? (p.trace ?? []).some((step) => step.type === 'extra-move')
                  : p.end?.reason === 'four-left' && (want === 'four-left' || settles.length > 1);
              if (hit && ply > 2) return { moves, pit, taker: /** @type {any} */ (settles[0])?.to ?? null };
            }
            const pick = s.legal[(ply * 7 + variant * 3) % s.legal.length];
            e.play(pick);
            moves.push(pick);
          }
        } finally {
          e.free();
        }
      }
      throw new Error(`no ${want} found`);
    },
    /** @type {const} */ ([want, options]),
  );
}
