// @ts-check
/**
 * Embedding (`?embed=1`): the page inside another site's iframe. main.js
 * hides the site chrome, makes `mode=view` view-only and turns the autosave
 * off; the game comes from the same parameters as a share link (link.js).
 * This module adds the rest of the embed parameters and a small, validated
 * postMessage API (README "Embed in a wiki" documents both):
 *
 * - `mode=play|view|puzzle`: view adds buttons to the game's start and
 *   end; puzzle starts from the given position, with its later moves
 *   dropped, and a "Start again" button;
 * - `theme=light|dark|auto`, `computer=none|south|north|both`, `level=1..5`;
 * - `allow=<origin>,<origin>|*`: the parent origins whose commands count.
 *
 * Every message is an object `{ns: 'mancala-atlas', type, …}`. Out (to the
 * parent): `ready`, `move`, `gameover`, `resize` `{height}`, `loaded`,
 * `error` `{message}`. In: `new-game`, `load`, `set-option`; anything else,
 * or from another window or origin, is ignored.
 * @module embed
 */

import { randomSeed, variants } from './engine.js';
import { LANGUAGES } from './i18n.js';
import { COMPUTER, EMBED_MODES, THEMES, allowEntries, originOf } from './link.js';
import { levelNumbers } from './catalog.js';
import { SPEEDS } from './state.js';

/** @typedef {import('./api.js').Api} Api */
/** @typedef {import('./engine.js').GameState} GameState */
/** @typedef {import('./state.js').Seating} Seating */

/** The namespace of every message, both ways. */
export const NS = 'mancala-atlas';
/** The version of the message format. */
export const VERSION = 1;

const MODES = EMBED_MODES;
/** The most moves a `load` command may carry. */
const MAX_MOVES = 5000;

/** @typedef {typeof THEMES[number]} Theme */
/** @typedef {typeof COMPUTER[number]} ComputerSide */

/**
 * @typedef {{type: 'new-game' | 'load', game: string, options: Record<string, unknown>,
 *   position: import('./engine.js').StartView | undefined, moves: string[], ply: number | undefined, computer: ComputerSide | undefined, level: number | undefined}
 *   | {type: 'set-option', name: 'theme' | 'speed' | 'lang' | 'computer' | 'level', value: string | number}} Command
 */

/**
 * @template {string | number} T
 * @param {unknown} value
 * @param {readonly T[]} allowed
 * @returns {value is T}
 */
function isOneOf(value, allowed) {
  return allowed.includes(/** @type {T} */ (value));
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isPlain(value) {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** An option's value as the engine reads it: a short word, a flag, a number or `{random: n}`. */
function isOptionValue(/** @type {unknown} */ v) {
  if (typeof v === 'string') return v.length <= 40;
  if (typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 0;
  return isPlain(v) && Object.keys(v).length === 1 && Number.isSafeInteger(v.random) && Number(v.random) >= 0;
}

/**
 * A command from the parent page, checked field by field; null when it is
 * not one (wrong namespace or type, a missing or malformed field, an
 * unknown field). Whether the game itself is valid is the engine's to say.
 * @param {unknown} data
 * @returns {Command | null}
 */
export function parseCommand(data) {
  if (!isPlain(data) || data.ns !== NS) return null;
  const known = (/** @type {string[]} */ fields) => Object.keys(data).every((k) => k === 'ns' || k === 'type' || fields.includes(k));
  // The engine's option keys, of every game (engine.js `Options`).
  const keys = new Set(variants().flatMap((v) => v.options.map((o) => o.key)));
  switch (data.type) {
    case 'new-game':
    case 'load': {
      const { game, options = {}, position, moves = [], ply, computer, level } = data;
      if (!known(['game', 'options', 'position', 'moves', 'ply', 'computer', 'level'])) return null;
      if (typeof game !== 'string' || !/^[a-z0-9-]{1,32}$/.test(game)) return null;
      if (!isPlain(options) || !Object.entries(options).every(([k, v]) => keys.has(/** @type {any} */ (k)) && isOptionValue(v)))
        return null;
      if (!Array.isArray(moves) || moves.length > MAX_MOVES || (data.type === 'new-game' && moves.length > 0)) return null;
      const texts = moves.map((m) => (Number.isInteger(m) && m >= 0 && m < 100 ? String(m) : m));
      if (!texts.every((m) => typeof m === 'string' && /^(\d{1,2}|split)$/.test(m))) return null;
      if (ply !== undefined && !(Number.isInteger(ply) && Number(ply) >= 0 && Number(ply) <= moves.length)) return null;
      if (computer !== undefined && !isOneOf(computer, COMPUTER)) return null;
      if (level !== undefined && !isOneOf(level, levelNumbers())) return null;
      if (position !== undefined && !isPosition(position)) return null;
      return {
        type: data.type,
        game,
        options: { ...options },
        position: position && { board: [...position.board], stores: { ...position.stores }, turn: position.turn },
        moves: texts,
        ply: /** @type {number | undefined} */ (ply),
        computer,
        level,
      };
    }
    case 'set-option': {
      const { name, value } = data;
      if (!known(['name', 'value'])) return null;
      const ok =
        (name === 'theme' && isOneOf(value, THEMES)) ||
        (name === 'speed' && isOneOf(value, SPEEDS)) ||
        (name === 'lang' && isOneOf(value, LANGUAGES)) ||
        (name === 'computer' && isOneOf(value, COMPUTER)) ||
        (name === 'level' && isOneOf(value, levelNumbers()));
      return ok ? { type: 'set-option', name, value: /** @type {string | number} */ (value) } : null;
    }
    default:
      return null;
  }
}

/**
 * Whether `value` has the shape of a set-up position (the engine checks
 * that it fits the game): `{board: [counts], stores: {south, north}, turn}`.
 * @param {unknown} value
 * @returns {value is import('./engine.js').StartView}
 */
function isPosition(value) {
  const count = (/** @type {unknown} */ n) => Number.isInteger(n) && Number(n) >= 0 && Number(n) <= 999;
  if (!isPlain(value) || !Object.keys(value).every((k) => ['board', 'stores', 'turn'].includes(k))) return false;
  const { board, stores, turn } = value;
  return (
    // At most Anywoli's 24 pits, with room: the engine checks the exact count.
    Array.isArray(board) &&
    board.length <= 48 &&
    board.every(count) &&
    isPlain(stores) &&
    Object.keys(stores).length === 2 &&
    count(stores.south) &&
    count(stores.north) &&
    (turn === 'south' || turn === 'north')
  );
}

/**
 * The parent origins whose commands are accepted: `allow=https://a.org,https://b.org`
 * (`*` for any). Entries that are not origins are dropped (and reported by link.js `embedProblems`).
 * @param {string | null} text
 * @returns {string[]}
 */
export function allowList(text) {
  return allowEntries(text).flatMap((item) => originOf(item) ?? []);
}

/**
 * The seating for "the computer plays `computer`".
 * @param {Api} api
 * @param {ComputerSide} computer
 * @param {number} level
 * @returns {Seating}
 */
function seatingFor(api, computer, level) {
  const mode = computer === 'both' ? 'demo' : computer === 'none' ? 'two' : 'computer';
  return api.seatingFrom({ mode, human: computer === 'south' ? 'north' : 'south', level });
}

/** @param {Seating} s @returns {ComputerSide} */
function computerOf(s) {
  if (s.mode === 'demo') return 'both';
  if (s.mode === 'two') return 'none';
  return s.human === 'south' ? 'north' : 'south';
}

/**
 * Forces the light or dark colours, or follows the system again (`auto`),
 * by rewriting the condition of the stylesheets' colour-scheme rules.
 * @param {Document} doc
 * @param {Theme} theme
 */
export function applyTheme(doc, theme) {
  for (const sheet of doc.styleSheets) {
    /** @type {CSSRuleList} */
    let rules;
    try {
      rules = sheet.cssRules;
    } catch {
      continue;
    }
    for (const rule of rules) {
      if (!(rule instanceof CSSMediaRule)) continue;
      const original = ORIGINAL.get(rule) ?? rule.media.mediaText;
      const scheme = /^\(prefers-color-scheme: (light|dark)\)$/.exec(original)?.[1];
      if (!scheme) continue;
      ORIGINAL.set(rule, original);
      // Written only when it changes: any write makes the browser copy and restyle the sheet.
      const wanted = theme === 'auto' ? original : scheme === theme ? 'all' : 'not all';
      if (rule.media.mediaText !== wanted) rule.media.mediaText = wanted;
    }
  }
  doc.documentElement.style.colorScheme = theme === 'auto' ? '' : theme;
}

/** @type {WeakMap<CSSMediaRule, string>} */
const ORIGINAL = new WeakMap();

/**
 * What the parent hears about a game.
 * @param {GameState} g
 */
function summary(g) {
  return {
    game: g.variant,
    options: g.options,
    start: g.start,
    ply: g.ply,
    moves: g.moves.slice(0, g.ply).map((m) => m.move),
    board: g.board.slice(),
    stores: { ...g.stores },
    toMove: g.toMove,
    over: g.over,
    end: g.end,
  };
}

/**
 * The same game as a share link on the site (this page without the embed's query).
 * @param {Api} api
 * @param {Document} doc
 */
export function siteLink(api, doc) {
  const { origin, pathname } = doc.location;
  const link = api.link();
  return link ? `${origin}${pathname}#${link}` : `${origin}${pathname}`;
}

/**
 * The embed's own heading and way out, since the site's header is hidden:
 * the game's name becomes the page's `<h1>`, and a small link beside it
 * opens the same game on the site in a new tab. Returns what undoes both.
 * @param {Api} api
 * @param {Document} doc
 * @returns {() => void}
 */
function frameHeading(api, doc) {
  const h2 = /** @type {HTMLElement} */ (doc.getElementById('game-title'));
  const h1 = doc.createElement('h1');
  h1.id = h2.id;
  h1.append(...h2.childNodes);
  h2.replaceWith(h1);
  const link = doc.createElement('a');
  link.id = 'embed-site';
  link.className = 'site-link';
  link.target = '_blank';
  link.rel = 'noopener';
  link.dataset.i18n = 'embed.site';
  link.textContent = api.messages().t('embed.site');
  // The game moves on: the link follows each move shown, and is brought up to date when followed.
  const refresh = () => (link.href = siteLink(api, doc));
  refresh();
  for (const type of ['pointerdown', 'focus', 'click']) link.addEventListener(type, refresh);
  const moved = new MutationObserver(refresh);
  moved.observe(/** @type {HTMLElement} */ (doc.getElementById('board')), { attributeFilter: ['data-variant', 'data-ply'] });
  h1.parentElement?.append(link);
  return () => {
    moved.disconnect();
    link.remove();
    h2.replaceChildren(...h1.childNodes);
    h1.replaceWith(h2);
  };
}

/**
 * Sets up embed mode on a page whose game `api.restore` has already opened
 * from the query. Returns a function that undoes it.
 * @param {Api} api
 * @param {Document} doc
 * @param {URLSearchParams} query
 * @returns {() => void}
 */
export function startEmbed(api, doc, query) {
  const win = /** @type {Window} */ (doc.defaultView);
  const mode = isOneOf(query.get('mode'), MODES) ? query.get('mode') : 'play';
  const theme = query.get('theme');
  applyTheme(doc, isOneOf(theme, THEMES) ? theme : 'auto');
  const allow = allowList(query.get('allow'));
  const targets = allow.length === 0 || allow.includes('*') ? ['*'] : allow;
  const framed = win.parent !== win;
  /** @param {Record<string, unknown>} msg */
  const post = (msg) => {
    if (!framed) return;
    for (const target of targets) win.parent.postMessage({ ns: NS, version: VERSION, ...msg }, target);
  };
  /** @type {(() => void)[]} */
  const cleanups = [];

  const level = Number(query.get('level'));
  const computer = query.get('computer');
  if (isOneOf(computer, COMPUTER) || isOneOf(level, levelNumbers())) {
    const side = isOneOf(computer, COMPUTER) ? computer : computerOf(api.state.seating);
    api.seat(seatingFor(api, side, isOneOf(level, levelNumbers()) ? level : api.state.seating.level));
  }

  cleanups.push(frameHeading(api, doc));

  // A view steps through its game; to its ends in one click too.
  if (mode === 'view') {
    for (const id of ['btn-first', 'btn-last']) {
      const button = doc.getElementById(id);
      if (!button) continue;
      button.hidden = false;
      cleanups.push(() => (button.hidden = true));
    }
  }

  // A puzzle: this position, its answer not redoable, and a way back to it.
  let start = api.shown();
  if (mode === 'puzzle') {
    const restart = doc.createElement('button');
    restart.type = 'button';
    restart.id = 'btn-restart';
    restart.dataset.i18n = 'embed.restart';
    restart.textContent = api.messages().t('embed.restart');
    const again = () => {
      if (start && api.load(start) === null) api.say('');
    };
    restart.addEventListener('click', again);
    doc.getElementById('controls')?.prepend(restart);
    cleanups.push(() => restart.remove());
    // From the position shown, keeping what the notice says about the link.
    if (start) api.load(start);
  }
  // The "opened from the link" welcome is noise inside someone else's page; errors stay.
  if (!api.state.noticeIsError) api.say('');

  /**
   * @param {Extract<Command, {type: 'new-game' | 'load'}>} cmd
   */
  const load = (cmd) => {
    const options = { ...cmd.options };
    // A new game's random setup gets a fresh number.
    const setups = variants().flatMap((v) => v.options.filter((o) => o.kind === 'setup').map((o) => o.key));
    for (const key of setups) if (cmd.type === 'new-game' && options[key] === 'random') options[key] = { random: randomSeed() };
    const s = api.state.seating;
    const seating =
      cmd.computer !== undefined || cmd.level !== undefined ? seatingFor(api, cmd.computer ?? computerOf(s), cmd.level ?? s.level) : s;
    const error = api.load({ variant: cmd.game, options, moves: cmd.moves, ply: cmd.ply, start: cmd.position }, seating);
    if (error !== null) {
      api.say(api.messages().t('link.bad', { reason: error }), true);
      post({ type: 'error', command: cmd.type, message: error });
      return;
    }
    if (mode === 'puzzle') {
      start = api.shown();
      if (start) api.load(start, seating);
    }
    api.say('');
    post({ type: 'loaded', ...summary(/** @type {GameState} */ (api.state.game)) });
  };

  /** @param {Command} cmd */
  const run = (cmd) => {
    if (cmd.type !== 'set-option') return load(cmd);
    const { name, value } = cmd;
    if (name === 'theme') applyTheme(doc, /** @type {Theme} */ (value));
    else if (name === 'speed' || name === 'lang') api.setOption(name, String(value));
    else if (name === 'computer') api.seat(seatingFor(api, /** @type {ComputerSide} */ (value), api.state.seating.level));
    else if (name === 'level') api.seat({ ...api.state.seating, level: Number(value) });
  };

  /** @param {MessageEvent} e */
  const onMessage = (e) => {
    if (!framed || e.source !== win.parent) return;
    if (!allow.includes('*') && !allow.includes(e.origin)) return;
    const cmd = parseCommand(e.data);
    if (cmd) run(cmd);
  };
  win.addEventListener('message', onMessage);
  cleanups.push(() => win.removeEventListener('message', onMessage));

  cleanups.push(
    api.subscribe((move, game) => {
      const side = game.moves[game.ply - 1]?.side ?? null;
      post({ type: 'move', move, side, ...summary(game) });
      if (game.over && game.end) post({ type: 'gameover', winner: game.end.winner, reason: game.end.reason, ...summary(game) });
    }),
  );

  // The content's height, for parents that size the iframe to fit.
  const main = doc.getElementById('main') ?? doc.body;
  let height = 0;
  const observer = new ResizeObserver(() => {
    const h = Math.ceil(main.getBoundingClientRect().bottom + win.scrollY);
    if (h !== height) {
      height = h;
      post({ type: 'resize', height });
    }
  });
  observer.observe(main);
  cleanups.push(() => observer.disconnect());

  const { game, notice, noticeIsError } = api.state;
  post({ type: 'ready', mode, ...(game ? summary(game) : {}) });
  if (noticeIsError) post({ type: 'error', command: 'embed', message: notice });
  return () => {
    for (const undo of cleanups.splice(0)) undo();
  };
}
