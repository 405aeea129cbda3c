// @ts-check
// The project's one static file server: `cargo xtask serve` and `cargo xtask test` run it as a
// program (`node tests/e2e/static-server.mjs DIR [--port N] [--quiet] [--watch-stdin]`, printing its URL as the
// first line), the bench and the tests that need a site of their own import `serve` (a copy of
// dist/ changed into a "new build", a site under a sub-path, the embedding host pages).
// Loopback only, GET and HEAD, `Cache-Control: no-cache`, nothing outside its root; `root` may be
// swapped while it runs, the way a deployment replaces files. Text, JSON and wasm go out gzipped to
// a client that accepts it, as a real host sends them (what Lighthouse and the page loads measure).
import http from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.md': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** The types worth compressing (PNG is compressed already). */
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|wasm)|image\/svg)/;

/** Gzipped bodies by file, size and modification time (a swapped root gives new keys). */
const gzipped = new Map();

/**
 * `body` gzipped once per version of `file`.
 * @param {string} file @param {import('node:fs').Stats} info @param {Buffer} body
 */
function gzipOnce(file, info, body) {
  const key = `${file}\0${info.size}\0${info.mtimeMs}`;
  let zipped = gzipped.get(key);
  if (!zipped) {
    zipped = gzipSync(body);
    gzipped.set(key, zipped);
  }
  return zipped;
}

/**
 * Serves `root` at `http://127.0.0.1:<port><mount>` (mount starts and ends with `/`; port 0 picks
 * a free one).
 * @param {string} root
 * @param {string} [mount]
 * @param {{ port?: number, log?: boolean }} [options]
 */
export async function serve(root, mount = '/', { port = 0, log = false } = {}) {
  const site = {
    root,
    url: '',
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
  const server = http.createServer(async (req, res) => {
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const [status, headers, body] = await answer(site.root, mount, req.method ?? 'GET', req.url ?? '/', gzip);
    res.writeHead(status, { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff', ...headers });
    res.end(req.method === 'HEAD' ? undefined : body);
    if (log) console.error(`${req.method} ${req.url} ${status}`);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  site.url = `http://127.0.0.1:${address.port}${mount}`;
  return site;
}

/**
 * The reply to one request: status, headers and body (gzipped when `gzip` and worth it).
 * @param {string} root @param {string} mount @param {string} method @param {string} url @param {boolean} gzip
 * @returns {Promise<[number, Record<string, string>, Buffer | string]>}
 */
async function answer(root, mount, method, url, gzip) {
  const text = { 'Content-Type': 'text/plain; charset=utf-8' };
  if (method !== 'GET' && method !== 'HEAD') return [405, { ...text, Allow: 'GET, HEAD' }, 'method not allowed\n'];
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://x').pathname);
  } catch {
    return [400, text, 'bad request\n'];
  }
  if (!pathname.startsWith(mount) || pathname.split(/[/\\]/).includes('..') || pathname.includes('\0')) {
    return [404, text, 'not found\n'];
  }
  let file = path.join(root, pathname.slice(mount.length));
  try {
    let info = await stat(file);
    if (info.isDirectory()) {
      if (!pathname.endsWith('/')) return [301, { ...text, Location: `${pathname}/${new URL(url, 'http://x').search}` }, ''];
      file = path.join(file, 'index.html');
      info = await stat(file);
    }
    const type = TYPES[/** @type {keyof typeof TYPES} */ (path.extname(file).toLowerCase())] ?? 'application/octet-stream';
    const body = await readFile(file);
    if (!COMPRESSIBLE.test(type)) return [200, { 'Content-Type': type }, body];
    const vary = { 'Content-Type': type, Vary: 'Accept-Encoding' };
    return gzip ? [200, { ...vary, 'Content-Encoding': 'gzip' }, gzipOnce(file, info, body)] : [200, vary, body];
  } catch {
    return [404, text, 'not found\n'];
  }
}

// As a program: serve DIR until stopped.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const flag = (/** @type {string} */ name) => args.indexOf(name);
  const port = flag('--port') >= 0 ? Number(args[flag('--port') + 1]) : 8000;
  const dir = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--port');
  if (!dir || !Number.isInteger(port)) {
    console.error('usage: node static-server.mjs DIR [--port N] [--quiet] [--watch-stdin]');
    process.exit(2);
  }
  try {
    const site = await serve(path.resolve(dir), '/', { port, log: flag('--quiet') < 0 });
    console.log(site.url);
    // Started by another program: stop with it (its end closes our stdin).
    if (flag('--watch-stdin') >= 0) process.stdin.on('end', () => process.exit(0)).resume();
  } catch (err) {
    const inUse = /** @type {NodeJS.ErrnoException} */ (err).code === 'EADDRINUSE';
    console.error(inUse ? `port ${port} is already in use; pick another with --port N` : String(err));
    process.exit(1);
  }
}
