// @ts-check
// The README is executed (issue 15 §1): every example of the page that README.md (and the
// repository's other *.md) and docs/*.md show — each iframe `src`, each use of the MediaWiki widget
// (through the widget's own template, as printed in the README), each share link (the link card,
// the Markdown card, `#game=…` fragments and `game=…` parameter examples) and each file of the site
// they link to — is read from the Markdown at test time and opened in Chromium, with
// `https://example.org/mancala/` replaced by the served site. Each must show the game and the ply
// it names, with no error notice, and in an embed's `mode=view`/`mode=puzzle` the controls that
// mode promises. The examples' CLI commands are run by crates/mancala-cli/tests/readme.rs.
import { test, expect } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { useHost } from './game-helpers.mjs';

/** @typedef {import('@playwright/test').Page} Page */
/** @typedef {import('@playwright/test').Frame} Frame */

/** Where the documentation says the site is served. */
const SITE = 'https://example.org/mancala/';
const ROOT = new URL('../../', import.meta.url);

/**
 * @typedef {object} Example
 * @property {'iframe' | 'widget' | 'link' | 'file'} kind
 * @property {string} where `file:line`
 * @property {string} text the example as written
 * @property {string} url the address to open, relative to the site (`?embed=1&…`, `#game=…`, `icons/…`)
 */

/** The Markdown files whose examples are run: the repository's own `*.md` (README.md, …) and docs/*.md. */
function documents() {
  const markdown = (/** @type {string} */ dir) =>
    readdirSync(new URL(dir, ROOT))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => `${dir}${f}`);
  return [...markdown(''), ...markdown('docs/')].map((name) => ({ name, text: readFileSync(new URL(name, ROOT), 'utf8') }));
}

/** `&amp;` and friends, as an HTML attribute holds them. @param {string} s */
function unescapeHtml(s) {
  return s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]);
}

/** The address `url` as relative to the site; throws if it is somewhere else. @param {string} url */
function onSite(url) {
  if (!url.startsWith(SITE)) throw new Error(`${url} is not on ${SITE}`);
  return url.slice(SITE.length);
}

/**
 * Renders the widget's template (the Smarty subset it uses: `{$name|default:…|escape:'url'|validate:int}`
 * and `{if isset($name)}…{/if}`, each inside `<!--…-->`) with the parameters of a use line.
 * @param {string} template
 * @param {Record<string, string>} params
 */
function renderWidget(template, params) {
  const out = template
    .replace(/<!--\{if isset\(\$(\w+)\)\}-->([\s\S]*?)<!--\{\/if\}-->/g, (_, name, body) => (name in params ? body : ''))
    .replace(/<!--\{\$(\w+)((?:\|[^}]*)?)\}-->/g, (_, name, modifiers) => {
      /** @type {string | undefined} */
      let value = params[name];
      for (const modifier of modifiers.split('|').slice(1)) {
        const [fn, arg] = [modifier.split(':')[0], modifier.slice(modifier.indexOf(':') + 1)];
        if (fn === 'default') value ??= arg.replace(/^'(.*)'$/, '$1');
        else if (fn === 'escape' && arg === "'url'") value = value === undefined ? value : encodeURIComponent(value);
        else if (fn === 'validate' && arg === 'int') value = value !== undefined && /^\d+$/.test(value) ? value : '';
        else throw new Error(`the widget's template uses a modifier this test does not know: ${modifier}`);
      }
      return value ?? '';
    });
  if (out.includes('<!--{')) throw new Error(`the widget's template has a tag this test does not know: ${out}`);
  return out;
}

/** The parameters a widget template reads. @param {string} template */
function widgetParameters(template) {
  return new Set([...template.matchAll(/<!--\{(?:if isset\()?\$(\w+)/g)].map((m) => m[1]));
}

/** An attribute of the first tag in `html`. @param {string} html @param {string} name */
function attribute(html, name) {
  const m = html.match(new RegExp(`\\s${name}="([^"]*)"`));
  return m ? unescapeHtml(m[1]) : null;
}

/** Every example of every document, and the widget's template. */
function examples() {
  /** @type {Example[]} */
  const found = [];
  /** @type {string[]} */
  const templates = [];
  for (const { name, text } of documents()) {
    const where = (/** @type {number} */ index) => `${name}:${text.slice(0, index).split('\n').length}`;
    const add = (/** @type {Example['kind']} */ kind, /** @type {number} */ index, /** @type {string} */ example, /** @type {string} */ url) =>
      found.push({ kind, where: where(index), text: example, url });
    for (const m of text.matchAll(/<iframe\s(?:[^>"]|"[^"]*")*>/g)) {
      const src = attribute(m[0], 'src') ?? '';
      if (src.includes('<!--{')) templates.push(m[0]);
      else add('iframe', m.index, src, onSite(src));
    }
    for (const m of text.matchAll(/\{\{#widget:Mancala Atlas((?:\|[^|}]*)*)\}\}/g)) {
      const params = Object.fromEntries(m[1].split('|').slice(1).map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
      found.push({ kind: 'widget', where: where(m.index), text: m[0], url: JSON.stringify(params) });
    }
    // Share links, whole or as a fragment, and the `game=…` parameter examples of the tables.
    for (const m of text.matchAll(/(?:https:\/\/example\.org\/mancala\/)?#game=[^\s"'`)\]|<>,]*|(?<=`)game=[^`\s]*&[^`\s]*(?=`)/g)) {
      add('link', m.index, m[0], m[0].startsWith(SITE) ? onSite(m[0]) : `#${m[0].replace(/^#/, '')}`);
    }
    // Files of the site (the Markdown card's picture): every other address on the site.
    for (const m of text.matchAll(/https:\/\/example\.org\/mancala\/[^\s"'`)\]|<>#?]+(?=[\s"'`)\]|<>])/g)) {
      add('file', m.index, m[0], onSite(m[0]));
    }
  }
  if (templates.length !== 1) throw new Error(`expected one widget template, found ${templates.length}`);
  const [template] = templates;
  for (const w of found.filter((e) => e.kind === 'widget')) {
    const params = JSON.parse(w.url);
    const unknown = Object.keys(params).filter((p) => !widgetParameters(template).has(p));
    if (unknown.length) throw new Error(`${w.where}: ${w.text} uses ${unknown.join(', ')}, which the widget's template never reads`);
    w.url = onSite(/** @type {string} */ (attribute(renderWidget(template, params), 'src')));
  }
  return { found, template };
}

const { found, template } = examples();

/** The examples by the address they open (one test each), with every place they are written. */
const byUrl = Object.values(
  found.reduce((groups, e) => {
    (groups[`${e.kind} ${e.url}`] ??= []).push(e);
    return groups;
  }, /** @type {Record<string, Example[]>} */ ({})),
);

/**
 * What an address promises: the game, the ply, the embed's mode and computer side.
 * @param {string} url relative to the site
 */
function promised(url) {
  const embedded = url.startsWith('?');
  const p = new URLSearchParams(url.replace(/^[?#]/, ''));
  const moves = (p.get('moves') ?? '').split(/[.,\s]+/).filter(Boolean).length;
  return {
    embedded,
    variant: p.get('game') ?? 'mangala-iv',
    moves,
    ply: p.has('ply') ? Number(p.get('ply')) : moves,
    mode: embedded ? (p.get('mode') ?? 'play') : 'play',
    computer: embedded ? (p.get('computer') ?? 'none') : 'none',
  };
}

const host = useHost();

/**
 * Opens `url` as the documentation uses it: an embed inside a page of another origin (the test
 * host page, as a wiki would), a share link in the tab; returns where the game is once it is ready.
 * @param {Page} page
 * @param {string} base the served site
 * @param {string} url relative to the site
 * @returns {Promise<Page | Frame>}
 */
async function open(page, base, url) {
  /** @type {Page | Frame} */
  let where = page;
  if (url.startsWith('?')) {
    await page.goto(`${host()}?src=${encodeURIComponent(new URL(url, base).href)}`);
    const frame = await (await page.locator('#game').elementHandle())?.contentFrame();
    if (!frame) throw new Error('no game frame');
    where = frame;
  } else {
    await page.goto(new URL(url, base).href);
  }
  await where.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
  await expect(where.locator('#board')).toHaveAttribute('data-busy', 'false');
  return where;
}

test('the documentation has the examples it had (README.md and docs/*.md)', () => {
  const count = (/** @type {string} */ kind, /** @type {string} */ file) =>
    found.filter((e) => e.kind === kind && e.where.startsWith(`${file}:`)).length;
  // README: the view and the puzzle iframe; the widget's own use line and the article's; the
  // link card (twice), the Markdown card and the parameter table's set-up example; the card's picture.
  const least = { 'README.md': { iframe: 2, widget: 2, link: 4, file: 1 }, 'docs/bench.md': { link: 2 } };
  for (const [file, kinds] of Object.entries(least)) {
    for (const [kind, n] of Object.entries(kinds)) expect(count(kind, file), `${kind} examples in ${file}`).toBeGreaterThanOrEqual(n);
  }
  // The link card, the Markdown card and the iframe show the same game; so does the widget's use line.
  const card = found.filter((e) => e.kind === 'link' && e.where.startsWith('README.md:') && e.url.includes('moves='));
  const view = found.find((e) => e.kind === 'iframe' && e.url.includes('mode=view'));
  const article = found.filter((e) => e.kind === 'widget').at(-1);
  const game = (/** @type {string} */ url) => {
    const p = new URLSearchParams(url.replace(/^[?#]/, ''));
    return `${p.get('game')} ${p.get('moves')}`;
  };
  expect(new Set([...card, view, article].map((e) => game(/** @type {Example} */ (e).url))).size).toBe(1);
});

test("the widget's template passes each of its parameters to the embed's query", () => {
  const all = { game: 'anywoli', mode: 'puzzle', moves: '1.13', ply: '1', lang: 'it', height: '500' };
  const tag = renderWidget(template, all);
  const query = new URLSearchParams(onSite(/** @type {string} */ (attribute(tag, 'src'))).replace(/^\?/, ''));
  expect([...query]).toEqual([['embed', '1'], ...Object.entries(all).filter(([k]) => k !== 'height')]);
  expect(attribute(tag, 'height')).toBe('500');
  // Left out: the game's and the mode's defaults, no moves, ply or language.
  const bare = new URLSearchParams(onSite(/** @type {string} */ (attribute(renderWidget(template, {}), 'src'))).replace(/^\?/, ''));
  expect([...bare]).toEqual([['embed', '1'], ['game', 'mangala-iv'], ['mode', 'view']]);
  // A value is escaped for the URL, so it cannot add a parameter.
  const sneaky = attribute(renderWidget(template, { game: 'anywoli&allow=*' }), 'src') ?? '';
  expect(new URLSearchParams(sneaky.slice(sneaky.indexOf('?'))).get('game')).toBe('anywoli&allow=*');
});

for (const group of byUrl) {
  const [{ kind, url }] = group;
  const title = `${kind} ${group.map((e) => e.where).join(', ')}: ${url}`;
  if (kind === 'file') {
    test(`${title} is a file of the site`, async ({ request, baseURL }) => {
      const response = await request.get(new URL(url, baseURL).href);
      expect(response.status()).toBe(200);
      expect((await response.body()).length).toBeGreaterThan(0);
    });
    continue;
  }
  test(`${title} shows the game it names`, async ({ page, baseURL }) => {
    const want = promised(url);
    const where = await open(page, /** @type {string} */ (baseURL), url);
    const board = where.locator('#board');
    await expect(where.locator('#notice.error')).toBeHidden();
    await expect(board).toHaveAttribute('data-variant', want.variant);
    await expect(board).toHaveAttribute('data-ply', String(want.ply));
    if (want.embedded) {
      await expect(where.locator('header.bar')).toBeHidden();
      const heard = await page.evaluate(() => /** @type {{data: any}[]} */ (/** @type {any} */ (window).received).map((r) => r.data));
      expect(heard.filter((d) => d.type === 'error')).toEqual([]);
    }
    const playable = where.locator('#pits .pit[aria-disabled="false"]');
    const [first, undo, redo, last] = ['first', 'undo', 'redo', 'last'].map((id) => where.locator(`#btn-${id}`));
    if (want.mode === 'view') {
      // A read-only example, stepped with Undo/Redo and taken to either end in one click.
      await expect(playable).toHaveCount(0);
      for (const button of [first, undo, redo, last]) await expect(button).toBeVisible();
      await (want.ply > 0 ? expect(first).toBeEnabled() : expect(first).toBeDisabled());
      await (want.ply < want.moves ? expect(redo).toBeEnabled() : expect(redo).toBeDisabled());
      // Every move of the example is in the game: its end is the ply after the last move.
      if (want.ply < want.moves) await last.click();
      await expect(board).toHaveAttribute('data-ply', String(want.moves));
      await expect(where.locator('#notice.error')).toBeHidden();
    } else if (want.mode === 'puzzle') {
      // The reader plays on from this position; the answer cannot be redone; "Start again".
      await expect(where.locator('#btn-restart')).toBeVisible();
      await expect(redo).toBeDisabled();
      await expect(board).toHaveAttribute('data-over', 'false');
      expect(await board.getAttribute('data-to-move')).not.toBe(want.computer);
      expect(await playable.count()).toBeGreaterThan(0);
    } else if ((await board.getAttribute('data-over')) !== 'true') {
      // A game to play on: the side to move has pits to sow.
      expect(await playable.count()).toBeGreaterThan(0);
    }
  });
}
