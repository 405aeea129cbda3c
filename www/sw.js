// @ts-check
/// <reference lib="webworker" />
/**
 * The service worker: the whole site, precached under a cache named after
 * the build's content hash, so that the page, its glue and its wasm always
 * come from one build, online or not.
 *
 * `cargo xtask dist` fills in `__BUILD_HASH__` and `__PRECACHE__` (every file
 * of the build, relative to this script). A new build installs beside the
 * running one and waits; the page offers "new version — reload" and, when
 * accepted, posts `{type: 'skip-waiting'}` (js/pwa.js). Activation deletes
 * the caches of older builds of this scope only. Files not in the build
 * (anything else on the origin) go to the network untouched.
 *
 * The endgame tables (`tables/*.bin`, issue 11 §1) are not precached: they are megabytes a page
 * may never need. The worker fetches a game's file when a position first comes within it; this
 * script keeps the answer in the build's cache, so that the file is fetched once a build and
 * then works offline.
 */

/** @type {ServiceWorkerGlobalScope} */
const sw = /** @type {any} */ (self);

const BUILD = '__BUILD_HASH__';
/** @type {string[]} */
const FILES = __PRECACHE__;

/** Caches of this site, whatever path it is served under. */
const PREFIX = `mancala-atlas ${sw.registration.scope} `;
const CACHE = PREFIX + BUILD;

/** The site's root (this script's folder), with a trailing slash. */
const ROOT = new URL('./', sw.location.href);

/** The endgame tables' files, cached when first fetched. */
const TABLES = /^tables\/[a-z0-9-]+\.bin$/;

/**
 * `event`'s request from the build's cache, else from the network (revalidated: the file names
 * carry no build, so the HTTP cache may hold an older build's), kept in the cache when it
 * succeeds; a cache that cannot take it (quota) costs only the offline copy.
 * @param {FetchEvent} event
 */
async function cachedOnUse(event) {
  const { request } = event;
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request.url);
  if (cached) return cached;
  const response = await fetch(new Request(request, { cache: 'no-cache' }));
  if (response.ok) event.waitUntil(cache.put(request.url, response.clone()).catch(() => {}));
  return response;
}

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // `reload`: straight from the server, never from the HTTP cache of an older build.
      cache.addAll(FILES.map((file) => new Request(new URL(file, ROOT), { cache: 'reload' }))),
    ),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      // The first install takes the open page at once (nothing older was in charge).
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  if (event.data && typeof event.data === 'object' && event.data.type === 'skip-waiting') sw.skipWaiting();
});

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== ROOT.origin || !url.pathname.startsWith(ROOT.pathname)) return;
  let file = decodeURIComponent(url.pathname.slice(ROOT.pathname.length));
  // The page itself, under any query (`?embed=1&…`): the precached index.html.
  if (file === '' || file.endsWith('/')) file += 'index.html';
  if (TABLES.test(file)) {
    event.respondWith(cachedOnUse(event));
    return;
  }
  if (!FILES.includes(file)) return;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(new URL(file, ROOT).href))
      .then((cached) => cached ?? fetch(request)),
  );
});
