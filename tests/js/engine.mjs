// @ts-check
// The real engine for the node tests: the wasm that `cargo xtask dist` builds into dist/pkg,
// instantiated once, its pit notation and levels handed to the page's modules (catalog.js) as engine.js does.
import { existsSync, readFileSync } from 'node:fs';
import { useCatalog } from '../../www/js/catalog.js';

const dir = new URL('../../dist/pkg/', import.meta.url);
if (!existsSync(new URL('mancala_wasm_bg.wasm', dir))) {
  throw new Error('tests/js need the engine of dist/pkg: run `cargo xtask dist` first');
}
/** @type {any} */
export const wasm = await import(new URL('mancala_wasm.js', dir).href);
await wasm.default({ module_or_path: readFileSync(new URL('mancala_wasm_bg.wasm', dir)) });
useCatalog({ pitLetter: wasm.pitLetter, letterPit: wasm.letterPit, levels: wasm.levels() });

/** The games as the engine describes them. @type {import('../../www/js/engine.js').VariantInfo[]} */
export const VARIANTS = wasm.variants();
