// Mancala Atlas, single-file build: what the page's modules see instead of the network.
// esbuild injects this module (`--inject`, see crates/xtask/src/single.rs): the modules' global
// `fetch` and `Worker` become the exports below, and `import.meta.url` becomes `moduleUrl`.
// The texts come inlined (`texts.js`, written by the build); the computer player's worker is this
// same script, started from a Blob of its own text, so the file holds the code and the wasm once.
import FILES from './texts.js';

/** A made-up origin: module URLs resolve against it; it is never fetched. */
const BASE = 'https://mancala-atlas.invalid/';
/** `import.meta.url` of every module (they all sit in `js/` but for the wasm glue, which is
 * initialised before any module runs, so it never needs its own URL). */
export const moduleUrl = `${BASE}js/main.js`;
/** The bundle's own text, for the worker (read while the inline script runs). */
const source = typeof document === 'undefined' ? '' : (document.currentScript?.textContent ?? '');

/** @param {unknown} input a URL, string or Request */
function pathOf(input) {
  const href = typeof Request === 'function' && input instanceof Request ? input.url : String(input);
  return href.startsWith(BASE) ? href.slice(BASE.length) : href;
}

/** `fetch` for the modules: the inlined texts, nothing else. @param {unknown} input */
export function fetch(input) {
  const path = pathOf(input);
  if (!Object.prototype.hasOwnProperty.call(FILES, path)) {
    return Promise.reject(new TypeError(`${path} is not part of the single-file build`));
  }
  return Promise.resolve(new Response(FILES[path], { headers: { 'Content-Type': 'application/json' } }));
}

/** `Worker` for the modules: a module of this file, run in a worker made from this script. */
export const Worker =
  globalThis.Worker &&
  class extends globalThis.Worker {
    /** @param {unknown} url @param {WorkerOptions} [options] */
    constructor(url, options) {
      const path = pathOf(url);
      const head = `globalThis.MANCALA_ENTRY = ${JSON.stringify(path)};\n`;
      const blob = new Blob([head, source], { type: 'text/javascript' });
      super(URL.createObjectURL(blob), { name: options?.name ?? path });
    }
  };
