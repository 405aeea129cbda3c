// @ts-check
/**
 * The computer player's worker, with its own wasm instance (see computer.js
 * for the protocol).
 *
 * Until the search of `mancala-ai` is exported by the wasm face, this is a
 * stand-in: level 1 plays a random legal move; higher levels take the legal
 * move whose engine preview gains the most seeds for the mover. Every move
 * still comes from the engine's legal list.
 */

import { Engine, initEngine } from './engine.js';

/** @param {number} n */
function randomIndex(n) {
  const buf = new Uint32Array(1);
  crypto.getRandomValues(buf);
  return buf[0] % n;
}

/**
 * @param {string} save
 * @param {number} level
 */
function think(save, level) {
  const engine = Engine.load(save);
  try {
    const state = engine.state();
    const mover = state.toMove;
    if (!mover || state.legal.length === 0) throw new Error('no move to make');
    const opponent = mover === 'south' ? 'north' : 'south';
    if (level <= 1) {
      const move = state.legal[randomIndex(state.legal.length)];
      return { move, score: null, pv: [move] };
    }
    let best = -Infinity;
    /** @type {number[]} */
    let choices = [];
    for (const pit of state.legal) {
      const p = engine.preview(pit);
      const gain = p.stores[mover] - state.stores[mover] - (p.stores[opponent] - state.stores[opponent]);
      const again = p.toMove === mover ? 0.5 : 0;
      const score = gain + again;
      if (score > best) {
        best = score;
        choices = [pit];
      } else if (score === best) {
        choices.push(pit);
      }
    }
    const move = choices[randomIndex(choices.length)];
    return { move, score: best, pv: [move] };
  } finally {
    engine.free();
  }
}

/**
 * @param {string} save
 */
function acceptsSplit(save) {
  const engine = Engine.load(save);
  try {
    const state = engine.state();
    // Asked by the player to move, the computer is the other side.
    const me = state.turn === 'south' ? 'north' : 'south';
    const them = state.turn;
    return state.stores[me] >= state.stores[them];
  } finally {
    engine.free();
  }
}

self.onmessage = async (/** @type {MessageEvent} */ e) => {
  const msg = e.data ?? {};
  try {
    await initEngine();
    if (msg.type === 'think') {
      self.postMessage({ type: 'move', id: msg.id, ...think(String(msg.save), Number(msg.level) || 1) });
    } else if (msg.type === 'split') {
      self.postMessage({ type: 'split', id: msg.id, accept: acceptsSplit(String(msg.save)) });
    }
  } catch (err) {
    self.postMessage({ type: 'error', id: msg.id, message: err instanceof Error ? err.message : String(err) });
  }
};
