// @ts-check
/**
 * The computer player's worker: its own wasm (`mancala-worker`: the page's engine plus the
 * search, which the page itself never loads) and one search engine kept from move to move (see
 * computer.js for the protocol). Levels come as numbers, 1 the weakest.
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

/**
 * @param {any} msg
 * @param {Computer} computer
 */
function answer(msg, computer) {
  const game = Game.load(String(msg.save));
  try {
    // A position of the record (the analysis, position by position): the moves after it are undone.
    if (msg.ply !== undefined && !game.jump(Number(msg.ply))) throw new Error(`the record has no position ${String(msg.ply)}`);
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
  } finally {
    game.free();
  }
}

self.onmessage = async (/** @type {MessageEvent} */ e) => {
  const msg = e.data ?? {};
  try {
    ready ??= init();
    await ready;
    computer ??= new Computer();
    self.postMessage({ id: msg.id, ...answer(msg, computer) });
  } catch (err) {
    self.postMessage({ type: 'error', id: msg.id, message: err instanceof Error ? err.message : String(err) });
  }
};
