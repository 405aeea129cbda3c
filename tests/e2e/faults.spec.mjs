// @ts-check
// Faults the browser can throw at us (issue 12): storage full or refused, the game open in two tabs,
// a service-worker update in the middle of a move, a save from a newer version, a host flooding
// the embed with messages. Each is answered in the player's language and the game in progress is
// kept: every test checks the exact texts and the exact board (#board data attributes) against an
// independent engine instance.
import { test, expect } from '@playwright/test';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clickPit, lookAround, open, play, ready, setSpeed, shown, useHost } from './game-helpers.mjs';
import { serve } from './static-server.mjs';

/** @typedef {import('@playwright/test').Page} Page */

const UNSAVED = 'This browser does not let the game be saved, so it goes on unsaved: reloading or closing the page loses it.';
const OTHER_TAB =
  'This game is also open in another tab, which has just saved its own game. Your game here goes on; it is saved again when you play here. A reload brings back the game of the tab that moved last.';

/**
 * The board and ply an independent engine reaches from a game's start (Mangala IV's even one) by `moves`.
 * @param {Page} page
 * @param {number[]} moves
 * @param {string} [variant]
 */
function expected(page, moves, variant = 'mangala-iv') {
  return page.evaluate(async ([list, v]) => {
    const { Game } = await import('./js/main.js');
    const e = Game.create(v, v === 'mangala-iv' ? { setup: 'even' } : {});
    for (const m of list) e.play(m);
    const s = e.state();
    e.free();
    return { board: s.board, ply: s.ply };
  }, /** @type {const} */ ([moves, variant]));
}

/** The board and ply the page shows. @param {Page} page */
async function position(page) {
  const s = await shown(page);
  return { board: s.board, ply: s.ply };
}

/**
 * Plays the first legal pit, returning it.
 * @param {Page} page
 */
async function playFirst(page) {
  const pit = (await shown(page)).legal[0];
  await play(page, pit);
  return pit;
}

test.describe('storage refused', () => {
  test('localStorage full (QuotaExceededError): said once, the game goes on unsaved', async ({ page }) => {
    await page.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await open(page);
    await setSpeed(page, 'instant');
    const moves = [await playFirst(page)];
    const warning = page.locator('#warn-unsaved');
    await expect(warning.locator('span')).toHaveText(UNSAVED);
    expect(await position(page)).toEqual(await expected(page, moves));
    // Closed, it does not come back at the next moves.
    await warning.getByRole('button', { name: 'OK' }).click();
    moves.push(await playFirst(page), await playFirst(page));
    await expect(warning).toHaveCount(0);
    expect(await position(page)).toEqual(await expected(page, moves));
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });

  test('storage disabled (private mode): said in Italian, the game goes on', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'it-IT' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const refuse = () => {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      };
      Storage.prototype.setItem = refuse;
      Storage.prototype.getItem = refuse;
    });
    await open(page);
    await setSpeed(page, 'instant');
    const moves = [await playFirst(page), await playFirst(page)];
    await expect(page.locator('#warn-unsaved span')).toHaveText(
      'Questo browser non permette di salvare la partita, quindi si continua senza salvataggio: se ricarichi o chiudi la pagina, la partita va persa.',
    );
    await expect(page.locator('#warn-unsaved')).toHaveCount(1);
    expect(await position(page)).toEqual(await expected(page, moves));
    await context.close();
  });
});

test('two tabs playing: each keeps its own game, the tab that moved last owns the autosave', async ({ page, context }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      const save = JSON.stringify({ format: 1, variant: 'anywoli', options: {}, moves: [] });
      localStorage.setItem('mancala-atlas:game', JSON.stringify({ save, seating: { mode: 'two' } }));
    }
  });
  await open(page);
  await setSpeed(page, 'instant');
  // Anywoli, where the second player has a choice (Mangala IV's leftmost pit is forced), so
  // that the two tabs' games can differ.
  const first = (await shown(page)).legal[0];
  await play(page, first);
  const other = await context.newPage();
  await open(other);
  expect(await position(other)).toEqual(await expected(other, [first], 'anywoli'));

  // The second tab plays: the first hears it, says so, and keeps its own game.
  const b = (await shown(other)).legal[0];
  await play(other, b);
  await expect(page.locator('#warn-otherTab span')).toHaveText(OTHER_TAB);
  expect(await position(page)).toEqual(await expected(page, [first], 'anywoli'));
  await expect(other.locator('#warn-otherTab')).toHaveCount(0);

  // The first tab plays another pit: now it owns the autosave, and the second tab is told.
  const a = (await shown(page)).legal[1];
  expect(a).not.toBe(b);
  await play(page, a);
  await expect(page.locator('#warn-otherTab')).toHaveCount(0);
  await expect(other.locator('#warn-otherTab span')).toHaveText(OTHER_TAB);
  expect(await position(page)).toEqual(await expected(page, [first, a], 'anywoli'));
  expect(await position(other)).toEqual(await expected(other, [first, b], 'anywoli'));

  // A reload brings back the game of the tab that moved last.
  await other.reload();
  await ready(other);
  expect(await position(other)).toEqual(await expected(other, [first, a], 'anywoli'));
});

test('a save from a newer version is kept aside, each under its own key, and named in words', async ({ page }) => {
  const newer = (/** @type {number} */ format) =>
    JSON.stringify({ save: JSON.stringify({ format, variant: 'anywoli', options: {}, moves: ['1'] }), seating: { mode: 'two' } });
  await page.addInitScript((text) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('mancala-atlas:game.unreadable', '{"save": ');
      localStorage.setItem('mancala-atlas:game', text);
    }
  }, newer(99));
  await open(page);
  const notice = page.locator('#notice');
  await expect(notice).toHaveText(
    'This saved game comes from a newer version of Mancala Atlas (save format 99; this page reads format 1). It is kept aside, untouched, for that version; a new game was started here.',
  );
  expect(await position(page)).toEqual(await expected(page, []));
  const kept = () =>
    page.evaluate(() =>
      Object.fromEntries(
        Object.keys(localStorage)
          .filter((k) => k.startsWith('mancala-atlas:game.unreadable'))
          .sort()
          .map((k) => [k, localStorage.getItem(k)]),
      ),
    );
  expect(await kept()).toEqual({ 'mancala-atlas:game.unreadable': '{"save": ', 'mancala-atlas:game.unreadable.2': newer(99) });

  // Another newer save, in Turkish: kept beside the others, none overwritten.
  await page.evaluate((text) => localStorage.setItem('mancala-atlas:game', text), newer(100));
  await page.goto('./?lang=tr');
  await ready(page);
  await expect(notice).toHaveText(
    'Bu kayıtlı oyun Mancala Atlas’ın daha yeni bir sürümünden (kayıt biçimi 100; bu sayfa 1 biçimini okuyor). O sürüm için olduğu gibi bir kenarda saklanıyor; burada yeni bir oyun başlatıldı.',
  );
  expect(await kept()).toEqual({
    'mancala-atlas:game.unreadable': '{"save": ',
    'mancala-atlas:game.unreadable.2': newer(99),
    'mancala-atlas:game.unreadable.3': newer(100),
  });
  await setSpeed(page, 'instant');
  const moves = [await playFirst(page)];
  expect(await position(page)).toEqual(await expected(page, moves));
});

const dist = process.env.DIST_DIR ?? fileURLToPath(new URL('../../dist/', import.meta.url));

/**
 * A copy of dist/ served by the test's own server, and a next build of it (another hash in the
 * service worker, a marked page) to deploy by setting `site.root = next` (as offline.spec.mjs).
 */
async function twoBuilds() {
  const work = await mkdtemp(path.join(tmpdir(), 'atlas-faults-'));
  const dir = path.join(work, 'site');
  await cp(dist, dir, { recursive: true });
  const next = path.join(work, 'two');
  await cp(dir, next, { recursive: true });
  const sw = await readFile(path.join(next, 'sw.js'), 'utf8');
  const hash = /const BUILD = '([0-9a-f]+)';/.exec(sw)?.[1] ?? '';
  await writeFile(path.join(next, 'sw.js'), sw.replace(`const BUILD = '${hash}';`, `const BUILD = '${[...hash].reverse().join('')}';`));
  const html = await readFile(path.join(next, 'index.html'), 'utf8');
  await writeFile(path.join(next, 'index.html'), html.replace('<html lang="en">', '<html lang="en" data-test-build="two">'));
  const site = await serve(dir);
  return {
    site,
    next,
    async close() {
      await site.close();
      await rm(work, { recursive: true, force: true });
    },
  };
}

test('a service-worker update during a slow move: the move finishes, and "Reload" in the middle of the next keeps it', async ({ page }) => {
  test.setTimeout(120_000);
  const builds = await twoBuilds();
  try {
    await page.goto(builds.site.url);
    await ready(page);
    await lookAround(page);
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated' && Boolean(navigator.serviceWorker.controller)))
      .toBe(true);
    await setSpeed(page, 'slow');
    const board = page.locator('#board');

    // The update arrives while a move is being sown: the prompt waits beside it.
    const first = (await shown(page)).legal[0];
    await clickPit(page, first);
    await expect(board).toHaveAttribute('data-busy', 'true');
    builds.site.root = builds.next;
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.locator('#update');
    await expect(prompt.locator('span')).toHaveText('A new version of Mancala Atlas is ready. Reloading keeps your game.');
    // A relay move at slow speed sows for up to 24 s (anim.js TIMING budget).
    await expect(board).toHaveAttribute('data-busy', 'false', { timeout: 40_000 });
    expect(await position(page)).toEqual(await expected(page, [first]));
    await expect(page.locator('html')).not.toHaveAttribute('data-test-build', 'two');

    // "Reload" while the next move is still being sown: the new build comes back with both moves.
    const second = (await shown(page)).legal[0];
    await clickPit(page, second);
    await expect(board).toHaveAttribute('data-busy', 'true');
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await ready(page);
    await expect(page.locator('html')).toHaveAttribute('data-test-build', 'two');
    expect(await position(page)).toEqual(await expected(page, [first, second]));
  } finally {
    await builds.close();
  }
});

test('"Reload" for a service-worker update while the computer thinks: its turn comes back and it plays', async ({ page }) => {
  const builds = await twoBuilds();
  try {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        const save = JSON.stringify({ format: 1, variant: 'sadeqa-iii', options: {}, moves: [] });
        const seating = { mode: 'computer', human: 'south', level: 1, players: { south: 'you', north: 'computer' } };
        localStorage.setItem('mancala-atlas:game', JSON.stringify({ save, seating }));
        localStorage.setItem('mancala-atlas:prefs', JSON.stringify({ speed: 'fast' }));
        // The first page's computer never answers, so the reload surely comes while it thinks
        // (a quick level answers in half a second, which a busy machine's polling can miss).
        const Real = window.Worker;
        window.Worker = class extends Real {
          /** @param {((e: MessageEvent) => void) | null} handler */
          set onmessage(handler) {
            super.onmessage = (e) => {
              if (e.data?.type !== 'move') handler?.call(this, e);
            };
          }
          get onmessage() {
            return super.onmessage;
          }
        };
      }
    });
    await page.goto(builds.site.url);
    await ready(page);
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated' && Boolean(navigator.serviceWorker.controller)))
      .toBe(true);
    builds.site.root = builds.next;
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.locator('#update');
    await expect(prompt.locator('span')).toHaveText('A new version of Mancala Atlas is ready. Reloading keeps your game.');

    const pit = (await shown(page)).legal[0];
    await play(page, pit);
    await expect(page.locator('#player-north')).toContainText('thinking…');
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await ready(page);
    await expect(page.locator('html')).toHaveAttribute('data-test-build', 'two');
    // The player's move is kept and the computer, to move again, plays its reply.
    await expect(page.locator('#board')).toHaveAttribute('data-ply', '2');
    const moves = await page.evaluate(async () => {
      const { Game } = await import('./js/main.js');
      const e = Game.load(JSON.parse(localStorage.getItem('mancala-atlas:game') ?? '').save);
      const s = e.state();
      e.free();
      return s.moves.map((m) => m.move);
    });
    expect(moves[0]).toBe(pit);
    await expect(page.locator('#board')).toHaveAttribute('data-busy', 'false');
    const s = await shown(page);
    expect({ variant: s.variant, board: s.board, ply: s.ply }).toEqual({ variant: 'sadeqa-iii', ...(await expected(page, moves.map(Number), 'sadeqa-iii')) });
  } finally {
    await builds.close();
  }
});

test.describe('embedded', () => {
  const host = useHost();
  const NS = 'mancala-atlas';

  test('a host flooding the embed: the game stays responsive and obeys only the allowed parent', async ({ page, baseURL }) => {
    const origin = new URL(host()).origin;
    const params = `embed=1&allow=${encodeURIComponent(origin)}`;
    await page.goto(`${host()}?src=${encodeURIComponent(`${baseURL}?${params}`)}`);
    const game = await (await page.locator('#game').elementHandle())?.contentFrame();
    if (!game) throw new Error('no game frame');
    await game.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    // A second window of another origin (the same host page under another name) beside the game.
    const elsewhere = host().replace('//127.0.0.1:', '//localhost:');
    await page.evaluate((src) => {
      const f = document.createElement('iframe');
      f.id = 'intruder';
      f.src = src;
      document.body.append(f);
    }, elsewhere);
    const intruder = await (await page.locator('#intruder').elementHandle())?.contentFrame();
    if (!intruder) throw new Error('no intruder frame');
    await intruder.waitForLoadState();
    /** Floods from the intruder: valid commands, but from another window and origin. */
    const intrude = (/** @type {number} */ n) =>
      intruder.evaluate(
        ([n, ns]) => {
          for (let i = 0; i < n; i++) {
            parent.frames[0].postMessage({ ns, type: 'new-game', game: 'anywoli' }, '*');
            parent.frames[0].postMessage({ ns, type: 'set-option', name: 'lang', value: 'tr' }, '*');
          }
        },
        /** @type {const} */ ([n, NS]),
      );
    /** Resolves once the game has handled everything the host posted before the probe. */
    const probe = async () => {
      await game.evaluate(() => {
        /** @type {any} */ (window).probed = new Promise((resolve) => {
          addEventListener('message', function seen(e) {
            if (e.data !== 'probe') return;
            removeEventListener('message', seen);
            resolve(undefined);
          });
        });
      });
      await page.evaluate(() => /** @type {any} */ (window).send('probe'));
      await game.evaluate(() => /** @type {any} */ (window).probed);
    };

    // A burst of 6,000 messages from the parent, most malformed, a few valid, and 4,000 from the intruder.
    await intrude(2000);
    await page.evaluate((ns) => {
      const send = /** @type {any} */ (window).send;
      const games = ['anywoli', 'al-manqala', 'mangala-iv'];
      for (let i = 0; i < 1000; i++) {
        send(null);
        send('new-game');
        send({ ns: 'other', type: 'new-game', game: 'anywoli' });
        send({ ns, type: 'new-game', game: '<b>x</b>' });
        send({ ns, type: 'explode', n: i });
        if (i % 50 === 0) send({ ns, type: 'new-game', game: games[(i / 50) % 3] });
        else send({ ns, type: 'set-option', name: 'speed', value: i % 2 ? 'fast' : 'warp' });
      }
      send({ ns, type: 'load', game: 'sadeqa-iii', moves: [] });
      send({ ns, type: 'set-option', name: 'speed', value: 'instant' });
    }, NS);
    await probe();
    const board = () =>
      game.locator('#board').evaluate((el) => {
        const d = /** @type {HTMLElement} */ (el).dataset;
        return { variant: d.variant, board: (d.board ?? '').split(',').map(Number), ply: Number(d.ply), legal: (d.legal ?? '').split(',').map(Number) };
      });
    const loaded = await board();
    expect({ variant: loaded.variant, board: loaded.board, ply: loaded.ply }).toEqual({ variant: 'sadeqa-iii', board: Array(16).fill(6), ply: 0 });
    await expect(game.locator('html')).toHaveAttribute('lang', 'en');
    await expect(game.locator('#speed')).toHaveValue('instant');

    // While the flood goes on (some 20,000 messages a second), a click on a pit still plays.
    await page.evaluate((ns) => {
      const send = /** @type {any} */ (window).send;
      /** @type {any} */ (window).flood = setInterval(() => {
        for (let i = 0; i < 100; i++) {
          send({ ns, type: 'explode' });
          send({ ns, type: 'set-option', name: 'speed', value: 'instant' });
        }
      }, 10);
    }, NS);
    const flooding = intrude(5000);
    const pit = loaded.legal[0];
    await game.locator(`#pits [data-pit="${pit}"]`).click();
    await expect(game.locator('#board')).toHaveAttribute('data-ply', '1', { timeout: 5000 });
    await flooding;
    await page.evaluate(() => clearInterval(/** @type {any} */ (window).flood));
    await probe();
    const want = await game.evaluate(async (p) => {
      const { Game } = await import('./js/main.js');
      const e = Game.create('sadeqa-iii', {});
      e.play(p);
      const s = e.state();
      e.free();
      return { variant: s.variant, board: s.board, ply: s.ply };
    }, pit);
    const after = await board();
    expect({ variant: after.variant, board: after.board, ply: after.ply }).toEqual(want);
    await expect(game.locator('html')).toHaveAttribute('lang', 'en');
    const heard = await page.evaluate(() => /** @type {any} */ (window).received.map((/** @type {any} */ r) => r.data.type));
    expect(heard.filter((/** @type {string} */ t) => t === 'loaded')).toHaveLength(21);
  });
});
