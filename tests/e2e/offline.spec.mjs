// @ts-check
// The offline app (issue 6): after one visit the service worker has the whole build and the game
// plays with the network off; a new build waits until the player accepts "new version — reload",
// and the game in progress survives the reload; Chromium finds the app installable.
import { test, expect, chromium } from '@playwright/test';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { idle, lookAround, play, ready, setSpeed, shown } from './game-helpers.mjs';
import { serve } from './static-server.mjs';

const dist = process.env.DIST_DIR ?? fileURLToPath(new URL('../../dist/', import.meta.url));

/**
 * Serves a copy of dist/ (as `dir`) from a server of the test's own: the shared dist/ may be
 * rebuilt by another run at any moment, and a service worker that precaches a site half swapped
 * would fail to install. `close()` stops the server and deletes the copy.
 * @param {string} [mount] the path the site is served under
 */
async function snapshot(mount = '/') {
  const work = await mkdtemp(path.join(tmpdir(), 'atlas-offline-'));
  const dir = path.join(work, 'site');
  await cp(dist, dir, { recursive: true });
  const site = await serve(dir, mount);
  return {
    site,
    dir,
    work,
    async close() {
      await site.close();
      await rm(work, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the service worker controls the page (it claims the page on its first install,
 * once everything is precached).
 * @param {import('@playwright/test').Page} page
 */
async function controlled(page) {
  const state = () =>
    page.evaluate(async (seen) => {
      const r = await navigator.serviceWorker.getRegistration();
      const worker = (/** @type {ServiceWorker | null | undefined} */ w) => w?.state ?? null;
      return {
        controller: worker(navigator.serviceWorker.controller),
        installing: worker(r?.installing),
        waiting: worker(r?.waiting),
        active: worker(r?.active),
        problems: seen,
      };
    }, problems.get(page) ?? []);
  await expect
    .poll(state)
    .toEqual({ controller: 'activated', installing: null, waiting: null, active: 'activated', problems: [] });
}

/** @type {WeakMap<import('@playwright/test').Page, string[]>} */
const problems = new WeakMap();
test.beforeEach(({ page }) => {
  /** @type {string[]} */
  const seen = [];
  problems.set(page, seen);
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') seen.push(m.text());
  });
  page.on('pageerror', (e) => seen.push(e.message));
});

/** The site's caches and the build each serves. @param {import('@playwright/test').Page} page */
function cacheNames(page) {
  return page.evaluate(() => caches.keys());
}

test('after one visit the game plays offline', async ({ page, context }) => {
  const copy = await snapshot();
  try {
    await page.goto(copy.site.url);
    await ready(page);
    await lookAround(page);
    await controlled(page);
    const { hash, files } = JSON.parse(await readFile(path.join(copy.dir, 'build.json'), 'utf8'));
    expect(await cacheNames(page)).toEqual([`mancala-atlas ${copy.site.url} ${hash}`]);
    const cached = await page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url), (await cacheNames(page))[0]);
    expect(cached.map((url) => url.slice(copy.site.url.length)).sort()).toEqual([...files].sort());

    await context.setOffline(true);
    // The network is really gone: a file outside the build cannot be fetched.
    expect(await page.evaluate(() => fetch('build.json').then(() => 'fetched', () => 'failed'))).toBe('failed');
    await page.reload();
    await ready(page);
    await lookAround(page);
    await setSpeed(page, 'instant');
    const before = await shown(page);
    expect(before.ply).toBe(0);
    await play(page, before.legal[0]);
    expect((await shown(page)).ply).toBe(1);
    // Another language's texts come from the cache too.
    await page.locator('#lang').selectOption('tr');
    await expect(page.getByRole('button', { name: 'Yeni oyun' })).toBeVisible();
    // So do its rules texts, fetched when the panel first opens (issue 13 §5).
    const rulesTr = JSON.parse(await readFile(path.join(copy.dir, 'i18n', 'rules.tr.json'), 'utf8'));
    await page.locator('#btn-rules').click();
    await expect(page.locator('#rules-body strong')).toHaveText(rulesTr['mangala-iv'].summary);
    await context.setOffline(false);
  } finally {
    await copy.close();
  }
});

test('a new build waits for "reload", and the game in progress survives it (under a sub-path)', async ({ page }) => {
  const copy = await snapshot('/games/mancala-atlas/');
  const site = copy.site;
  try {
    // The next build: another page (marked) and so another hash in the service worker.
    const two = path.join(copy.work, 'two');
    await cp(copy.dir, two, { recursive: true });
    const sw = await readFile(path.join(two, 'sw.js'), 'utf8');
    const hash = /const BUILD = '([0-9a-f]+)';/.exec(sw)?.[1];
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    const next = [...(hash ?? '')].reverse().join('');
    await writeFile(path.join(two, 'sw.js'), sw.replace(`const BUILD = '${hash}';`, `const BUILD = '${next}';`));
    const html = await readFile(path.join(two, 'index.html'), 'utf8');
    await writeFile(path.join(two, 'index.html'), html.replace('<html lang="en">', '<html lang="en" data-test-build="two">'));

    await page.goto(site.url);
    await ready(page);
    await lookAround(page);
    await controlled(page);
    await setSpeed(page, 'instant');
    for (let i = 0; i < 3; i++) await play(page, (await shown(page)).legal[0]);
    const game = await shown(page);
    expect(game.ply).toBe(3);

    // Deploy the next build and let the page look for it, as it does when it becomes visible.
    site.root = two;
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.locator('#update');
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('A new version of Mancala Atlas is ready.');
    // Waiting, not yet in charge: the page still runs the first build.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
    expect(await page.locator('html').getAttribute('data-test-build')).toBeNull();

    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await ready(page);
    await lookAround(page);
    await expect(page.locator('html')).toHaveAttribute('data-test-build', 'two');
    expect(new URL('./', page.url()).href).toBe(site.url);
    await expect.poll(() => cacheNames(page)).toEqual([`mancala-atlas ${site.url} ${next}`]);
    await idle(page);
    expect(await shown(page)).toEqual(game);
  } finally {
    await copy.close();
  }
});

test('Chromium finds the app installable: no installability errors, real PNG icons', async ({}, testInfo) => {
  const copy = await snapshot();
  const profile = path.join(copy.work, 'profile');
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    headless: true,
    serviceWorkers: 'allow',
  });
  try {
    const page = await context.newPage();
    problems.set(page, []);
    await page.goto(copy.site.url);
    await ready(page);
    await lookAround(page);
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toBe(`${copy.site.url}manifest.webmanifest`);

    // Every icon is a PNG of the size the manifest gives.
    const icons = await page.evaluate(async () => {
      const m = await (await fetch('manifest.webmanifest')).json();
      return Promise.all(
        m.icons.map(async (/** @type {{src: string, sizes: string, purpose: string}} */ icon) => {
          const bytes = new Uint8Array(await (await fetch(icon.src)).arrayBuffer());
          const view = new DataView(bytes.buffer);
          const png = [...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('');
          return { src: icon.src, purpose: icon.purpose, sizes: icon.sizes, png, size: `${view.getUint32(16)}x${view.getUint32(20)}` };
        }),
      );
    });
    expect(icons).toEqual([
      { src: 'icons/icon-192.png', purpose: 'any', sizes: '192x192', png: 'PNG', size: '192x192' },
      { src: 'icons/icon-512.png', purpose: 'any', sizes: '512x512', png: 'PNG', size: '512x512' },
      { src: 'icons/maskable-512.png', purpose: 'maskable', sizes: '512x512', png: 'PNG', size: '512x512' },
    ]);
  } finally {
    await context.close();
    await copy.close();
  }
});
