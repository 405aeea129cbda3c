// @ts-check
// A small static server for the tests that need a site of their own: a copy of dist/ changed
// into a "new build" (offline.spec.mjs), served under a sub-path to show that the site works
// under any path, or the embedding host pages when HOST_URL is not given (a run by hand).
// Loopback only; `root` may be swapped while it runs, the way a deployment replaces files.
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

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
  '.md': 'text/plain; charset=utf-8',
};

/**
 * Serves `root` at `http://127.0.0.1:<port><mount>` (mount starts and ends with `/`).
 * @param {string} root
 * @param {string} [mount]
 */
export async function serve(root, mount = '/') {
  const site = {
    root,
    url: '',
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
  const server = http.createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (!pathname.startsWith(mount) || pathname.includes('..') || req.method !== 'GET') {
      res.writeHead(404).end('not found\n');
      return;
    }
    let rel = pathname.slice(mount.length);
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    try {
      const body = await readFile(path.join(site.root, rel));
      res.writeHead(200, {
        'Content-Type': TYPES[/** @type {keyof typeof TYPES} */ (path.extname(rel))] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
      });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found\n');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  site.url = `http://127.0.0.1:${address.port}${mount}`;
  return site;
}
