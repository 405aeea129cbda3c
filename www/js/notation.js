// @ts-check
/**
 * The core's notation of pits, for the modules that import no wasm: South
 * `a, b, c…` and North `A, B, C…`, each from its owner's left. engine.js
 * hands the wasm's functions over once it is ready (`useNotation`).
 * @module notation
 */

/**
 * @typedef {object} Notation
 * @property {(pit: number, pitsPerRow: number) => string} pitLetter
 * @property {(text: string, pitsPerRow: number) => number} letterPit  throws on a bad letter
 */

/** @type {Notation | null} */
let notation = null;

/** @param {Notation} given */
export function useNotation(given) {
  notation = given;
}

/** @returns {Notation} */
function current() {
  if (!notation) throw new Error('the pit notation is not ready: initEngine() first');
  return notation;
}

/**
 * A pit's letter.
 * @param {number} pit
 * @param {number} n pits per row
 */
export function pitLetter(pit, n) {
  return current().pitLetter(pit, n);
}

/**
 * The pit a letter names, or null.
 * @param {string} letter
 * @param {number} n pits per row
 * @returns {number | null}
 */
export function letterPit(letter, n) {
  try {
    return current().letterPit(letter, n);
  } catch {
    return null;
  }
}
