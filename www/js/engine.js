// @ts-check
/**
 * The only module of the page that touches the wasm engine (the page's wasm: rules, no
 * search). The computer player's worker has its own, larger wasm (ai.worker.js).
 *
 * Every value it returns is a plain copied object; moves are pit numbers
 * (0 .. 2n-1, indexed as in the rules' C-1) or the string "split".
 * @module engine
 */

import init, * as wasm from '../pkg/mancala_wasm.js';
import { useCatalog } from './catalog.js';

/** @typedef {'south' | 'north'} Side */
/** @typedef {number | 'split'} Move */

/**
 * @typedef {object} Options
 * @property {Side} [first]
 * @property {'even' | {random: number}} [setup]
 * @property {boolean} [freeChoice]
 * @property {'six' | 'four'} [sadeqaSeeds]
 * @property {'second-to-last' | 'first-final' | 'lot'} [lastFour]
 * @property {number} [lotSeed]
 */

/**
 * @typedef {object} EndView
 * @property {Side | null} winner
 * @property {string} reason  board-empty, no-move, starvation, fifty, repetition, four-left, split
 */

/**
 * @typedef {object} MoveView
 * @property {string} move  a pit number as text, or "split"
 * @property {Side} side  who played it
 * @property {{south: number, north: number}} stores  the stores after it
 */

/**
 * @typedef {object} GameState
 * @property {string} variant
 * @property {Options} options
 * @property {number} pitsPerRow
 * @property {number} seeds
 * @property {boolean} storesOnBoard
 * @property {number[]} board
 * @property {{south: number, north: number}} stores
 * @property {Side | null} toMove
 * @property {Side} turn
 * @property {number[]} legal
 * @property {boolean} canSplit
 * @property {number | null} forced
 * @property {boolean} over
 * @property {EndView | null} end
 * @property {number} ply
 * @property {MoveView[]} moves
 * @property {boolean} canUndo
 * @property {boolean} canRedo
 * @property {number} seen
 * @property {Side | null} lot
 * @property {StartView | null} start  the start, when set up rather than the game's own
 */

/**
 * A set-up start position: seeds per pit (C-1 order), captured seeds, and
 * the player to move.
 * @typedef {object} StartView
 * @property {number[]} board
 * @property {{south: number, north: number}} stores
 * @property {Side} turn
 */

/**
 * @typedef {{type: 'lift', pit: number, seeds: number, lap: number}
 *   | {type: 'sow', pit: number}
 *   | {type: 'capture', pit: number, seeds: number, to: Side, kind: 'mid-sow' | 'final' | 'settle'}
 *   | {type: 'extra-move', side: Side}
 *   | {type: 'pass', side: Side}
 *   | {type: 'end', end: unknown}} Step
 */

/**
 * @typedef {object} Preview
 * @property {boolean} legal
 * @property {string | null} reason  not-your-pit, empty-pit, must-feed, endless, forced, game-over, …
 * @property {string | null} message  the engine's English reason
 * @property {number | null} forced  the pit to sow instead (Mangala IV)
 * @property {Step[] | null} trace
 * @property {number[]} board
 * @property {{south: number, north: number}} stores
 * @property {Side | null} toMove
 * @property {EndView | null} end
 */

/**
 * A game as the core describes it.
 * @typedef {object} VariantInfo
 * @property {string} id
 * @property {string} name
 * @property {number} pitsPerRow
 * @property {number} seeds
 * @property {boolean} storesOnBoard
 * @property {boolean} relay
 * @property {boolean} ritual  a side-choosing ritual precedes a game
 * @property {boolean} split  the players may agree to split the board
 * @property {number} repetition  the occurrence of a placement that ends the game
 * @property {OptionSpec[]} options
 */

/**
 * One option of a game: its key in {@link Options}, the rule it follows, its
 * kind (`choice` of `values`, `flag`, a `seed` number, or a `setup`: even or
 * random with a seed), its default, and the option it applies with.
 * @typedef {object} OptionSpec
 * @property {keyof Options} key
 * @property {string} rule
 * @property {'choice' | 'flag' | 'seed' | 'setup'} kind
 * @property {string[]} [values]
 * @property {string | boolean | number} default
 * @property {{key: keyof Options, value: string}} [when]
 */

/**
 * Why a game cannot be started or read: the engine's English `message`,
 * and a `code` (not-json, malformed, format, unknown-game, bad-option,
 * options, position, pit-count, seed-total, odd-stores, not-a-move,
 * illegal, ply) with `params` for translations (`load.<code>` strings).
 * @typedef {Error & {code?: string, params?: Record<string, string | number>}} ReadError
 */

/** @type {Promise<void> | null} */
let ready = null;

/**
 * Loads and instantiates the wasm module once (relative URL, same origin).
 * @param {unknown} [source] wasm bytes or URL; by default the file beside the glue
 * @returns {Promise<void>}
 */
export function initEngine(source) {
  const started =
    ready ??
    init(source === undefined ? undefined : { module_or_path: source }).then(() => {
      useCatalog({ pitLetter: wasm.pitLetter, letterPit: wasm.letterPit, levels: wasm.levels() });
    });
  ready = started;
  return started;
}

/** @type {VariantInfo[] | null} */
let described = null;

/** @returns {VariantInfo[]} */
export function variants() {
  if (!described) described = /** @type {VariantInfo[]} */ (wasm.variants());
  return described;
}

/** @param {string} id @returns {VariantInfo} */
function variantInfo(id) {
  return /** @type {VariantInfo} */ (variants().find((v) => v.id === id));
}

/** @returns {number} the save format the engine writes and reads */
export function saveFormat() {
  return wasm.saveFormat();
}

/** @param {unknown} err @returns {Error} */
function asError(err) {
  return err instanceof Error ? err : new Error(String(err));
}

/** One game: a wrapper over the wasm handle. Call `free()` when done. */
export class Game {
  /** @param {wasm.Game} game */
  constructor(game) {
    /** @private */
    this.game = game;
  }

  /**
   * @param {string} variant
   * @param {Options} [options]
   * @returns {Game}
   * @throws {Error} unknown game or malformed option (a {@link ReadError})
   */
  static create(variant, options) {
    try {
      return new Game(new wasm.Game(variant, options));
    } catch (err) {
      throw asError(err);
    }
  }

  /**
   * A game from its moves, built and checked by the engine.
   * @param {string} variant
   * @param {Record<string, unknown>} options
   * @param {string[]} moves pit numbers as text, letters, or `split`
   * @param {number | undefined} ply the moves played (the rest can be redone); all when undefined
   * @param {StartView | undefined} start a set-up start position
   * @returns {Game}
   * @throws {Error} a {@link ReadError}, as from {@link Game.load}
   */
  static replay(variant, options, moves, ply, start) {
    try {
      return new Game(wasm.Game.replay(variant, options, moves, ply, start));
    } catch (err) {
      throw asError(err);
    }
  }

  /**
   * @param {string} text what `save()` wrote
   * @returns {Game}
   * @throws {Error} a clear message saying what is wrong (a {@link ReadError})
   */
  static load(text) {
    try {
      return new Game(wasm.Game.load(text));
    } catch (err) {
      throw asError(err);
    }
  }

  /**
   * The engine's state, its position's fields alongside the rest, with what follows from
   * it: the board's shape from the game's description, undo and redo from the ply.
   * @returns {GameState}
   */
  state() {
    const { position, ...s } = this.game.state();
    const info = variantInfo(s.variant);
    return {
      ...s,
      ...position,
      pitsPerRow: info.pitsPerRow,
      storesOnBoard: info.storesOnBoard,
      canUndo: s.ply > 0,
      canRedo: s.ply < s.moves.length,
    };
  }

  /**
   * @param {Move} move
   * @returns {Step[]} the trace
   * @throws {Error} an illegal move, with the engine's reason
   */
  play(move) {
    try {
      return this.game.play(String(move));
    } catch (err) {
      throw asError(err);
    }
  }

  /** @param {Move} move @returns {Preview} */
  preview(move) {
    return this.game.preview(String(move));
  }

  /** @returns {boolean} */
  undo() {
    return this.game.undo();
  }

  /** @returns {boolean} */
  redo() {
    return this.game.redo();
  }

  /** @param {number} ply @returns {boolean} */
  jump(ply) {
    return this.game.jump(ply);
  }

  /** @returns {string} */
  save() {
    return this.game.save();
  }

  free() {
    this.game.free();
  }
}

/**
 * Mangala IV's ritual (MG-3): who decides the sides.
 * @param {1 | 2} hidden
 * @param {'odd' | 'even'} guess
 * @returns {'challenger' | 'guesser'}
 */
export function ritualChooser(hidden, guess) {
  return wasm.ritualChooser(hidden, guess);
}

/**
 * Which role sits where once the chooser has taken a side.
 * @param {'challenger' | 'guesser'} chooser
 * @param {Side} side
 * @returns {{south: 'challenger' | 'guesser', north: 'challenger' | 'guesser'}}
 */
export function ritualSeats(chooser, side) {
  return wasm.ritualSeats(chooser, side);
}

/** @returns {1 | 2} counters hidden by a computer challenger */
export function randomHidden() {
  return /** @type {1 | 2} */ (wasm.randomHidden());
}

/** @returns {number} a fresh seed below 10⁹ for a random setup or a lot */
export function randomSeed() {
  return wasm.randomSeed();
}
