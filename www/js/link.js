// @ts-check
/**
 * Share links: a game's id, options, setup seed and moves in readable
 * parameters, e.g. `#game=mangala-iv&setup=random&seed=123&moves=0.8.1`;
 * a game from a set-up position adds it: `board=0.3.…&stores=10.12&turn=north`.
 * The same parameters configure the embedded page (`?embed=1&game=…`).
 * Decoding builds a saved game for the engine, which validates it.
 * @module link
 */

/** @typedef {import('./engine.js').Options} Options */
/** @typedef {import('./engine.js').StartView} StartView */
/** @typedef {import('./state.js').Seating} Seating */

/**
 * @param {Options} options
 * @param {string[]} moves every move, as the engine writes them
 * @param {number} ply moves played (the rest can be redone)
 * @param {string} variant
 * @param {Seating} [seating]
 * @param {StartView | null} [start] a set-up start position
 * @returns {string} the parameters, without a leading `#`
 */
export function encodeLink(variant, options, moves, ply, seating, start) {
  const p = new URLSearchParams();
  p.set('game', variant);
  if (options.first && options.first !== 'south') p.set('first', options.first);
  if (options.setup && typeof options.setup === 'object' && 'random' in options.setup) {
    p.set('setup', 'random');
    p.set('seed', String(options.setup.random));
  }
  if (options.freeChoice) p.set('free', '1');
  if (options.sadeqaSeeds && options.sadeqaSeeds !== 'six') p.set('seeds', options.sadeqaSeeds);
  if (options.lastFour && options.lastFour !== 'second-to-last') p.set('last', options.lastFour);
  if (options.lastFour === 'lot' || options.lotSeed) p.set('lot', String(options.lotSeed ?? 0));
  if (start) {
    p.set('board', start.board.join('.'));
    p.set('stores', `${start.stores.south}.${start.stores.north}`);
    p.set('turn', start.turn);
  }
  if (moves.length) p.set('moves', moves.join('.'));
  if (ply !== moves.length) p.set('ply', String(ply));
  if (seating && seating.mode !== 'two') {
    p.set('mode', seating.mode);
    if (seating.mode === 'computer') p.set('side', seating.human);
    p.set('level', String(seating.level));
  }
  return p.toString();
}

/**
 * A number parameter as a number when it is one; otherwise the text, so
 * that the engine names what is wrong.
 * @param {string} text
 * @returns {number | string}
 */
function numeric(text) {
  return /^\d{1,15}$/.test(text) ? Number(text) : text;
}

/**
 * @typedef {object} Decoded
 * @property {string} save  a saved game (JSON text) for `Engine.load`
 * @property {Partial<Seating>} seating  mode, side and level when given
 */

/**
 * Reads link parameters (a hash without `#`, or a query string). Returns
 * null when they name no game; never throws. Whether the game is valid is
 * for the engine to say when it loads `save`.
 * @param {string} text
 * @returns {Decoded | null}
 */
export function decodeLink(text) {
  const p = new URLSearchParams(text.replace(/^[#?]/, ''));
  const game = p.get('game');
  if (game === null) return null;
  /** @type {Record<string, unknown>} */
  const options = {};
  const first = p.get('first');
  if (first !== null) options.first = first;
  const setup = p.get('setup');
  if (setup === 'random') options.setup = { random: numeric(p.get('seed') ?? '') };
  else if (setup !== null) options.setup = setup;
  if (p.has('free')) options.freeChoice = p.get('free') === '1' || p.get('free') === 'true' ? true : p.get('free');
  const seeds = p.get('seeds');
  if (seeds !== null) options.sadeqaSeeds = seeds;
  const last = p.get('last');
  if (last !== null) options.lastFour = last;
  const lot = p.get('lot');
  if (lot !== null) options.lotSeed = numeric(lot);
  const moves = (p.get('moves') ?? '').split(/[.,\s]+/).filter(Boolean);
  const plyText = p.get('ply');
  /** @type {Record<string, unknown>} */
  const saved = { format: 1, variant: game, options, moves };
  if (plyText !== null) saved.ply = numeric(plyText);
  const board = p.get('board');
  if (board !== null) {
    // Counts as numbers; anything else stays text for the engine to name.
    const [south, north] = (p.get('stores') ?? '0.0').split(/[.,]/).map(numeric);
    saved.position = { board: board.split(/[.,]/).map(numeric), stores: { south, north }, turn: p.get('turn') ?? 'south' };
  }
  /** @type {Partial<Seating>} */
  const seating = {};
  const mode = p.get('mode');
  if (mode === 'two' || mode === 'computer' || mode === 'demo') seating.mode = mode;
  const side = p.get('side');
  if (side === 'south' || side === 'north') seating.human = side;
  const level = Number(p.get('level'));
  if (Number.isInteger(level) && level >= 1 && level <= 5) seating.level = level;
  return { save: JSON.stringify(saved), seating };
}
