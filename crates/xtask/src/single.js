// Mancala Atlas, single-file build (written by `cargo xtask dist`; see crates/xtask/src/single.rs).
//
// Every ES module of the site is one function below, run once by `require` the way `import`
// would run it. Files the modules fetch (texts) and the wasm module are inlined; `fetch` and
// `Worker` are shadowed for the modules so that nothing is ever requested. The computer
// player's worker is this same script, started from a Blob of its own text, so the file holds
// the code and the wasm once.
(function (global) {
  'use strict';
  /** A made-up origin: module URLs (`import.meta.url`) resolve against it; it is never fetched. */
  const BASE = 'https://mancala-atlas.invalid/';
  /** @type {Record<string, string>} texts the modules may fetch, by path */
  const FILES = /*@FILES@*/;
  /** @type {Record<string, string>} wasm modules in base64, by path */
  const WASM = /*@WASM@*/;
  /** @type {Record<string, string>} wasm-bindgen glue module → the path of its wasm */
  const GLUE = /*@GLUE@*/;
  /** @type {Record<string, (require: (path: string) => any, moduleUrl: string) => object>} */
  const MODULES = Object.create(null);
  const inPage = typeof document !== 'undefined';
  const source = inPage ? /** @type {HTMLScriptElement} */ (document.currentScript).textContent : '';
  const entry = inPage ? /*@ENTRY@*/ : global.MANCALA_ENTRY;
  const own = (/** @type {object} */ table, /** @type {string} */ key) => Object.prototype.hasOwnProperty.call(table, key);

  /** @param {string} b64 */
  function decode(b64) {
    const text = atob(b64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }

  /** @param {unknown} input a URL, string or Request */
  function pathOf(input) {
    const href = typeof Request === 'function' && input instanceof Request ? input.url : String(input);
    return href.startsWith(BASE) ? href.slice(BASE.length) : href;
  }

  /** `fetch` for the modules: the inlined files, nothing else. */
  function fetch(/** @type {unknown} */ input) {
    const path = pathOf(input);
    if (own(FILES, path)) {
      const type = path.endsWith('.json') ? 'application/json' : 'text/plain; charset=utf-8';
      return Promise.resolve(new Response(FILES[path], { headers: { 'Content-Type': type } }));
    }
    if (own(WASM, path)) {
      return Promise.resolve(new Response(decode(WASM[path]), { headers: { 'Content-Type': 'application/wasm' } }));
    }
    return Promise.reject(new TypeError(`${path} is not part of the single-file build`));
  }

  /** `Worker` for the modules: a module of this file, run in a worker made from this script. */
  const Worker =
    global.Worker &&
    class extends global.Worker {
      /** @param {unknown} url @param {WorkerOptions} [options] */
      constructor(url, options) {
        const path = pathOf(url);
        if (!(path in MODULES)) throw new TypeError(`${path} is not part of the single-file build`);
        const head = `self.MANCALA_ENTRY = ${JSON.stringify(path)};\n`;
        const blob = new Blob([head, source], { type: 'text/javascript' });
        super(URL.createObjectURL(blob), { name: options?.name ?? path });
      }
    };

  /** @type {Record<string, object>} */
  const loaded = Object.create(null);
  /** @param {string} path */
  function require(path) {
    if (!(path in loaded)) {
      if (!(path in MODULES)) throw new Error(`${path} is not part of the single-file build`);
      loaded[path] = MODULES[path](require, BASE + path);
    }
    return loaded[path];
  }

  /*@MODULES@*/

  // Instantiate each wasm module synchronously, before any module asks for it (its glue then
  // skips fetching); if that fails, the glue's own init still finds the bytes through `fetch`.
  for (const glue of Object.keys(GLUE)) {
    try {
      require(glue).initSync({ module: decode(WASM[GLUE[glue]]) });
    } catch (err) {
      console.warn(`${glue}: initSync failed, falling back to async instantiation`, err);
    }
  }
  require(entry);
})(self);
