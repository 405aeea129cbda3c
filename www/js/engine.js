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

// The engine's values, typed by its own declarations (the wasm's `.d.ts`, made by tsify from the
// Rust types): nothing here restates them.
/** @typedef {import('../pkg/mancala_wasm.js').Side} Side */
/** @typedef {import('../pkg/mancala_wasm.js').Move} Move */
/**
 * The options of a game (an alias, not the interface, so that it is also a plain record).
 * @typedef {{[K in keyof import('../pkg/mancala_wasm.js').Options]: import('../pkg/mancala_wasm.js').Options[K]}} Options
 */
/** @typedef {import('../pkg/mancala_wasm.js').EndView} EndView */
/** @typedef {import('../pkg/mancala_wasm.js').MoveView} MoveView */
/** @typedef {import('../pkg/mancala_wasm.js').StartView} StartView  a set-up start position */
/** @typedef {import('../pkg/mancala_wasm.js').Step} Step */
/** @typedef {import('../pkg/mancala_wasm.js').Preview} Preview */
/** @typedef {import('../pkg/mancala_wasm.js').VariantInfo} VariantInfo */
/** @typedef {import('../pkg/mancala_wasm.js').OptionSpec} OptionSpec */

/**
 * The engine's `State` with its position's fields alongside the rest, and what follows from
 * them: the board's shape from the game's description, undo and redo from the ply.
 * @typedef {Omit<import('../pkg/mancala_wasm.js').State, 'position' | 'options'>
 *   & import('../pkg/mancala_wasm.js').PositionView
 *   & {options: Options, pitsPerRow: number, storesOnBoard: boolean, canUndo: boolean, canRedo: boolean}} GameState
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
 * @param {unknown} [source] wasm bytes or URL; by default the file beside the glue (named from
 *   here: in the site's bundle the glue is part of a chunk in `js/`)
 * @returns {Promise<void>}
 */
export function initEngine(source = new URL('../pkg/mancala_wasm_bg.wasm', import.meta.url)) {
  const started =
    ready ??
    init({ module_or_path: source }).then(() => {
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
   * @param {(Move | string)[]} moves as `state()` lists them, or as written: pit numbers as text, letters, or `split`
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

  /**
   * Mangala IV's ritual under forced play: how the game from its start ends, played out; null
   * unless play is forced.
   * @returns {import('../pkg/mancala_wasm.js').PositionView | null}
   */
  forcedEnd() {
    return this.game.forcedEnd();
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
