// @ts-check
/**
 * What the core describes, for the modules that import no wasm: the pit
 * notation (South `a, b, c…` and North `A, B, C…`, each from its owner's
 * left) and the computer's levels. engine.js hands the wasm's over once it
 * is ready (`useCatalog`); node tests hand over the same wasm's.
 * @module catalog
 */

/**
 * @typedef {object} Catalog
 * @property {(pit: number, pitsPerRow: number) => string} pitLetter
 * @property {(text: string, pitsPerRow: number) => number} letterPit  throws on a bad letter
 * @property {{id: string, name: string}[]} levels  the computer's levels, weakest first
 */

/** @type {Catalog | null} */
let catalog = null;

/** @param {Catalog} given */
export function useCatalog(given) {
  catalog = given;
}

/** @returns {Catalog} */
function current() {
  if (!catalog) throw new Error('the engine is not ready: initEngine() first');
  return catalog;
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

/**
 * The page's computer levels, 1 the weakest: level n is the engine's n-th.
 * @returns {number[]}
 */
export function levelNumbers() {
  return current().levels.map((_, i) => i + 1);
}
