// @ts-check
/**
 * The autosaved game and the player's preferences in localStorage. Every
 * call survives a browser that refuses storage (private mode, embedding).
 * @module storage
 */

const PREFIX = 'mancala-atlas:';

/**
 * @param {string} key
 * @returns {string | null}
 */
function get(key) {
  try {
    return localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

/**
 * Writes a value; false when the browser refuses (storage full, disabled,
 * private mode): the game goes on unsaved.
 * @param {string} key
 * @param {string} value
 * @returns {boolean}
 */
function set(key, value) {
  try {
    localStorage.setItem(PREFIX + key, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * @typedef {object} Autosave
 * @property {string} save  the engine's saved game
 * @property {import('./state.js').Seating} seating
 */

/**
 * The raw autosave text, or null.
 * @returns {string | null}
 */
export function readAutosave() {
  return get('game');
}

/**
 * An autosave that cannot be read, with a `code` narrate.js translates
 * (`load.not-json`, `load.malformed`), never JSON.parse's English.
 * @param {string} code
 */
function unreadable(code) {
  return Object.assign(new Error(`the autosave is unreadable (${code})`), { code, params: {} });
}

/** The players each mode seats, South's first (state.js `seatsFor`; the ritual may swap them). */
const PAIRS = { two: ['p1 p2', 'p2 p1'], computer: ['you computer', 'computer you'], demo: ['computer computer'] };

/**
 * The seating of an autosave, its players dropped unless they are a pair
 * its mode seats (so that no unknown id reaches a sentence); against the
 * computer the human sits where "you" does.
 * @param {unknown} seating
 * @returns {Partial<import('./state.js').Seating>}
 */
function checkedSeating(seating) {
  if (!seating || typeof seating !== 'object') return {};
  const { players, ...rest } = /** @type {Record<string, any>} */ (seating);
  const pairs = Object.hasOwn(PAIRS, rest.mode) ? PAIRS[/** @type {keyof typeof PAIRS} */ (rest.mode)] : PAIRS.two;
  const pair = players && typeof players === 'object' ? `${players.south} ${players.north}` : '';
  if (!pairs.includes(pair)) return rest;
  if (rest.mode === 'computer') rest.human = players.south === 'you' ? 'south' : 'north';
  return { ...rest, players: { south: players.south, north: players.north } };
}

/**
 * Parses the autosave written by `writeAutosave`.
 * @param {string} text
 * @returns {{save: string, seating: Partial<import('./state.js').Seating>}}
 * @throws {Error} with a `code` if it is not one
 */
export function parseAutosave(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw unreadable('not-json');
  }
  if (!value || typeof value !== 'object' || typeof value.save !== 'string') throw unreadable('malformed');
  return { save: value.save, seating: checkedSeating(value.seating) };
}

/**
 * @param {Autosave} autosave
 * @returns {boolean} false if the browser refused to store it
 */
export function writeAutosave(autosave) {
  return set('game', JSON.stringify(autosave));
}

/** How many unreadable autosaves are kept aside, each under a key of its own. */
const KEPT = 10;

/**
 * Keeps a copy of an autosave that could not be read, so nothing is lost:
 * the first under `game.unreadable`, later ones under `game.unreadable.2`…,
 * never over another kept copy (a copy already kept is not kept twice).
 * @param {string} text
 */
export function keepBroken(text) {
  for (let i = 1; i <= KEPT; i++) {
    const key = i === 1 ? 'game.unreadable' : `game.unreadable.${i}`;
    const kept = get(key);
    if (kept === text) return;
    if (kept === null) {
      set(key, text);
      return;
    }
  }
}

/**
 * The save format an autosave's game was written in, if it says one.
 * @param {string} text the raw autosave
 * @returns {number | null}
 */
export function formatOf(text) {
  try {
    const format = JSON.parse(JSON.parse(text).save).format;
    return Number.isInteger(format) ? format : null;
  } catch {
    return null;
  }
}

/**
 * Calls `saved` when another tab of this site writes the autosave (the
 * `storage` event fires only in the other tabs). Returns the unsubscribe.
 * @param {() => void} saved
 * @returns {() => void}
 */
export function watchAutosave(saved) {
  /** @param {StorageEvent} e */
  const onStorage = (e) => {
    if (e.key === `${PREFIX}game` && e.newValue !== null) saved();
  };
  addEventListener('storage', onStorage);
  return () => removeEventListener('storage', onStorage);
}

/** @returns {Record<string, unknown>} */
export function readPrefs() {
  try {
    const value = JSON.parse(get('prefs') ?? '{}');
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

/** @param {Record<string, unknown>} prefs */
export function writePrefs(prefs) {
  set('prefs', JSON.stringify(prefs));
}
