// @ts-check
/**
 * The computer player's worker, with its own wasm instance and one search
 * engine kept from move to move (see computer.js for the protocol). Levels
 * come as numbers, 1 the weakest.
 */

import { Ai, Game, initEngine, levels } from './engine.js';

/** @type {Ai | null} */
let ai = null;

/** @param {unknown} level */
function levelId(level) {
  const list = levels();
  const i = Math.min(list.length, Math.max(1, Math.round(Number(level) || 1))) - 1;
  return list[i].id;
}

/** A fresh seed for the levels that draw (Beginner's errors, ties). */
function seed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

/**
 * @param {any} msg
 * @param {Ai} ai
 */
function answer(msg, ai) {
  const game = Game.load(String(msg.save));
  try {
    const level = levelId(msg.level);
    switch (msg.type) {
      case 'think': {
        const t = ai.think(game, level, seed());
        return { type: 'move', ...t };
      }
      case 'split':
        return { type: 'split', accept: ai.acceptsSplit(game, msg.side, level) };
      case 'side':
        return { type: 'side', side: ai.chooseSide(game, level) };
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
    await initEngine();
    ai ??= new Ai();
    self.postMessage({ id: msg.id, ...answer(msg, ai) });
  } catch (err) {
    self.postMessage({ type: 'error', id: msg.id, message: err instanceof Error ? err.message : String(err) });
  }
};
