// @ts-check
// The offline app (issue 6): after one visit the service worker has the whole build and the game
// plays with the network off; a new build waits until the player accepts "new version — reload",
// and the game in progress survives the reload; Chromium finds the app installable.
import { test, expect, chromium } from '@playwright/test';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { idle, play, ready, setSpeed, shown } from './game-helpers.mjs';
import { serve } from './static-server.mjs';

const dist = process.env.DIST_DIR ?? fileURLToPath(new URL('../../dist/', import.meta.url));

/**
 * Waits until the service worker controls the page (it claims the page on its first install,
 * once everything is precached).
 * @param {import('@playwright/test').Page} page
 */
async function controlled(page) {
  const state = () =>
    page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      const worker = (/** @type {ServiceWorker | null | undefined} */ w) => w?.state ?? null;
      return {
        controller: worker(navigator.serviceWorker.controller),
        installing: worker(r?.installing),
        waiting: worker(r?.waiting),
        active: worker(r?.active),
      };
    });
  await expect.poll(state).toEqual({ controller: 'activated', installing: null, waiting: null, active: 'activated' });
}

/** The site's caches and the build each serves. @param {import('@playwright/test').Page} page */
function cacheNames(page) {
  return page.evaluate(() => caches.keys());
}

test('after one visit the game plays offline', async ({ page, context }) => {
  await page.goto('./');
  await ready(page);
  await controlled(page);
  const { hash, files } = JSON.parse(await readFile(path.join(dist, 'build.json'), 'utf8'));
  const names = await cacheNames(page);
  expect(names).toEqual([`mancala-atlas ${new URL('./', page.url()).href} ${hash}`]);
  const cached = await page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url), names[0]);
  expect(cached.map((url) => url.slice(new URL('./', page.url()).href.length)).sort()).toEqual([...files].sort());

  await context.setOffline(true);
  // The network is really gone: a file outside the build cannot be fetched.
  expect(await page.evaluate(() => fetch('build.json').then(() => 'fetched', () => 'failed'))).toBe('failed');
  await page.reload();
  await ready(page);
  await setSpeed(page, 'instant');
  const before = await shown(page);
  expect(before.ply).toBe(0);
  await play(page, before.legal[0]);
  expect((await shown(page)).ply).toBe(1);
  // Another language's texts come from the cache too.
  await page.locator('#lang').selectOption('tr');
  await expect(page.getByRole('button', { name: 'Yeni oyun' })).toBeVisible();
  await context.setOffline(false);
});

test('a new build waits for "reload", and the game in progress survives it (under a sub-path)', async ({ page }) => {
  const work = await mkdtemp(path.join(tmpdir(), 'atlas-update-'));
  const [one, two] = [path.join(work, 'one'), path.join(work, 'two')];
  await cp(dist, one, { recursive: true });
  await cp(dist, two, { recursive: true });
  // The next build: another page (marked) and so another hash in the service worker.
  const sw = await readFile(path.join(two, 'sw.js'), 'utf8');
  const hash = /const BUILD = '([0-9a-f]+)';/.exec(sw)?.[1];
  expect(hash).toMatch(/^[0-9a-f]{16}$/);
  const next = [...(hash ?? '')].reverse().join('');
  await writeFile(path.join(two, 'sw.js'), sw.replace(`const BUILD = '${hash}';`, `const BUILD = '${next}';`));
  const html = await readFile(path.join(two, 'index.html'), 'utf8');
  await writeFile(path.join(two, 'index.html'), html.replace('<html lang="en">', '<html lang="en" data-test-build="two">'));

  const site = await serve(one, '/games/mancala-atlas/');
  try {
    await page.goto(site.url);
    await ready(page);
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
    await expect(page.locator('html')).toHaveAttribute('data-test-build', 'two');
    const scope = new URL('./', page.url()).href;
    expect(scope).toBe(site.url);
    await expect.poll(() => cacheNames(page)).toEqual([`mancala-atlas ${scope} ${next}`]);
    await idle(page);
    const after = await shown(page);
    expect(after).toEqual(game);
  } finally {
    await site.close();
    await rm(work, { recursive: true, force: true });
  }
});

test('Chromium finds the app installable: no installability errors, real PNG icons', async ({ baseURL }, testInfo) => {
  const profile = await mkdtemp(path.join(tmpdir(), 'atlas-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    headless: true,
    serviceWorkers: 'allow',
  });
  try {
    const page = await context.newPage();
    await page.goto(/** @type {string} */ (baseURL));
    await ready(page);
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toBe(new URL('manifest.webmanifest', baseURL).href);

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
    await rm(profile, { recursive: true, force: true });
  }
});
