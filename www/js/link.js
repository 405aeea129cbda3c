// @ts-check
/**
 * Share links: a game's id, options, setup seed and moves in readable
 * parameters, e.g. `#game=sadeqa-iii&moves=c.B.b`, `#game=mangala-iv&setup=random&seed=123&moves=a.A.b`;
 * a game from a set-up position adds it: `board=0.3.…&stores=10.12&turn=north`.
 * The same parameters configure the embedded page (`?embed=1&game=…`).
 *
 * **Moves** are written as the move list shows them: a pit's letter, South's
 * `a, b, c…` from South's left and North's `A, B, C…` from North's left
 * (the core's notation, catalog.js), or `split`, joined by `.` — `c.B.b`. Links also take
 * the engine's pit numbers `0 … 2n−1` (rule C-1), so older links keep
 * working, and the two may be mixed: in Sadeqa III (8 pits a row) `2.9.1`,
 * `c.9.b` and `c.B.b` are the same game. Letters are case-sensitive.
 * Letters are read per game, with the pits per row the engine gives
 * (`variants()`). The page writes letters.
 *
 * Decoding names every parameter that is wrong — an unknown name, a value
 * that is not one of those allowed, a count that is no whole number — as a
 * {@link Problem} for narrate.js to say in the player's words; a game that
 * cannot be read is not built, and the rest is for the engine to check when
 * it loads the saved game.
 * @module link
 */

import { LANGUAGES, pickLanguage } from './i18n.js';
import { letterPit, levelNumbers, pitLetter } from './catalog.js';
import { MODES } from './state.js';

/** @typedef {import('./engine.js').Options} Options */
/** @typedef {import('./engine.js').StartView} StartView */
/** @typedef {import('./engine.js').Move} Move */
/** @typedef {import('./state.js').Seating} Seating */
/** @typedef {import('./narrate.js').Problem} Problem */
/** @typedef {import('./engine.js').OptionSpec} OptionSpec */
/** @typedef {import('./session.js').Description} Description */
/** @typedef {{id: string, pitsPerRow: number, options: OptionSpec[]}} GameInfo what a link needs of the engine's `variants()` */

/** The modes of an embedded page (embed.js); a link's own are state.js `MODES`. */
export const EMBED_MODES = /** @type {const} */ (['play', 'view', 'puzzle']);
/** An embedded page's colours (embed.js). */
export const THEMES = /** @type {const} */ (['auto', 'light', 'dark']);
/** The side an embedded page's computer plays (embed.js). */
export const COMPUTER = /** @type {const} */ (['none', 'south', 'north', 'both']);
const SIDES = /** @type {const} */ (['south', 'north']);

/** The parameters of a link (this module). */
const LINK_PARAMS = [
  'game',
  'first',
  'setup',
  'seed',
  'free',
  'seeds',
  'last',
  'lot',
  'board',
  'stores',
  'turn',
  'moves',
  'ply',
  'mode',
  'side',
  'level',
];
/** The parameters the page reads beside them: main.js `lang`, embed.js the rest. */
const PAGE_PARAMS = ['lang', 'embed', 'theme', 'computer', 'allow'];

/**
 * The link parameter of each option (engine.js `Options`); a random setup
 * writes its number in `seed`.
 * @type {Record<string, string>}
 */
export const OPTION_PARAMS = { first: 'first', setup: 'setup', freeChoice: 'free', sadeqaSeeds: 'seeds', lastFour: 'last', lotSeed: 'lot' };

/**
 * Whether an option applies: its `when` holds, or it has none.
 * @param {OptionSpec} spec
 * @param {Record<string, unknown>} options
 */
export function applies(spec, options) {
  return !spec.when || (options[spec.when.key] ?? null) === spec.when.value;
}

/**
 * Writes the options that differ from the game's defaults, by their kind.
 * @param {URLSearchParams} p
 * @param {OptionSpec[]} specs
 * @param {Record<string, unknown>} options
 */
function writeOptions(p, specs, options) {
  for (const spec of specs) {
    const value = options[spec.key];
    const name = OPTION_PARAMS[spec.key];
    if (spec.kind === 'setup') {
      if (value && typeof value === 'object' && 'random' in value) {
        p.set(name, 'random');
        p.set('seed', String(value.random));
      }
    } else if (spec.kind === 'flag') {
      if (value) p.set(name, '1');
    } else if (spec.kind === 'seed') {
      if (applies(spec, options) || value) p.set(name, String(value ?? spec.default));
    } else if (value !== undefined && value !== spec.default) {
      p.set(name, String(value));
    }
  }
}

/**
 * @param {GameInfo} game
 * @param {Options} options
 * @param {Move[]} moves every move, as the engine gives them
 * @param {number} ply moves played (the rest can be redone)
 * @param {Seating} [seating]
 * @param {StartView | null} [start] a set-up start position
 * @param {boolean} [letters] moves written as the move list's letters (else the engine's numbers)
 * @returns {string} the parameters, without a leading `#`
 */
export function encodeLink(game, options, moves, ply, seating, start, letters = false) {
  const p = new URLSearchParams();
  p.set('game', game.id);
  writeOptions(p, game.options, /** @type {Record<string, unknown>} */ (options));
  if (start) {
    p.set('board', start.board.join('.'));
    p.set('stores', `${start.stores.south}.${start.stores.north}`);
    p.set('turn', start.turn);
  }
  const n = game.pitsPerRow;
  const written = moves.map((m) => (letters && m !== 'split' ? pitLetter(m, n) : String(m)));
  if (moves.length) p.set('moves', written.join('.'));
  if (ply !== moves.length) p.set('ply', String(ply));
  if (seating && seating.mode !== 'two') {
    p.set('mode', seating.mode);
    if (seating.mode === 'computer') p.set('side', seating.human);
    p.set('level', String(seating.level));
  }
  return p.toString();
}

/** A whole number as a link writes it (at most 9 digits, so that it fits the engine's counts). */
const WHOLE = /^\d{1,9}$/;

/**
 * A number parameter as a number when it is one; otherwise the text, so
 * that the engine names what is wrong (an option's value).
 * @param {string} text
 * @returns {number | string}
 */
function numeric(text) {
  return /^\d{1,15}$/.test(text) ? Number(text) : text;
}

/**
 * The options a link gives, read by their kind in the engine's games (an
 * option no game has, or a value none takes, is for the engine to name).
 * @param {URLSearchParams} p
 * @param {readonly GameInfo[]} games
 * @returns {Record<string, unknown>}
 */
function readOptions(p, games) {
  /** @type {Record<string, unknown>} */
  const options = {};
  const kinds = new Map(games.flatMap((g) => g.options.map((o) => [o.key, o.kind])));
  for (const [key, name] of Object.entries(OPTION_PARAMS)) {
    const value = p.get(name);
    if (value === null) continue;
    const kind = kinds.get(/** @type {keyof Options} */ (key));
    if (kind === 'setup') options[key] = value === 'random' ? { random: numeric(p.get('seed') ?? '') } : value;
    else if (kind === 'flag') options[key] = value === '1' || value === 'true' ? true : value;
    else if (kind === 'seed') options[key] = numeric(value);
    else options[key] = value;
  }
  return options;
}

/**
 * A move as the engine gives it: a letter of this board or a number becomes
 * a pit number; `split` and anything else stay as written (the engine names
 * a move that is none).
 * @param {string} token
 * @param {number | null} n pits per row, null when the game is unknown
 * @returns {Move | string}
 */
function engineMove(token, n) {
  const pit = n === null || !/^[A-Za-z]$/.test(token) ? null : letterPit(token, n);
  if (pit !== null) return pit;
  return /^\d{1,3}$/.test(token) ? Number(token) : token;
}

/**
 * The problems of the parameters a link or an embedded page reads that
 * need no game to check: unknown names, and `mode`, `side`, `level`. In an
 * embedded page (`embed=1`) `mode` is the embed's (`play`, `view`,
 * `puzzle`; a link's own modes still set the players).
 * @param {URLSearchParams} p
 * @returns {Problem[]}
 */
export function paramProblems(p) {
  /** @type {Problem[]} */
  const problems = [];
  for (const name of new Set(p.keys())) {
    if (!LINK_PARAMS.includes(name) && !PAGE_PARAMS.includes(name)) problems.push({ code: 'unknown', params: { name } });
  }
  const embed = p.get('embed') === '1';
  const modes = embed ? EMBED_MODES : MODES;
  const oneOf = (
    /** @type {string} */ name,
    /** @type {readonly (string | number)[]} */ allowed,
    /** @type {readonly string[]} */ also = [],
  ) => {
    const value = p.get(name);
    if (value !== null && !allowed.map(String).includes(value) && !also.includes(value)) {
      problems.push({ code: name, params: { value }, allowed });
    }
  };
  oneOf('mode', modes, embed ? MODES : []);
  oneOf('side', SIDES);
  oneOf('level', levelNumbers());
  return problems;
}

/**
 * @typedef {object} Decoded
 * @property {Description | null} game  the game, for `Game.replay`; null when a parameter
 *   makes it unreadable (see `problems`)
 * @property {Partial<Seating>} seating  mode, side and level when given and valid
 * @property {Problem[]} problems  every bad parameter, each named once
 * @property {string[]} written  the moves as the link wrote them, to name a bad one so
 */

/**
 * Reads link parameters (a hash without `#`, or a query string). Returns
 * null when they name no game; never throws.
 * @param {string} text
 * @param {readonly GameInfo[]} [games] the engine's games, to read letters and check the game's id
 * @returns {Decoded | null}
 */
export function decodeLink(text, games = []) {
  const p = new URLSearchParams(text.replace(/^[#?]/, ''));
  const game = p.get('game');
  if (game === null) return null;
  const problems = paramProblems(p);
  /** Problems that leave no game to load. @type {Problem[]} */
  const fatal = [];
  const known = games.find((g) => g.id === game);
  if (games.length && !known) fatal.push({ code: 'game', params: { value: game }, allowed: games.map((g) => g.id) });
  const n = known ? known.pitsPerRow : null;

  const options = readOptions(p, games);
  const written = (p.get('moves') ?? '').split(/[.,\s]+/).filter(Boolean);
  /** @type {Description} */
  const described = { variant: game, options, moves: written.map((m) => engineMove(m, n)), ply: undefined, start: undefined };
  const ply = p.get('ply');
  if (ply !== null) {
    if (WHOLE.test(ply)) described.ply = Number(ply);
    else fatal.push({ code: 'ply', params: { value: ply } });
  }
  const board = p.get('board');
  if (board !== null) {
    const counts = board.split(/[.,]/);
    const bad = counts.findIndex((c) => !WHOLE.test(c));
    if (bad >= 0) {
      const pit = n !== null && bad < 2 * n ? pitLetter(bad, n) : String(bad + 1);
      fatal.push({ code: 'board', params: { pit, value: counts[bad] } });
    }
    const storesText = p.get('stores') ?? '0.0';
    const stores = storesText.split(/[.,]/);
    if (stores.length !== 2 || !stores.every((s) => WHOLE.test(s))) fatal.push({ code: 'stores', params: { value: storesText } });
    const turn = p.get('turn') ?? 'south';
    if (!isOneOf(turn, SIDES)) fatal.push({ code: 'turn', params: { value: turn }, allowed: SIDES });
    described.start = {
      board: counts.map(Number),
      stores: { south: Number(stores[0]), north: Number(stores[1]) },
      turn: /** @type {import('./engine.js').Side} */ (turn),
    };
  } else {
    for (const name of ['stores', 'turn']) {
      if (p.has(name)) problems.push({ code: 'withoutBoard', params: { name } });
    }
  }

  /** @type {Partial<Seating>} */
  const seating = {};
  const mode = p.get('mode');
  if (isOneOf(mode, MODES)) seating.mode = mode;
  const side = p.get('side');
  if (isOneOf(side, SIDES)) seating.human = side;
  const level = p.get('level');
  if (level !== null && levelNumbers().map(String).includes(level)) seating.level = Number(level);
  return { game: fatal.length ? null : described, seating, problems: [...fatal, ...problems], written };
}

/**
 * @template {string | number} T
 * @param {unknown} value
 * @param {readonly T[]} allowed
 * @returns {value is T}
 */
function isOneOf(value, allowed) {
  return allowed.includes(/** @type {T} */ (value));
}

/**
 * A `lang` parameter naming no language of the page (`it`, `it-IT` and
 * `tl` are fine; `xx` is not).
 * @param {string | null} lang
 * @returns {Problem[]}
 */
export function languageProblems(lang) {
  if (lang === null || pickLanguage([lang]) !== 'en' || /^en\b/i.test(lang)) return [];
  return [{ code: 'lang', params: { value: lang }, allowed: LANGUAGES }];
}

/**
 * The origin an `allow` entry names (`*` for any), or null when it names none.
 * @param {string} item
 * @returns {string | null}
 */
export function originOf(item) {
  if (item === '*') return '*';
  try {
    const origin = new URL(item).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** @param {string | null} text @returns {string[]} the entries of an `allow` parameter */
export function allowEntries(text) {
  return (text ?? '').split(/[\s,]+/).filter(Boolean);
}

/**
 * The bad parameters of an embedded page's own (embed.js): `theme`,
 * `computer`, and `allow` entries that are no origin; with no game in the
 * query, the names and values that need no game too ({@link paramProblems}:
 * `mode`, `level`, …), which a link's decoding reports otherwise.
 * @param {URLSearchParams} query
 * @returns {Problem[]}
 */
export function embedProblems(query) {
  /** @type {Problem[]} */
  const problems = [];
  for (const [name, allowed] of /** @type {const} */ ([
    ['theme', THEMES],
    ['computer', COMPUTER],
  ])) {
    const value = query.get(name);
    if (value !== null && !isOneOf(value, allowed)) problems.push({ code: name, params: { value }, allowed });
  }
  for (const item of allowEntries(query.get('allow'))) {
    if (originOf(item) === null) problems.push({ code: 'allow', params: { value: item } });
  }
  if (!query.has('game')) problems.push(...paramProblems(query));
  return problems;
}
