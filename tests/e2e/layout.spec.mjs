// @ts-check
// Layout (issue 15, §2, §3 and §6), measured with bounding boxes: an embed of the README's height
// shows everything without scrolling at every width a wiki gives it; inside it, an h1, a link to
// the site and a word on how to step a view; the pits' names drawn on the board and explained in
// the rules; the site at 1280×800 and on a phone. And (issue 14) nothing moves while the page
// loads: the layout shift of a home page, a share link and an embed.
import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { GAMES, clickPit, holdWasm, idle, open, ready } from './game-helpers.mjs';

/** @typedef {import('@playwright/test').Page} Page */

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const SITE = 'https://example.org/mancala/';

/**
 * README "Embed in a wiki": each iframe's query and height, and every height the section gives
 * (the widget's default and use line included).
 */
function documentedEmbeds() {
  const start = README.indexOf('## Embed in a wiki');
  const section = README.slice(start, README.indexOf('\n## ', start + 1));
  const tags = section.match(/<iframe[\s\S]*?<\/iframe>/g) ?? [];
  const heights = [
    ...tags.map((t) => /height="(\d+)"/.exec(t)?.[1] ?? /height\|default:(\d+)/.exec(t)?.[1]),
    ...[...section.matchAll(/\|height=(\d+)/g)].map((m) => m[1]),
  ].map(Number);
  const iframes = tags
    .map((t) => /src="([^"]+)"/.exec(t)?.[1] ?? '')
    .filter((src) => src.startsWith(SITE) && !src.includes('<!--'))
    .map((src) => src.slice(SITE.length).replace(/^\?/, '').replaceAll('&amp;', '&'));
  return { heights, iframes };
}

const { heights, iframes } = documentedEmbeds();
/** The documented iframe height. */
const HEIGHT = heights[0];
const WIDTHS = [320, 390, 600, 900];

/**
 * The boxes of everything a player needs that are not inside the viewport (hidden elements
 * excepted), by name, and whether the page scrolls.
 * @param {Page} page
 * @param {string[]} selectors
 */
function outside(page, selectors) {
  return page.evaluate((list) => {
    const w = document.documentElement.clientWidth;
    const h = document.documentElement.clientHeight;
    /** @type {string[]} */
    const out = [];
    for (const sel of list) {
      for (const el of document.querySelectorAll(sel)) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        const name = `${sel}${el instanceof HTMLElement && el.dataset.pit ? `[${el.dataset.pit}]` : ''} ${el.textContent?.trim().slice(0, 30) ?? ''}`;
        if (r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5) {
          out.push(`${name}: ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)} in ${w}×${h}`);
        }
      }
    }
    return { out, scrolls: document.documentElement.scrollHeight > h + 0.5 };
  }, selectors);
}

const EMBED_PARTS = ['#pits .pit', '#player-north', '#player-south', '.player.to-move', '#game-title', '#embed-site', '#controls button', '#controls select', '#notice', '.under-board'];

/** @param {Page} page @param {string} query */
async function openEmbed(page, query) {
  await page.goto(`./?${query}`);
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
  await idle(page);
}

test.describe('§2 an embed of the README\'s height shows all of it at 320–900 px', () => {
  test('the README gives one height for every iframe and the widget', () => {
    expect(iframes.length).toBe(2);
    expect(heights.length).toBeGreaterThanOrEqual(4);
    expect(new Set(heights)).toEqual(new Set([HEIGHT]));
  });

  const examples = [
    ...GAMES.map((g) => ({ name: g.name, query: `embed=1&game=${g.id}` })),
    { name: 'the README\'s view', query: iframes[0] },
    { name: 'the README\'s puzzle', query: iframes[1] },
  ];
  for (const { name, query } of examples) {
    test(`${name}: every pit, both players and every control inside the viewport, no scrolling`, async ({ page }) => {
      // English, and Greek, whose words are the longest.
      for (const [width, lang] of WIDTHS.flatMap((w) => [[w, 'en'], [w, 'el']])) {
        await page.setViewportSize({ width, height: HEIGHT });
        await openEmbed(page, `${query}&lang=${lang}`);
        await expect(page.locator('#pits .pit').first()).toBeVisible();
        expect({ width, lang, ...(await outside(page, EMBED_PARTS)) }).toEqual({ width, lang, out: [], scrolls: false });
      }
    });
  }

  test('the README\'s puzzle: the AM-4 feeding message and "Start again" are in view at every width, in English and Greek', async ({ page }) => {
    for (const [width, lang] of WIDTHS.flatMap((w) => [[w, 'en'], [w, 'el']])) {
      await page.setViewportSize({ width, height: HEIGHT });
      await openEmbed(page, `${iframes[1]}&lang=${lang}`);
      await expect(page.locator('#board')).toHaveAttribute('data-legal', '6');
      // Pit a does not reach North's empty row (AM-4): the preview says why.
      await page.locator('#pits [data-pit="0"]').hover();
      await expect(page.locator('#preview')).toHaveClass(/illegal/);
      await expect(page.locator('#preview')).not.toBeEmpty();
      await expect(page.locator('#btn-restart')).toBeVisible();
      expect({ width, lang, ...(await outside(page, ['#preview', '#btn-restart', ...EMBED_PARTS])) }).toEqual({ width, lang, out: [], scrolls: false });
    }
  });

  test('an embed draws no trays: the captures are in the player bars', async ({ page }) => {
    await page.setViewportSize({ width: 600, height: HEIGHT });
    await openEmbed(page, iframes[1]);
    await page.waitForFunction(() => /** @type {any} */ (window).mancalaAtlas.geometry() !== null);
    const geo = await page.evaluate(() => {
      const g = /** @type {any} */ (window).mancalaAtlas.geometry();
      return { trays: g.trays, bankChips: g.bankChips };
    });
    expect(geo).toEqual({ trays: false, bankChips: null });
    await expect(page.locator('#player-south .score')).toHaveText('48 seeds captured');
    await expect(page.locator('#player-north .score')).toHaveText('48 seeds captured');
  });
});

test.describe('§2 inside an embed', () => {
  test('the game\'s name is the page\'s h1: axe page-has-heading-one passes in the view and the puzzle', async ({ page }) => {
    for (const [query, name] of [[iframes[0], 'Sadeqa III'], [iframes[1], 'Al-manqala']]) {
      await openEmbed(page, query);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      const result = await new AxeBuilder({ page }).withRules(['page-has-heading-one']).analyze();
      expect(result.violations.map((v) => v.id)).toEqual([]);
      expect(result.passes.map((v) => v.id)).toEqual(['page-has-heading-one']);
    }
  });

  test('"Open on the site" opens the same game as a share link on the site, in a new tab', async ({ page, baseURL }) => {
    await openEmbed(page, 'embed=1&mode=view&game=al-manqala&moves=0.13.1&ply=2');
    const link = page.getByRole('link', { name: 'Open on the site' });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener');
    const href = new URL(/** @type {string} */ (await link.getAttribute('href')));
    expect(href.origin + href.pathname).toBe(new URL(/** @type {string} */ (baseURL)).href);
    expect(href.search).toBe('');
    // The moves as the move list names them (0, 13, 1 are pits a, G, b).
    expect(Object.fromEntries(new URLSearchParams(href.hash.slice(1)))).toEqual({ game: 'al-manqala', moves: 'a.G.b', ply: '2' });
    // A step in the view: the link follows.
    await page.getByRole('button', { name: 'Redo' }).click();
    await idle(page);
    await expect(link).toHaveAttribute('href', /#game=al-manqala&moves=a\.G\.b$/);

    const embedded = await page.locator('#board').getAttribute('data-board');
    const [site] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await ready(site);
    expect(new URL(site.url()).origin).toBe(new URL(/** @type {string} */ (baseURL)).origin);
    await expect(site.locator('#game-title')).toHaveText('Al-manqala');
    await expect(site.locator('#board')).toHaveAttribute('data-board', /** @type {string} */ (embedded));
    await expect(site.locator('#board')).toHaveAttribute('data-ply', '3');
    // A site page, not an embed.
    await expect(site.locator('header.bar')).toBeVisible();
  });

  test('clicking a pit in mode=view points to the stepping buttons, not "Please wait for your turn."', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: HEIGHT });
    await openEmbed(page, 'embed=1&mode=view&game=sadeqa-iii&moves=2&ply=0');
    await clickPit(page, 2);
    const words = 'This game is for watching: step through it with the buttons below.';
    await expect(page.locator('#banner')).toHaveText(words);
    await expect(page.locator('#banner')).toBeVisible();
    await expect(page.locator('#live')).toContainText(words);
    await expect(page.locator('#board')).toHaveAttribute('data-ply', '0');
    // The words take their place under the board without pushing the buttons out of the frame.
    expect(await outside(page, ['#banner', ...EMBED_PARTS])).toEqual({ out: [], scrolls: false });
    await openEmbed(page, 'embed=1&mode=view&game=sadeqa-iii&moves=2&ply=0&lang=el');
    await clickPit(page, 2);
    await expect(page.locator('#banner')).toBeVisible();
    expect(await outside(page, ['#banner', ...EMBED_PARTS])).toEqual({ out: [], scrolls: false });
  });
});

test.describe('§3 the pits\' names on the board', () => {
  test('every game draws each pit\'s letter next to its own pit, on a light plate', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const game of GAMES) {
      await open(page, `game=${game.id}`);
      // A refit after the first frame (the page's style settling) leaves no geometry until the next.
      await page.waitForFunction(() => /** @type {any} */ (window).mancalaAtlas.geometry() !== null);
      const drawn = await page.evaluate(() => {
        const app = /** @type {any} */ (window).mancalaAtlas;
        const g = app.geometry();
        const ctx = /** @type {HTMLCanvasElement} */ (document.getElementById('canvas')).getContext('2d');
        const dpr = devicePixelRatio;
        const pits = [...document.querySelectorAll('#pits .pit')].map((b) => {
          const r = b.getBoundingClientRect();
          const c = /** @type {HTMLElement} */ (document.getElementById('board')).getBoundingClientRect();
          return { x: r.left - c.left + r.width / 2, y: r.top - c.top + r.height / 2 };
        });
        return g.labels.map((/** @type {{text: string, x: number, y: number}} */ l, /** @type {number} */ i) => {
          // The plate beside the letter (no letter is that wide).
          const px = ctx?.getImageData(Math.floor((l.x + g.labelPlate.w * 0.36) * dpr), Math.floor(l.y * dpr), 1, 1).data;
          return {
            text: l.text,
            inLine: Math.abs(l.x - pits[i].x) < 0.5,
            towardsOtherRow: i < g.n ? l.y < pits[i].y : l.y > pits[i].y,
            plate: px ? Math.max(Math.abs(px[0] - 0xf1), Math.abs(px[1] - 0xe4), Math.abs(px[2] - 0xc8)) < 12 : false,
          };
        });
      });
      const n = game.n;
      expect(drawn).toEqual(
        [...Array(2 * n).keys()].map((i) => ({
          text: i < n ? String.fromCharCode(97 + i) : String.fromCharCode(65 + i - n),
          inLine: true,
          towardsOtherRow: true,
          plate: true,
        })),
      );
    }
  });

  test('the rules panel explains the names once, with the game\'s own letters', async ({ page }) => {
    await open(page, 'game=anywoli');
    await page.getByRole('button', { name: 'Rules' }).click();
    await expect(page.locator('#rules')).toBeVisible();
    const notation = page.locator('#rules-body .notation');
    await expect(notation).toHaveCount(1);
    await expect(notation).toContainText("South's pits are a to l, counted from South's left; North's are A to L, counted from North's left");
    await page.locator('#rules-game').selectOption('mangala-iv');
    await expect(notation).toContainText("South's pits are a to g, counted from South's left; North's are A to G");
  });
});

test.describe('§6 the site\'s layout', () => {
  test('1280×800: the board, both players, Undo/Redo and the forced-pit button fit in the viewport', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const game of GAMES) {
      await open(page, `game=${game.id}`);
      if (game.id === 'mangala-iv') await expect(page.locator('#btn-forced')).toBeVisible();
      expect({ game: game.id, ...(await outside(page, ['#pits .pit', '#player-north', '#player-south', '#btn-undo', '#btn-redo', '#btn-forced']))
      }).toEqual({ game: game.id, out: [], scrolls: expect.any(Boolean) });
      // Fitted to the height, not shrunk to nothing: pits still big.
      const pit = await page.locator('#pits .pit').first().boundingBox();
      expect(pit?.width).toBeGreaterThanOrEqual(game.n === 12 ? 48 : 70);
    }
  });

  test('1280×800: the New game dialog\'s Start button is in view without scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, 'game=mangala-iv');
    await page.getByRole('button', { name: 'New game' }).first().click();
    const start = page.locator('#chooser').getByRole('button', { name: 'Start' });
    await expect(start).toBeVisible();
    const box = /** @type {{x: number, y: number, width: number, height: number}} */ (await start.boundingBox());
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    // Nothing covers it: the button itself is under its centre.
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.id, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
    expect(hit).toBe('chooser-start');
  });

  test('phone 390×844: every pit of every game is a touch target of at least 44×44 px, none overlapping', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });
    const page = await context.newPage();
    for (const game of GAMES) {
      await open(page, `game=${game.id}`);
      const boxes = await page.locator('#pits .pit').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().toJSON()));
      expect(boxes).toHaveLength(2 * game.n);
      const small = boxes.filter((b) => b.width < 44 || b.height < 44).length;
      expect({ game: game.id, small }).toEqual({ game: game.id, small: 0 });
      const overlaps = boxes.flatMap((a, i) =>
        boxes.slice(i + 1).filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom),
      ).length;
      expect({ game: game.id, overlaps }).toEqual({ game: game.id, overlaps: 0 });
    }
    await context.close();
  });

  test('the trays\' count chips lie inside the trays', async ({ page }) => {
    for (const [width, height] of [[1280, 800], [390, 844]]) {
      await page.setViewportSize({ width, height });
      for (const game of GAMES.filter((g) => g.id !== 'anywoli')) {
        await open(page, `game=${game.id}`);
        // A resize (the viewport, the welcome closing) lays the board out anew on the next frame.
        await page.waitForFunction(() => /** @type {any} */ (window).mancalaAtlas.geometry() !== null);
        const out = await page.evaluate(async () => {
          const { chipRect } = await import('./js/main.js');
          const g = /** @type {any} */ (window).mancalaAtlas.geometry();
          const ctx = /** @type {CanvasRenderingContext2D} */ (document.createElement('canvas').getContext('2d'));
          return /** @type {const} */ (['south', 'north']).filter((side) => {
            const t = g.banks[side];
            const c = chipRect(ctx, g.bankChips[side].x, g.bankChips[side].y, '98', g.u * 1.15);
            return c.x < t.x || c.y < t.y || c.x + c.w > t.x + t.w || c.y + c.h > t.y + t.h;
          });
        });
        expect({ width, game: game.id, out }).toEqual({ width, game: game.id, out: [] });
      }
    }
  });

  test('the move list\'s Start begins where the moves\' numbers do', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, 'game=sadeqa-iii&moves=2');
    const start = await page.locator('#moves li.start .mv').boundingBox();
    const num = await page.locator('#moves li').nth(1).locator('.num').boundingBox();
    expect(Math.abs((start?.x ?? 0) - (num?.x ?? -99))).toBeLessThan(1);
  });

  test('the share button keeps to one line in every language', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const lang of ['en', 'it', 'el', 'fil', 'tr']) {
      await page.goto(`./?lang=${lang}#game=mangala-iv`);
      await ready(page);
      const [share, undo, record] = await Promise.all(['#btn-share', '#btn-undo', '.record'].map((s) => page.locator(s).boundingBox()));
      expect({ lang, oneLine: (share?.height ?? 99) <= (undo?.height ?? 0) + 0.5 }).toEqual({ lang, oneLine: true });
      expect((share?.x ?? 0) + (share?.width ?? 0)).toBeLessThanOrEqual((record?.x ?? 0) + (record?.width ?? 0));
    }
  });
});

test('issue 14: from ready on the board always has a geometry: a new game or a refit keeps the old one until the next frame replaces it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, 'game=anywoli');
  const seen = await page.evaluate(async () => {
    const app = /** @type {any} */ (window).mancalaAtlas;
    const geo = () => {
      const g = app.geometry();
      return g && { n: g.n, width: Math.round(g.width) };
    };
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const first = geo();
    app.load({ variant: 'mangala-iv', options: {}, moves: [] });
    const replaced = geo();
    await frames();
    const drawn = geo();
    // The board's container narrows: the resize handler refits.
    /** @type {HTMLElement} */ (document.getElementById('board')).style.width = `${first.width - 100}px`;
    dispatchEvent(new Event('resize'));
    const refitting = geo();
    await frames();
    return { first, replaced, drawn, refitting, refitted: geo() };
  });
  const [anywoli, mangala] = [GAMES[3].n, GAMES[0].n];
  const width = seen.first?.width ?? 0;
  expect(seen).toEqual({
    first: { n: anywoli, width },
    replaced: { n: anywoli, width },
    drawn: { n: mangala, width },
    refitting: { n: mangala, width },
    refitted: { n: mangala, width: width - 100 },
  });
});

test.describe('issue 14: nothing seen moves while the page loads (CLS ≤ 0.02)', () => {
  /** The pages: a first visit, a share link (its notice above the board), an embed of the README. */
  const PAGES = {
    home: './',
    link: './#game=anywoli&moves=a.B&mode=computer&level=1',
    embed: `./?${iframes[0]}`,
  };
  const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
  for (const [size, viewport] of Object.entries(SIZES)) {
    for (const [name, url] of Object.entries(PAGES)) {
      test(`${name}, ${size} ${viewport.width}×${viewport.height}`, async ({ browser }) => {
        const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
        const page = await context.newPage();
        // The engine is held back until the page has painted what it has without it, as a slow
        // network would: then every shift the start makes is one a reader sees.
        const release = await holdWasm(page);
        await page.goto(url, { waitUntil: 'commit' });
        await page.waitForFunction(() => document.readyState !== 'loading');
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        release();
        await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
        await page.locator('#start[data-coming]').waitFor({ state: 'detached' });
        await idle(page);
        // Every shift since navigation (buffered), after two more frames: what the load moved.
        const shifts = await page.evaluate(
          () =>
            new Promise((resolve) => {
              /** @type {{value: number, sources: string[]}[]} */
              const seen = [];
              new PerformanceObserver((list) => {
                for (const e of /** @type {any[]} */ (list.getEntries())) {
                  if (e.hadRecentInput) continue;
                  seen.push({ value: e.value, sources: e.sources.map((/** @type {any} */ s) => `${s.node?.nodeName}#${s.node?.id ?? ''}`) });
                }
              }).observe({ type: 'layout-shift', buffered: true });
              requestAnimationFrame(() => requestAnimationFrame(() => resolve(seen)));
            }),
        );
        const cls = /** @type {{value: number}[]} */ (shifts).reduce((sum, s) => sum + s.value, 0);
        expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(0.02);
        await context.close();
      });
    }
  }
});
