// @ts-check
/**
 * UI strings and rules texts in five languages: chosen from the browser,
 * switchable, remembered by the caller; the rules texts are fetched when
 * first read. Strings live in `www/i18n/<lang>.json`
 * (keys, `{placeholders}`, and plural objects `{one, other}` chosen with
 * `Intl.PluralRules` on the `n` parameter).
 * @module i18n
 */

/** The languages of the page, English first (the fallback). */
export const LANGUAGES = /** @type {const} */ (['en', 'it', 'el', 'fil', 'tr']);

/** @typedef {typeof LANGUAGES[number]} Lang */

/** Each language's name in itself, for the switcher. */
export const AUTONYMS = { en: 'English', it: 'Italiano', el: 'Ελληνικά', fil: 'Filipino', tr: 'Türkçe' };

/** @typedef {{[key: string]: string | Table}} Table */

/**
 * The first supported language in `wanted` (BCP 47 tags, best first),
 * matching on the primary subtag; English if none.
 * @param {readonly string[]} wanted
 * @returns {Lang}
 */
export function pickLanguage(wanted) {
  for (const tag of wanted) {
    const primary = String(tag).toLowerCase().split(/[-_]/)[0];
    const lang = primary === 'tl' ? 'fil' : primary; // Tagalog speakers read Filipino
    if (/** @type {readonly string[]} */ (LANGUAGES).includes(lang)) return /** @type {Lang} */ (lang);
  }
  return 'en';
}

/**
 * @param {string} file
 * @returns {Promise<any>}
 */
async function fetchJson(file) {
  const res = await fetch(new URL(`../i18n/${file}`, import.meta.url));
  if (!res.ok) throw new Error(`${file}: HTTP ${res.status}`);
  return res.json();
}

/**
 * @param {Table} table
 * @param {string} key dotted path
 * @returns {string | Table | undefined}
 */
function lookup(table, key) {
  /** @type {string | Table | undefined} */
  let node = table;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return node;
}

/** Strings of one language with English behind them. */
export class Messages {
  /**
   * @param {Lang} lang
   * @param {Table} table
   * @param {Table} fallback English
   * @param {any} [rules] the rules texts (`rules.<lang>.json`), when already at hand
   */
  constructor(lang, table, fallback, rules = null) {
    this.lang = lang;
    this.table = table;
    this.fallback = fallback;
    /** The rules texts once {@link Messages#loadRules} has them; null before. @type {any} */
    this.rules = rules;
    this.plural = new Intl.PluralRules(lang === 'fil' ? 'fil' : lang);
  }

  /**
   * Fetches the rules texts on first use, not at start: they are a fifth of
   * the first load and only the rules panel and the game dialogs read them.
   * English rules if the language's own are missing; none (`{}`, the panel
   * says so) when neither can be fetched, tried again next time.
   * @returns {Promise<any>}
   */
  async loadRules() {
    if (this.rules) return this.rules;
    const own = fetchJson(`rules.${this.lang}.json`);
    const rules = await own.catch(() => (this.lang === 'en' ? null : fetchJson('rules.en.json').catch(() => null)));
    if (rules) this.rules = rules;
    return rules ?? {};
  }

  /**
   * A game's name, summary and region (its card in the welcome, its title): from the rules texts
   * once fetched, else from the strings' `games` section, which `cargo xtask dist` copies from the
   * rules texts so that these need no fetch; `{}` when neither has the game.
   * @param {string} id
   * @returns {{name?: string, summary?: string, region?: string}}
   */
  game(id) {
    const key = `games.${id}`;
    return this.rules?.[id] ?? /** @type {any} */ (lookup(this.table, key) ?? lookup(this.fallback, key)) ?? {};
  }

  /**
   * The games of the strings' `games` section, in the engine's order (`cargo xtask dist` keeps the
   * rules files'): what a first visit's welcome lists before the engine is in.
   * @returns {string[]}
   */
  games() {
    const games = lookup(this.table, 'games') ?? lookup(this.fallback, 'games');
    return typeof games === 'object' ? Object.keys(games) : [];
  }

  /**
   * The string for `key` with `{name}` placeholders filled in; a plural
   * object picks its form by `params.n`.
   * @param {string} key
   * @param {Record<string, string | number>} [params]
   * @returns {string}
   */
  t(key, params = {}) {
    let value = lookup(this.table, key) ?? lookup(this.fallback, key);
    if (value !== undefined && typeof value === 'object') {
      const n = Number(params.n ?? 0);
      const form = this.plural.select(n);
      value = value[form] ?? value.other ?? lookup(this.fallback, `${key}.other`);
    }
    if (typeof value !== 'string') return key;
    return value.replace(/\{\s*([A-Za-z0-9_.]+)\s*\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
  }

  /**
   * A number in this language's digits and grouping.
   * @param {number} n
   */
  num(n) {
    return n.toLocaleString(this.lang);
  }

  /**
   * Fills every `[data-i18n]` element's text and every
   * `[data-i18n-attr="attr:key;attr:key"]` attribute under `root`. What already reads so is left
   * alone (the page's English, at start): an unchanged page has nothing to style and lay out again.
   * @param {ParentNode} root
   */
  apply(root) {
    for (const el of root.querySelectorAll('[data-i18n]')) {
      const text = this.t(/** @type {HTMLElement} */ (el).dataset.i18n ?? '');
      if (el.textContent !== text) el.textContent = text;
    }
    for (const el of root.querySelectorAll('[data-i18n-attr]')) {
      const pairs = /** @type {HTMLElement} */ (el).dataset.i18nAttr ?? '';
      for (const pair of pairs.split(';')) {
        const [attr, key] = pair.split(':').map((s) => s.trim());
        const value = attr && key ? this.t(key) : null;
        if (value !== null && el.getAttribute(attr) !== value) el.setAttribute(attr, value);
      }
    }
  }
}

/** @type {Table | null} */
let english = null;

/**
 * Loads a language's strings (its rules texts come later: {@link Messages#loadRules}).
 * @param {Lang} lang
 * @returns {Promise<Messages>}
 * @throws {Error} when the language's strings cannot be fetched (offline, say): the caller keeps
 *   the language it has, rather than showing a language in name only
 */
export async function loadMessages(lang) {
  // Both at once: English (the fallback) and the language's strings.
  const base = english ? Promise.resolve(english) : fetchJson('en.json');
  const [en, table] = await Promise.all([base, lang === 'en' ? base : fetchJson(`${lang}.json`)]);
  english ??= /** @type {Table} */ (en);
  return new Messages(lang, /** @type {Table} */ (table), english);
}
