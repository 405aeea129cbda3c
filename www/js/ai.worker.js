// @ts-check
/**
 * The computer player's worker: its own wasm (`mancala-worker`: the page's engine plus the
 * search, which the page itself never loads) and one search engine kept from move to move (see
 * computer.js for the protocol). Levels come as numbers, 1 the weakest.
 *
 * Endgame tables (issue 11 §1): when a position first comes within the tables the site ships
 * (`tables/<game>.bin`, never part of the first load; the service worker keeps them for offline
 * use), the worker fetches and decodes them (seconds of work: a move asked for meanwhile waits):
 * hints wait for the tables, the computer's move does not. A file that cannot be had or is refused is not asked for again: the
 * search goes on as before, with the quick tables it builds (and the single-file build, which
 * has no such files, always does).
 */

import init, { Computer, Game, levels } from '../pkg/mancala_worker.js';

/** @type {Promise<unknown> | null} */
let ready = null;
/** @type {Computer | null} */
let computer = null;

/** @param {unknown} level */
function levelId(level) {
  const list = /** @type {{id: string}[]} */ (levels());
  const i = Math.min(list.length, Math.max(1, Math.round(Number(level) || 1))) - 1;
  return list[i].id;
}

/** A fresh seed for the levels that draw (Beginner's errors, ties). */
function seed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

/** Tables files being fetched and decoded, by name. @type {Map<string, Promise<void>>} */
const loading = new Map();
/** Tables files that failed: not asked for again (nor said to be loading). */
const failed = new Set();

/**
 * Fetches the tables file `file` and decodes its levels up to `seeds` seeds into `computer`
 * (asked for again if other tables replace them, or a position has more seeds); one that fails
 * is not asked for again.
 * @param {string} file
 * @param {number} seeds
 * @param {Computer} computer
 */
async function loadTables(file, seeds, computer) {
  try {
    const response = await fetch(new URL(`../tables/${file}`, import.meta.url));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    computer.useTablesFile(bytes, seeds);
  } catch (err) {
    failed.add(file);
    console.info(`endgame tables ${file} not used (${err instanceof Error ? err.message : String(err)}): searching without them`);
  } finally {
    loading.delete(file);
  }
}

/**
 * The tables file for `game`'s position, fetched and decoded if the site ships one that holds it
 * and the tables in use do not (one fetch at a time per file). Resolves once they are in; null
 * when the position needs no file, or its file failed.
 * @param {Game} game
 * @param {Computer} computer
 */
function tablesFor(game, computer) {
  const file = computer.tablesFile(game);
  if (file === undefined || failed.has(file)) return null;
  const seeds = /** @type {{position: {board: number[]}}} */ (game.state()).position.board.reduce((a, b) => a + b, 0);
  if (!loading.has(file)) loading.set(file, loadTables(file, seeds, computer));
  return /** @type {Promise<void>} */ (loading.get(file));
}

/**
 * @param {any} msg
 * @param {Game} game
 * @param {Computer} computer
 */
function answer(msg, game, computer) {
  const level = levelId(msg.level);
  switch (msg.type) {
    case 'think':
      return { type: 'move', ...computer.think(game, level, seed()) };
    case 'hints':
      return { type: 'hints', hints: computer.hints(game, level) };
    case 'split':
      return { type: 'split', accept: computer.acceptsSplit(game, msg.side, level) };
    case 'side':
      return { type: 'side', side: computer.chooseSide(game, level) };
    default:
      throw new Error(`unknown request ${String(msg.type)}`);
  }
}

self.onmessage = async (/** @type {MessageEvent} */ e) => {
  const msg = e.data ?? {};
  try {
    ready ??= init();
    await ready;
    computer ??= new Computer();
    const game = Game.load(String(msg.save));
    try {
      // A position of the record (the analysis, position by position): the moves after it are undone.
      if (msg.ply !== undefined && !game.jump(Number(msg.ply))) throw new Error(`the record has no position ${String(msg.ply)}`);
      // Hints (and the analysis) wait for the tables, to be exact; the computer's move does not:
      // it is searched at once, and the tables decode after it, while the player thinks.
      const tables = tablesFor(game, computer);
      if (msg.type === 'hints' && tables) {
        // The page says why this first answer takes longer (a progress report, not the answer).
        self.postMessage({ id: msg.id, type: 'progress', stage: 'tables' });
        await tables;
      }
      self.postMessage({ id: msg.id, ...answer(msg, game, computer) });
    } finally {
      game.free();
    }
  } catch (err) {
    self.postMessage({ type: 'error', id: msg.id, message: err instanceof Error ? err.message : String(err) });
  }
};
