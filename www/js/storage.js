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
 * @param {string} key
 * @param {string} value
 */
function set(key, value) {
  try {
    localStorage.setItem(PREFIX + key, value);
  } catch {
    // Storage full or refused: the game goes on unsaved.
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
 * Parses the autosave written by `writeAutosave`.
 * @param {string} text
 * @returns {Autosave}
 * @throws {Error} if it is not one
 */
export function parseAutosave(text) {
  const value = JSON.parse(text);
  if (!value || typeof value !== 'object' || typeof value.save !== 'string') {
    throw new Error('not a saved game');
  }
  return { save: value.save, seating: value.seating };
}

/** @param {Autosave} autosave */
export function writeAutosave(autosave) {
  set('game', JSON.stringify(autosave));
}

/**
 * Keeps a copy of an autosave that could not be read, so nothing is lost.
 * @param {string} text
 */
export function keepBroken(text) {
  set('game.unreadable', text);
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
