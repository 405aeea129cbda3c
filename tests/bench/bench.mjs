// @ts-check
// The browser side of `cargo xtask bench`: drives Debian's Chromium (playwright-core, no browser
// download) against the built site and prints ONE JSON object on stdout; progress goes to stderr.
//
//   node bench.mjs PART      PART: playouts | ai | load | animation | thinking | lighthouse | tables
//
// Environment (set by the xtask):
//   BASE_URL       the site (a snapshot of dist/), with a trailing slash
//   CHROMIUM_PATH  the browser (default /usr/bin/chromium)
//   MANCALA        the native `mancala` binary (playouts: native and wasm runs are interleaved)
//   ROUNDS         rounds of the playout benchmark (default 9)
//   LOADS          page loads timed (default 20)
//   TRACED_LOADS   page loads traced for the main thread's CPU time before ready (default 5)
//   THOUGHTS       computer moves watched per game (default 3), within THINK_SECONDS (default 30)
//   LH_RUNS        Lighthouse runs per page and form factor (default 3; the median run is reported)
//   LH_REPORTS     a folder to write every Lighthouse report into (JSON), for a closer look
//   LH_ONLY        some of home-mobile, home-desktop, embed-mobile, embed-desktop (comma-separated)
//   POSITIONS      tables: one endgame a game, "BOARD STORES TURN" (comma-separated numbers), by ';'
//   LEVELS         tables: the levels to analyse them at (comma-separated ids)
//
// Times are medians of repeated runs; nothing here asserts a time.
import { execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8000/';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Games per run of the playout benchmark: about 0.2–0.4 s natively each. */
const PLAYOUT_GAMES = { 'mangala-iv': 6000, 'sadeqa-iii': 3000, 'al-manqala': 8000, anywoli: 300 };
/** Milliseconds of wasm playouts per game before the playout benchmark's timed rounds. */
const WARM_UP_MS = 500;
/** The seed of `mancala bench` (its default). */
const SEED = 1;

/** @param {string} msg */
function log(msg) {
  process.stderr.write(`bench.mjs: ${msg}\n`);
}

/** @param {number[]} xs */
function median(xs) {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return null;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Nearest-rank percentile. @param {number[]} xs @param {number} p */
function percentile(xs, p) {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return null;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

async function launch() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/**
 * Opens the site in a fresh context and waits until the board is interactive.
 * @param {import('playwright-core').Browser} browser
 * @param {string} [hash] share-link parameters, without '#'
 * @param {(() => void) | null} [init] a script to run before the page's own
 */
async function openSite(browser, hash = '', init = null) {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const errors = /** @type {string[]} */ ([]);
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(BASE_URL + (hash ? `#${hash}` : ''));
  await waitReady(page, errors);
  return { context, page };
}

/**
 * A blank page of the site's origin, so that its modules and wasm can be imported, with nothing
 * of the app running beside what is timed: after its start the site keeps a core busy for
 * seconds (its worker, its service worker), and on two cores the first rounds of a benchmark on
 * it read half speed. The page is answered by the browser itself (`page.route`): no file is added
 * to the site.
 * @param {import('playwright-core').Browser} browser
 */
async function openQuiet(browser) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const url = `${BASE_URL}bench-quiet.html`;
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }));
  await page.goto(url);
  return { context, page };
}

/**
 * @param {import('playwright-core').Page} page
 * @param {string[]} errors
 */
async function waitReady(page, errors) {
  const handle = await page.waitForFunction(() => document.documentElement.dataset.ready, null, { timeout: 60_000 });
  const state = await handle.jsonValue();
  if (state !== 'true') {
    const text = await page.locator('#loading').textContent().catch(() => '');
    throw new Error(`the page did not start (data-ready=${state}): ${text} ${errors.join('; ')}`.trim());
  }
}

/** The page's computer levels, weakest first (state.js), or [1..4]. @param {import('playwright-core').Page} page */
async function levels(page) {
  return page.evaluate(async () => {
    try {
      const { LEVELS } = await import('./js/state.js');
      if (Array.isArray(LEVELS) && LEVELS.length) return LEVELS.map(Number);
    } catch {}
    return [1, 2, 3, 4];
  });
}

// ---------------------------------------------------------------------------------------------
// playouts: the engine's random-playout benchmark, wasm in the page vs native, interleaved
// ---------------------------------------------------------------------------------------------

async function playouts() {
  const mancala = process.env.MANCALA;
  if (!mancala) throw new Error('MANCALA (the native binary) is not set');
  const rounds = Number(process.env.ROUNDS ?? 9);
  const browser = await launch();
  try {
    const { page } = await openQuiet(browser);
    const version = await page.evaluate(() => navigator.userAgent.match(/Chrome\/[\d.]+/)?.[0] ?? navigator.userAgent);
    await page.evaluate(async () => {
      const wasm = await import('./pkg/mancala_worker.js');
      await wasm.default();
      if (typeof wasm.benchPlayouts !== 'function') throw new Error('the wasm module has no benchPlayouts export');
      /** @type {any} */ (window).benchWasm = wasm;
    });
    const games = Object.keys(PLAYOUT_GAMES);
    // Warm-up: let V8 tier the hot functions up before timing, and its optimising compiler,
    // which runs beside the page on another thread, finish (one short run left it busy through
    // the first rounds on two cores): each game plays for WARM_UP_MS.
    for (const game of games) {
      await page.evaluate(
        ([g, n, ms]) => {
          const until = performance.now() + ms;
          do {
            /** @type {any} */ (window).benchWasm.benchPlayouts(g, n, 7);
          } while (performance.now() < until);
        },
        /** @type {[string, number, number]} */ ([game, Math.ceil(PLAYOUT_GAMES[game] / 4), WARM_UP_MS]),
      );
    }
    /** @type {Record<string, {games: number, moves: number, native: number[], wasm: number[], ratio: number[], mismatch: string | null}>} */
    const out = {};
    for (const game of games) out[game] = { games: PLAYOUT_GAMES[game], moves: 0, native: [], wasm: [], ratio: [], mismatch: null };
    /** @param {string} game @param {number} n the native playouts' result line */
    const nativeRun = (game, n) =>
      JSON.parse(
        execFileSync(mancala, ['bench', '--game', game, '--games', String(n), '--seed', String(SEED)], { encoding: 'utf8' })
          .trim()
          .split('\n')[0],
      );
    /** @param {string} game @param {number} n the wasm playouts' moves and milliseconds */
    const wasmRun = (game, n) =>
      page.evaluate(
        ([g, n, seed]) => {
          const t0 = performance.now();
          const moves = /** @type {any} */ (window).benchWasm.benchPlayouts(g, n, seed);
          return { moves, ms: performance.now() - t0 };
        },
        /** @type {[string, number, number]} */ ([game, n, SEED]),
      );
    for (let r = 0; r < rounds; r++) {
      for (const game of games) {
        const n = PLAYOUT_GAMES[game];
        // Native, wasm, wasm, native: this machine's speed drifts within seconds, and the drift
        // over a round cancels out of the ratio of the two pairs' rates.
        const native1 = nativeRun(game, n);
        const wasm1 = await wasmRun(game, n);
        const wasm2 = await wasmRun(game, n);
        const native2 = nativeRun(game, n);
        const o = out[game];
        o.moves = native1.moves;
        for (const wasm of [wasm1, wasm2]) {
          if (wasm.moves !== native1.moves) o.mismatch = `wasm played ${wasm.moves} moves, native ${native1.moves}`;
        }
        // Both sides' rates as all their moves over all their time.
        const nativeRate = (native1.moves + native2.moves) / (native1.seconds + native2.seconds);
        const wasmRate = (wasm1.moves + wasm2.moves) / ((wasm1.ms + wasm2.ms) / 1000);
        o.native.push(nativeRate);
        o.wasm.push(wasmRate);
        o.ratio.push(wasmRate / nativeRate);
        log(`round ${r + 1}/${rounds} ${game}: native ${(nativeRate / 1e6).toFixed(2)} M/s, wasm ${(wasmRate / 1e6).toFixed(2)} M/s`);
      }
    }
    const result = Object.fromEntries(
      Object.entries(out).map(([game, o]) => [
        game,
        {
          games: o.games,
          moves: o.moves,
          mismatch: o.mismatch,
          native_moves_per_s: median(o.native),
          wasm_moves_per_s: median(o.wasm),
          ratio: median(o.ratio),
          runs: { native: o.native, wasm: o.wasm, ratio: o.ratio },
        },
      ]),
    );
    return { browser: version, rounds, seed: SEED, games: result };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// ai: the search in the page's wasm (nodes/s, depth per level) and the worker's answer times
// ---------------------------------------------------------------------------------------------

async function ai() {
  const browser = await launch();
  const runs = Number(process.env.AI_RUNS ?? 5);
  try {
    const { page } = await openSite(browser);
    const lv = await levels(page);
    // The search itself, in the worker's wasm (on this thread: the figures are the engine's).
    const direct = await page.evaluate(async (runs) => {
      const { default: init, Computer, Game, levels } = await import('./pkg/mancala_worker.js');
      await init();
      const ids = levels().map((/** @type {{id: string}} */ l) => l.id);
      // Warm-up (V8 tiers the hot functions up), not timed.
      {
        const e = new Game('al-manqala', {});
        const ai = new Computer();
        ai.think(e, ids[Math.min(3, ids.length - 1)], 1);
        ai.free();
        e.free();
      }
      /** @type {Record<string, any[]>} */
      const out = {};
      for (const game of ['mangala-iv', 'sadeqa-iii', 'al-manqala', 'anywoli']) {
        out[game] = [];
        for (const id of ids) {
          const times = [];
          let t = null;
          for (let r = 0; r < (id === ids[ids.length - 1] ? runs : 1); r++) {
            const e = new Game(game, game === 'mangala-iv' ? { freeChoice: true } : {});
            const ai = new Computer();
            const t0 = performance.now();
            t = ai.think(e, id, 1);
            times.push(performance.now() - t0);
            e.free();
            ai.free();
          }
          out[game].push({ level: id, ms: times, nodes: t?.nodes ?? null, depth: t?.depth ?? null, exact: t?.exact ?? null });
        }
      }
      return { ids, games: out };
    }, runs);
    // The page's path: a question to the computer player's worker, per page level.
    const worker = await page.evaluate(async (levels) => {
      const { Game } = await import('./js/main.js');
      const w = new Worker(new URL('./js/ai.worker.js', location.href), { type: 'module' });
      let id = 0;
      /** @param {Record<string, unknown>} msg @returns {Promise<any>} */
      const ask = (msg) =>
        new Promise((resolve) => {
          const me = ++id;
          const t0 = performance.now();
          const timer = setTimeout(() => resolve({ type: 'error', message: 'no answer in 60 s' }), 60_000);
          w.onmessage = (e) => {
            if (e.data?.id !== me) return;
            clearTimeout(timer);
            resolve({ ...e.data, ms: performance.now() - t0 });
          };
          w.onerror = (e) => {
            clearTimeout(timer);
            resolve({ type: 'error', message: e.message || 'worker failed' });
          };
          w.postMessage({ ...msg, id: me });
        });
      /** @type {Record<string, any[]>} */
      const out = {};
      // The first question starts the worker's wasm instance: not timed.
      const first = Game.create('al-manqala', {});
      await ask({ type: 'think', save: first.save(), level: levels[0] });
      first.free();
      for (const game of ['mangala-iv', 'sadeqa-iii', 'al-manqala', 'anywoli']) {
        const e = Game.create(game, game === 'mangala-iv' ? { freeChoice: true } : {});
        const save = e.save();
        e.free();
        out[game] = [];
        for (const level of levels) {
          const r = await ask({ type: 'think', save, level });
          out[game].push({ level, ms: r.ms, error: r.type === 'error' ? String(r.message) : null });
        }
      }
      w.terminate();
      return out;
    }, lv);
    // wasm against native on the same search: Hard from each game's start has a node budget and
    // no time limit on both sides, so both search the same tree; rounds interleaved.
    /** @type {Record<string, {native: number[], wasm: number[], ratio: number[], nodes: number[]}>} */
    const paired = {};
    const mancala = process.env.MANCALA;
    if (mancala) {
      for (let r = 0; r < runs; r++) {
        for (const game of Object.keys(direct.games)) {
          const args = ['ai', '--game', game, '--level', 'hard', ...(game === 'mangala-iv' ? ['--free-choice'] : [])];
          const native = JSON.parse(execFileSync(mancala, args, { encoding: 'utf8' }).trim());
          const wasm = await page.evaluate(async (game) => {
            const { default: init, Computer, Game } = await import('./pkg/mancala_worker.js');
            await init();
            const e = new Game(game, game === 'mangala-iv' ? { freeChoice: true } : {});
            const ai = new Computer();
            const t0 = performance.now();
            const t = ai.think(e, 'hard', 1);
            const ms = performance.now() - t0;
            ai.free();
            e.free();
            return { nodes: t.nodes, ms };
          }, game);
          const p = (paired[game] ??= { native: [], wasm: [], ratio: [], nodes: [] });
          const wasmRate = wasm.nodes / (wasm.ms / 1000);
          const nativeRate = native.nodesPerS;
          p.native.push(nativeRate);
          p.wasm.push(wasmRate);
          p.ratio.push(wasmRate / nativeRate);
          p.nodes.push(wasm.nodes === native.nodes ? wasm.nodes : NaN);
          log(`round ${r + 1}/${runs} ${game} hard: native ${(nativeRate / 1e6).toFixed(2)} M/s, wasm ${(wasmRate / 1e6).toFixed(2)} M/s`);
        }
      }
    }
    /** @type {Record<string, any>} */
    const games = {};
    for (const [game, rows] of Object.entries(direct.games)) {
      games[game] = {
        search: rows.map((/** @type {any} */ r) => {
          const ms = median(r.ms);
          const rate = r.nodes !== null && ms ? r.nodes / (ms / 1000) : null;
          log(`${game} ${r.level}: ${ms?.toFixed(1)} ms, ${r.nodes} nodes, depth ${r.depth}`);
          return { level: r.level, ms, runs: r.ms, nodes: r.nodes, depth: r.depth, exact: r.exact, nodes_per_s: rate };
        }),
        worker: worker[game],
        hard_vs_native: paired[game]
          ? {
              native_nodes_per_s: median(paired[game].native),
              wasm_nodes_per_s: median(paired[game].wasm),
              ratio: median(paired[game].ratio),
              same_nodes: paired[game].nodes.every((n) => Number.isFinite(n)),
              runs: paired[game],
            }
          : null,
      };
    }
    return { levels: direct.ids, page_levels: lv, games };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// load: navigation to an interactive board, fresh context each time
// ---------------------------------------------------------------------------------------------

const READY_SIGNAL = 'mancala-atlas:bench-ready';

/**
 * Records when `<html data-ready>` first gets a value, in the page's clock (ms since navigation),
 * and says so on the console (`signal`: installed with READY_SIGNAL), which is how `gotoReady` waits.
 * @param {string} signal
 */
const READY_PROBE = (signal) => {
  const w = /** @type {any} */ (window);
  new MutationObserver(() => {
    const state = document.documentElement?.dataset.ready;
    if (w.benchReadyAt === undefined && (state === 'true' || state === 'error')) {
      w.benchReadyAt = state === 'true' ? performance.now() : null;
      console.debug(signal);
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
};

/**
 * Opens the site in a context that runs READY_PROBE and waits for its console signal. Unlike
 * `waitReady`, this runs nothing in the page before it is ready: Playwright's `waitForFunction`
 * evaluates its injected script (24–43 ms of the main thread, traced) as soon as `goto` returns at
 * the load event, which on this page comes before the board is interactive.
 * @param {import('playwright-core').Page} page
 * @param {string[]} errors
 */
async function gotoReady(page, errors) {
  const signal = page.waitForEvent('console', { predicate: (m) => m.text() === READY_SIGNAL, timeout: 60_000 });
  await page.goto(BASE_URL);
  await signal;
  await waitReady(page, errors);
}

async function load() {
  const loads = Number(process.env.LOADS ?? 20);
  const browser = await launch();
  try {
    /** @type {{ready: number, dcl: number | null, waterfall: any[]}[]} */
    const runs = [];
    for (let i = 0; i < loads; i++) {
      const context = await browser.newContext({ serviceWorkers: 'allow' });
      await context.addInitScript(READY_PROBE, READY_SIGNAL);
      const page = await context.newPage();
      const errors = /** @type {string[]} */ ([]);
      page.on('pageerror', (e) => errors.push(String(e)));
      await gotoReady(page, errors);
      const t = await page.evaluate(() => {
        const ready = /** @type {any} */ (window).benchReadyAt ?? null;
        const nav = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
        const here = new URL('.', location.href).href;
        const entries = [
          ...(nav ? [nav] : []),
          .../** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource')),
        ];
        // What the page fetched before it was interactive, in the page's clock (ms since navigation).
        const waterfall = entries
          .filter((e) => ready === null || e.startTime < ready)
          .map((e) => ({
            url: e.name.startsWith(here) ? e.name.slice(here.length).split('#')[0] || 'index.html' : e.name,
            start: e.startTime,
            end: e.responseEnd,
            bytes: e.encodedBodySize,
          }));
        return { ready, dcl: nav ? nav.domContentLoadedEventEnd : null, waterfall };
      });
      if (t.ready === null) throw new Error('the page never set data-ready="true"');
      runs.push(t);
      log(`load ${i + 1}/${loads}: interactive at ${t.ready.toFixed(1)} ms`);
      await context.close();
    }
    const times = runs.map((r) => r.ready);
    const mid = [...runs].sort((a, b) => a.ready - b.ready)[runs.length >> 1];
    return {
      loads,
      interactive_ms: { median: median(times), min: Math.min(...times), max: Math.max(...times), first: times[0], all: times },
      dom_content_loaded_ms: median(runs.map((r) => r.dcl ?? NaN)),
      median_load: { ready: mid.ready, dcl: mid.dcl, waterfall: mid.waterfall },
      main_thread: await mainThreadCpu(browser, Number(process.env.TRACED_LOADS ?? 5)),
    };
  } finally {
    await browser.close();
  }
}

/**
 * The page's main-thread CPU time from navigation to the interactive mark, by Chromium's trace
 * (each task's thread time): a figure that a busy machine inflates far less than wall time, since
 * time the thread waits for a core is not counted. Also by kind of work (the tasks' direct children).
 * @param {import('playwright-core').Browser} browser
 * @param {number} loads
 */
async function mainThreadCpu(browser, loads) {
  /** @type {number[]} */
  const runs = [];
  /** @type {Map<string, number[]>} */
  const kinds = new Map();
  for (let i = 0; i < loads; i++) {
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    await context.addInitScript(READY_PROBE, READY_SIGNAL);
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'] });
    await gotoReady(page, []);
    const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    await context.close();
    const mark = events.find((/** @type {any} */ e) => e.name === 'mancala-atlas:interactive');
    const thread = events.find((/** @type {any} */ e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === mark?.pid);
    const nav = events.filter((/** @type {any} */ e) => e.pid === mark?.pid && e.name === 'navigationStart').sort((/** @type {any} */ a, /** @type {any} */ b) => a.ts - b.ts)[0];
    if (!mark || !thread || !nav) throw new Error('the trace has no interactive mark, main thread or navigation');
    const slices = events.filter((/** @type {any} */ e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.ts >= nav.ts && e.ts <= mark.ts);
    const tasks = slices.filter((/** @type {any} */ e) => e.name === 'RunTask');
    /** @type {Map<string, number>} */
    const here = new Map();
    let total = 0;
    for (const task of tasks) {
      const cpu = (task.tdur ?? 0) / 1000;
      total += cpu;
      const inside = slices.filter((/** @type {any} */ e) => e !== task && e.name !== 'RunTask' && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
      const direct = inside.filter((/** @type {any} */ e) => !inside.some((/** @type {any} */ o) => o !== e && o.dur > e.dur && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur));
      let named = 0;
      for (const e of direct) {
        here.set(e.name, (here.get(e.name) ?? 0) + (e.tdur ?? 0) / 1000);
        named += (e.tdur ?? 0) / 1000;
      }
      here.set('(rest of the tasks)', (here.get('(rest of the tasks)') ?? 0) + cpu - named);
    }
    runs.push(total);
    for (const [k, v] of here) kinds.set(k, [...(kinds.get(k) ?? []), v]);
    log(`traced load ${i + 1}/${loads}: main-thread CPU before ready ${total.toFixed(1)} ms`);
  }
  const by_kind = Object.fromEntries(
    [...kinds].map(([k, v]) => [k, median([...v, ...Array(loads - v.length).fill(0)])]).sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0)).slice(0, 12),
  );
  return { loads, cpu_ms: { median: median(runs), min: Math.min(...runs), max: Math.max(...runs), all: runs }, by_kind };
}

// ---------------------------------------------------------------------------------------------
// animation: frame intervals while a long Anywoli relay plays at normal speed
// ---------------------------------------------------------------------------------------------

/**
 * Finds, in seeded random Anywoli games, the move whose sowing drops the most seeds, and the
 * moves that lead to it (for a share link). Uses the page's own engine module.
 * @param {import('playwright-core').Page} page
 */
async function findLongRelay(page) {
  return page.evaluate(async () => {
    const { Game } = await import('./js/main.js');
    let seed = 12345;
    const rand = () => {
      // mulberry32
      seed = (seed + 0x6d2b79f5) | 0;
      let t = seed;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    let best = { sows: 0, laps: 0, moves: /** @type {number[]} */ ([]), pit: -1 };
    for (let g = 0; g < 12; g++) {
      const e = Game.create('anywoli', {});
      /** @type {number[]} */
      const moves = [];
      for (let ply = 0; ply < 240; ply++) {
        const s = e.state();
        if (s.over || s.legal.length === 0) break;
        for (const pit of s.legal) {
          const p = e.preview(pit);
          if (!p.legal || !p.trace) continue;
          const sows = p.trace.filter((st) => st.type === 'sow').length;
          if (sows > best.sows) {
            const laps = p.trace.filter((st) => st.type === 'lift').length;
            best = { sows, laps, moves: moves.slice(), pit };
          }
        }
        const pit = s.legal[Math.floor(rand() * s.legal.length)];
        e.play(pit);
        moves.push(pit);
      }
      e.free();
    }
    return best;
  });
}

/** Sums, per frame, the time spent in requestAnimationFrame callbacks (the page's drawing). */
const RAF_PROBE = () => {
  const w = /** @type {any} */ (window);
  w.benchWork = new Map();
  w.benchWorkOn = false;
  const raf = w.requestAnimationFrame.bind(w);
  w.requestAnimationFrame = (/** @type {FrameRequestCallback} */ cb) =>
    raf((/** @type {number} */ t) => {
      const s = performance.now();
      try {
        cb(t);
      } finally {
        if (w.benchWorkOn) w.benchWork.set(t, (w.benchWork.get(t) ?? 0) + performance.now() - s);
      }
    });
};

async function animation() {
  const browser = await launch();
  try {
    const { page: finder, context } = await openSite(browser);
    const relay = await findLongRelay(finder);
    await context.close();
    log(`longest relay found: pit ${relay.pit} after ${relay.moves.length} moves, ${relay.sows} seeds sown, ${relay.laps} laps`);
    const link = `game=anywoli${relay.moves.length ? `&moves=${relay.moves.join('.')}` : ''}`;
    const { page } = await openSite(browser, link, RAF_PROBE);
    await page.locator('#speed').selectOption('normal');
    const ply = Number(await page.locator('#board').getAttribute('data-ply'));
    if (ply !== relay.moves.length) throw new Error(`the share link opened at ply ${ply}, not ${relay.moves.length}`);
    // Record every frame's timestamp (and long animation frames where supported) until the move ends.
    await page.evaluate(() => {
      const w = /** @type {any} */ (window);
      w.benchFrames = [];
      w.benchLoaf = [];
      w.benchRecording = true;
      w.benchWorkOn = true;
      const tick = (/** @type {number} */ t) => {
        w.benchFrames.push(t);
        if (w.benchRecording) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.benchLoaf.push(e.duration);
        }).observe({ type: 'long-animation-frame' });
      } catch {}
    });
    const start = Date.now();
    await page.locator(`#pits [data-pit="${relay.pit}"]`).click();
    await page.waitForFunction((p) => Number(document.getElementById('board')?.dataset.ply) === p + 1, ply, { timeout: 120_000 });
    await page.waitForFunction(() => document.getElementById('board')?.dataset.busy === 'false', null, { timeout: 120_000 });
    const seconds = (Date.now() - start) / 1000;
    const rec = await page.evaluate(() => {
      const w = /** @type {any} */ (window);
      w.benchRecording = false;
      w.benchWorkOn = false;
      return {
        frames: /** @type {number[]} */ (w.benchFrames),
        loaf: /** @type {number[]} */ (w.benchLoaf),
        work: /** @type {number[]} */ ([...w.benchWork.values()]),
      };
    });
    const intervals = rec.frames.slice(1).map((t, i) => t - rec.frames[i]);
    const slow = intervals.filter((d) => d > 16.7 * 1.5).length;
    log(`animation: ${intervals.length} frames in ${seconds.toFixed(1)} s, median ${median(intervals)?.toFixed(2)} ms, p95 ${percentile(intervals, 95)?.toFixed(2)} ms`);
    return {
      relay: { pit: relay.pit, ply, sows: relay.sows, laps: relay.laps, link },
      seconds,
      frames: intervals.length,
      frame_ms: {
        median: median(intervals),
        p95: percentile(intervals, 95),
        p99: percentile(intervals, 99),
        max: intervals.length ? Math.max(...intervals) : null,
      },
      frames_over_25ms: slow,
      script_ms: { median: median(rec.work), p95: percentile(rec.work, 95), max: rec.work.length ? Math.max(...rec.work) : null },
      long_animation_frames: rec.loaf.length,
    };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// thinking: main-thread long tasks while the computer (top level) thinks: computer vs computer
// ---------------------------------------------------------------------------------------------

const LONGTASK_PROBE = () => {
  const w = /** @type {any} */ (window);
  w.benchLongTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.benchLongTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
};

async function thinking() {
  const browser = await launch();
  const seconds = Number(process.env.THINK_SECONDS ?? 30);
  const thoughts = Number(process.env.THOUGHTS ?? 3);
  try {
    const probe = await openSite(browser);
    const lv = await levels(probe.page);
    await probe.context.close();
    const top = lv[lv.length - 1];
    /** @type {Record<string, any>} */
    const out = {};
    for (const game of ['mangala-iv', 'sadeqa-iii', 'al-manqala', 'anywoli']) {
      const context = await browser.newContext({ serviceWorkers: 'allow' });
      await context.addInitScript(LONGTASK_PROBE);
      const page = await context.newPage();
      const errors = /** @type {string[]} */ ([]);
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(`${BASE_URL}#game=${game}${game === 'mangala-iv' ? '&free=1' : ''}&mode=demo&level=${top}`);
      await waitReady(page, errors);
      // 'fast': short animations between thoughts, and the page's pause before a move (450 ms)
      // stays, as a player sees it.
      await page.locator('#speed').selectOption('fast');
      // Sample the app's thinking flag; long tasks overlapping a thinking spell count.
      const r = await page.evaluate(async ([ms, thoughts]) => {
        const w = /** @type {any} */ (window);
        const app = w.mancalaAtlas;
        if (!app || !app.state) return { error: 'window.mancalaAtlas.state is not there' };
        /** @type {[number, number][]} */
        const spells = [];
        let since = app.state.thinking ? performance.now() : null;
        const t0 = performance.now();
        const ply0 = Number(document.getElementById('board')?.dataset.ply);
        await new Promise((resolve) => {
          const timer = setInterval(() => {
            const now = performance.now();
            const on = Boolean(app.state.thinking);
            if (on && since === null) since = now;
            if (!on && since !== null) {
              spells.push([since, now]);
              since = null;
            }
            if (now - t0 > ms || spells.length >= thoughts || app.state.game?.over) {
              clearInterval(timer);
              if (since !== null) spells.push([since, now]);
              resolve(undefined);
            }
          }, 5);
        });
        const level = app.state.seating?.level ?? null;
        const plies = Number(document.getElementById('board')?.dataset.ply) - ply0;
        const tasks = /** @type {{start: number, duration: number}[]} */ (w.benchLongTasks).filter((t) => t.start >= t0);
        const during = tasks.filter((t) => spells.some(([a, b]) => t.start < b && t.start + t.duration > a));
        return {
          level,
          plies,
          watched_ms: performance.now() - t0,
          thinking_ms: spells.reduce((s, [a, b]) => s + (b - a), 0),
          spells: spells.length,
          long_tasks: tasks.length,
          long_tasks_while_thinking: during.length,
          longest_task_ms: tasks.reduce((m, t) => Math.max(m, t.duration), 0),
        };
      }, [seconds * 1000, thoughts]);
      if (errors.length) r.page_errors = errors;
      out[game] = r;
      log(`${game}: ${JSON.stringify(r)}`);
      await context.close();
    }
    return { level: top, seconds, games: out };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// lighthouse: the four scores and FCP, LCP, TBT, CLS of the home page and an embed, mobile and desktop
// ---------------------------------------------------------------------------------------------

/** The pages audited: a first visit and the README's view embed (its iframe's address). */
const LH_PAGES = { home: '', embed: '?embed=1&game=sadeqa-iii&moves=c.E.b&ply=0&mode=view' };
/** The metrics reported, by Lighthouse audit id. */
const LH_METRICS = {
  fcp_ms: 'first-contentful-paint',
  lcp_ms: 'largest-contentful-paint',
  tbt_ms: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
};

/**
 * Debian's Chromium for Lighthouse, on a DevTools port, in a profile of its own. Nothing leaves the
 * machine: every host name but 127.0.0.1 resolves to nothing, and Chromium's own traffic (updates,
 * sync, field trials, safe browsing) is switched off.
 * @returns {Promise<{port: number, close: () => Promise<void>}>}
 */
async function lighthouseChromium() {
  const profile = await mkdtemp(path.join(tmpdir(), 'bench-lighthouse-'));
  const child = spawn(
    CHROMIUM_PATH,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-domain-reliability',
      '--disable-client-side-phishing-detection',
      '--disable-sync',
      '--disable-default-apps',
      '--disable-field-trial-config',
      '--disable-features=OptimizationHints,MediaRouter,Translate,AutofillServerCommunication',
      '--metrics-recording-only',
      '--no-default-browser-check',
      '--no-first-run',
      '--disable-quic',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  // Chromium writes the port it picked into the profile.
  let port = 0;
  for (let i = 0; i < 300 && !port; i++) {
    await new Promise((r) => setTimeout(r, 100));
    port = Number((await readFile(path.join(profile, 'DevToolsActivePort'), 'utf8').catch(() => '')).split('\n')[0]);
  }
  const close = async () => {
    child.kill();
    await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
    await rm(profile, { recursive: true, force: true });
  };
  if (!port) {
    await close();
    throw new Error('Chromium opened no DevTools port in 30 s');
  }
  return { port, close };
}

async function lighthouseRuns() {
  const runs = Number(process.env.LH_RUNS ?? 3);
  const { default: audit } = await import('lighthouse');
  const { default: desktop } = await import('lighthouse/core/config/desktop-config.js');
  const chrome = await lighthouseChromium();
  try {
    /** @type {Record<string, Record<string, any>>} */
    const out = {};
    for (const [name, query] of Object.entries(LH_PAGES)) {
      out[name] = {};
      for (const form of ['mobile', 'desktop']) {
        if (process.env.LH_ONLY && !process.env.LH_ONLY.split(',').includes(`${name}-${form}`)) continue;
        const all = [];
        for (let r = 0; r < runs; r++) {
          // Lighthouse's defaults: simulated throttling (mobile: a mid-range phone on slow 4G), storage cleared.
          const result = await audit(
            BASE_URL + query,
            { port: chrome.port, output: 'json', logLevel: 'error', enableErrorReporting: false },
            form === 'desktop' ? desktop : undefined,
          );
          const lhr = result?.lhr;
          if (!lhr) throw new Error(`Lighthouse returned nothing for ${name} (${form})`);
          if (lhr.runtimeError) throw new Error(`Lighthouse on ${name} (${form}): ${lhr.runtimeError.message}`);
          if (process.env.LH_REPORTS) {
            await mkdir(process.env.LH_REPORTS, { recursive: true });
            await writeFile(path.join(process.env.LH_REPORTS, `${name}-${form}-${r + 1}.json`), JSON.stringify(lhr));
          }
          /** @type {Record<string, number | null>} */
          const row = {};
          for (const [key, category] of Object.entries(lhr.categories)) row[key] = category.score === null ? null : Math.round(category.score * 100);
          for (const [key, id] of Object.entries(LH_METRICS)) row[key] = lhr.audits[id]?.numericValue ?? null;
          const lost = Object.values(lhr.categories)
            .flatMap((c) => c.auditRefs.filter((a) => a.weight > 0).map((a) => lhr.audits[a.id]))
            .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
            .map((a) => a.id);
          all.push({ ...row, failing: [...new Set(lost)] });
          log(`lighthouse ${name} ${form} ${r + 1}/${runs}: ${JSON.stringify(row)}`);
        }
        // The run of median performance stands for the page; every run is kept.
        const mid = [...all].sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0))[all.length >> 1];
        out[name][form] = { ...mid, runs: all };
      }
    }
    return { version: (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version, runs, pages: LH_PAGES, results: out };
  } finally {
    await chrome.close();
  }
}

// ---------------------------------------------------------------------------------------------
// tables: the endgame tables in the worker's wasm (issue 11): the quick tables built, the shipped
// files fetched and decoded, and an endgame's hints at each level without and with them
// ---------------------------------------------------------------------------------------------

async function tables() {
  const positions = (process.env.POSITIONS ?? '').split(';');
  const levels = (process.env.LEVELS ?? 'hard').split(',');
  const browser = await launch();
  try {
    const { page } = await openSite(browser);
    const games = await page.evaluate(
      async ([positions, levels]) => {
        const { default: init, Computer, Game, benchQuickTables, decodeTables, variants } = await import('./pkg/mancala_worker.js');
        await init();
        /** @type {Record<string, any>} */
        const out = {};
        const names = /** @type {{id: string}[]} */ (variants()).map((v) => v.id);
        for (const [i, game] of names.entries()) {
          const t = performance.now();
          const [seeds, entries] = benchQuickTables(game); // the worker's quick tables (none in Anywoli)
          const o = (out[game] = { quick_seeds: seeds ?? null, analysis_ms: {}, analysis_no_tables_ms: {} });
          if (seeds !== undefined) {
            o.quick_ms = performance.now() - t;
            o.quick_per_s = entries / (o.quick_ms / 1000);
          }
          const t0 = performance.now();
          const response = await fetch(`./tables/${game}.bin`);
          if (!response.ok) continue;
          const bytes = new Uint8Array(await response.arrayBuffer());
          o.fetch_ms = performance.now() - t0;
          o.bytes = bytes.length;
          const t1 = performance.now();
          const n = decodeTables(bytes);
          o.decode_ms = performance.now() - t1;
          o.decode_per_s = n / (o.decode_ms / 1000);
          // An endgame within the tables, every move valued at each level: the search alone, then
          // with the file's tables.
          const [board, stores, turn] = (positions[i] ?? '').split(' ');
          if (!board) continue;
          const save = JSON.stringify({
            format: 1,
            variant: game,
            options: game === 'mangala-iv' ? { freeChoice: true } : {},
            moves: [],
            position: { board: board.split(',').map(Number), stores: { south: Number(stores.split(',')[0]), north: Number(stores.split(',')[1]) }, turn },
          });
          const e = Game.load(save);
          const bare = new Computer();
          const tabled = new Computer();
          tabled.useTablesFile(bytes, 64); // every level
          for (const level of levels) {
            const t2 = performance.now();
            bare.hints(e, level);
            o.analysis_no_tables_ms[level] = performance.now() - t2;
            const t3 = performance.now();
            tabled.hints(e, level);
            o.analysis_ms[level] = performance.now() - t3;
          }
          bare.free();
          tabled.free();
          e.free();
        }
        return out;
      },
      /** @type {[string[], string[]]} */ ([positions, levels]),
    );
    for (const [game, o] of Object.entries(games)) {
      log(`${game}: quick ${o.quick_ms?.toFixed(0) ?? 'n/a'} ms, fetch ${o.fetch_ms?.toFixed(0) ?? 'n/a'} ms, decode ${o.decode_ms?.toFixed(0) ?? 'n/a'} ms`);
    }
    return { games };
  } finally {
    await browser.close();
  }
}

const PARTS = { playouts, ai, load, animation, thinking, lighthouse: lighthouseRuns, tables };

const part = process.argv[2] ?? '';
if (!(part in PARTS)) {
  process.stderr.write(`usage: node bench.mjs ${Object.keys(PARTS).join('|')}\n`);
  process.exit(2);
}
try {
  const result = await PARTS[/** @type {keyof typeof PARTS} */ (part)]();
  process.stdout.write(`${JSON.stringify(result)}\n`);
} catch (err) {
  process.stderr.write(`bench.mjs ${part}: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
