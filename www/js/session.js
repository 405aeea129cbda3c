// @ts-check
/**
 * The game in hand and where it comes from and goes: a new game, a share
 * link, the autosave, a saved game; the autosave after every change, and
 * the share link of the game shown. No DOM: what the page does around a
 * game (dialogs, the computer, the end panel) it is told through hooks,
 * and the engine and the storage come in too, so `node --test` runs it with
 * stand-ins.
 * @module session
 */

import { decodeLink, encodeLink } from './link.js';
import { linkIgnored, readError, reasons, resultLine } from './narrate.js';
import { levelNumbers } from './catalog.js';
import { DEFAULT_LEVEL, seatsFor } from './state.js';
import { formatOf, parseAutosave } from './storage.js';

/** @typedef {import('./engine.js').Game} Game */
/** @typedef {import('./engine.js').GameState} GameState */
/** @typedef {import('./engine.js').Options} Options */
/** @typedef {import('./engine.js').VariantInfo} VariantInfo */
/** @typedef {import('./state.js').Seating} Seating */
/** @typedef {import('./store.js').Store} Store */
/** @typedef {import('./narrate.js').Problem} Problem */
/** @typedef {import('./i18n.js').Messages} Messages */

/**
 * A game described by its moves, as links and embedding hosts give it.
 * @typedef {object} Description
 * @property {string} variant
 * @property {Record<string, unknown>} options
 * @property {(import('./engine.js').Move | string)[]} moves  moves as the engine gives them, or as
 *   written: pit numbers as text, letters, or `split`
 * @property {number | undefined} ply  the moves shown (the rest can be redone); all when undefined
 * @property {import('./engine.js').StartView | undefined} start  a set-up start position
 */

/**
 * What the session needs of the engine (engine.js, or a stand-in).
 * @typedef {object} Engine
 * @property {Pick<typeof import('./engine.js').Game, 'create' | 'load' | 'replay'>} Game
 * @property {() => number} randomSeed
 * @property {number} saveFormat  the save format it reads
 * @property {VariantInfo[]} variants
 */

/**
 * Where the autosave lives (storage.js, or a stand-in).
 * @typedef {object} Shelf
 * @property {() => string | null} read
 * @property {(autosave: {save: string, seating: Seating}) => boolean} write
 * @property {(text: string) => void} keep  keeps an unreadable autosave aside
 * @property {(saved: () => void) => () => void} watch  hears other tabs' autosaves
 */

/**
 * What the page does around the session.
 * @typedef {object} Hooks
 * @property {() => Messages} messages  the current language's texts
 * @property {() => void} replaced  a game is about to replace the one shown
 * @property {() => void} next  go on: the computer's turn, a forced move
 * @property {() => void} end  show how the game ended
 * @property {(first: boolean) => void} welcome  called once by each restore: on a first visit
 *   (true) offer the games, else let go of a welcome opened before the engine was in (main.js)
 * @property {(key: string) => void} warn  a lasting warning (warnings.js)
 * @property {(key: string) => void} unwarn
 */

export class Session {
  /**
   * @param {Store} store
   * @param {Engine} engine
   * @param {Shelf | null} shelf  null: nothing is saved (embedding)
   * @param {Hooks} hooks
   */
  constructor(store, engine, shelf, hooks) {
    this.store = store;
    this.engine = engine;
    this.shelf = shelf;
    this.hooks = hooks;
    /** The engine's game shown. @type {Game | null} */
    this.game = null;
    /** @private Stops hearing other tabs (set with the first autosave: state `saving`). @type {(() => void) | null} */
    this.unwatch = null;
  }

  /** @private */
  get m() {
    return this.hooks.messages();
  }

  /**
   * Replaces the current game, forgetting animations and pending answers.
   * @param {Game} game
   * @param {Seating} seating
   */
  adopt(game, seating) {
    this.hooks.replaced();
    this.game?.free();
    this.game = game;
    const s = this.store.state;
    const state = game.state();
    this.store.update({
      game: state,
      variant: this.info(state.variant),
      seating,
      phase: 'idle',
      epoch: s.epoch + 1,
      lastMove: null,
      frame: null,
      thinking: false,
      preview: null,
      previewPit: null,
      focus: null,
      banner: '',
      splitOffer: null,
      splitDeclined: null,
    });
  }

  /**
   * Starts a new game; returns null, or the reason it could not (the current game stays).
   * @param {string} variant
   * @param {Options} options
   * @param {Seating} seating
   * @returns {string | null}
   */
  start(variant, options, seating) {
    let game;
    try {
      game = this.engine.Game.create(variant, options);
    } catch (err) {
      return readError(this.m, err);
    }
    this.adopt(game, { ...seating, players: { ...seating.players } });
    this.store.update({ notice: '', noticeIsError: false });
    this.autosave();
    return null;
  }

  /**
   * Loads a saved game; returns null or the reason it failed (nothing changes then).
   * @param {string} save
   * @param {Seating} seating
   * @param {readonly string[]} [written] the moves as a link wrote them
   * @returns {string | null}
   */
  load(save, seating, written) {
    try {
      this.adopt(this.engine.Game.load(save), seating);
      return null;
    } catch (err) {
      return readError(this.m, err, written);
    }
  }

  /**
   * Opens a described game; returns null or the reason it failed (nothing changes then).
   * @param {Description} desc
   * @param {Seating} seating
   * @param {readonly string[]} [written] the moves as a link wrote them
   * @returns {string | null}
   */
  open(desc, seating, written) {
    try {
      this.adopt(this.engine.Game.replay(desc.variant, desc.options, desc.moves, desc.ply, desc.start), seating);
      return null;
    } catch (err) {
      return readError(this.m, err, written);
    }
  }

  /**
   * The game shown as a description, without the moves after the one shown.
   * @returns {Description | null}
   */
  shown() {
    const g = this.store.state.game;
    if (!g) return null;
    return {
      variant: g.variant,
      options: g.options,
      moves: g.moves.slice(0, g.ply).map((mv) => mv.move),
      ply: undefined,
      start: g.start ?? undefined,
    };
  }

  /**
   * Opens the game of a share link or embed parameters, else the autosave,
   * else a new game. A broken autosave is reported once, then replaced
   * (a copy is kept).
   * @param {string} linkText the location's hash or query
   * @param {Problem[]} [problems] bad parameters of the page itself (main.js)
   */
  restore(linkText, problems = []) {
    const linkError = this.openLink(linkText, problems);
    if (linkError === null) {
      this.hooks.welcome(false);
      return;
    }
    const saved = this.shelf ? this.shelf.read() : null;
    /** @type {string | null} */
    let saveError = null;
    if (saved !== null) {
      try {
        const { save, seating } = parseAutosave(saved);
        saveError = this.load(save, this.seatingFrom(seating));
      } catch (err) {
        saveError = readError(this.m, err);
      }
      if (saveError !== null) this.shelf?.keep(saved);
    }
    if (saved === null || saveError !== null) {
      this.adopt(this.engine.Game.create(this.engine.variants[0].id), this.seatingFrom({}));
      if (saveError !== null) this.autosave();
    }
    // The session alone decides what a first visit is: main.js's guess only opened the welcome early.
    this.hooks.welcome(saved === null && !linkError && !problems.length && this.shelf !== null);
    const m = this.m;
    /** @type {string[]} */
    const notices = [];
    if (linkError) notices.push(saved !== null && saveError === null ? `${linkError} ${m.t('link.savedShown')}` : linkError);
    else if (problems.length) notices.push(linkIgnored(m, problems));
    const found = saved === null ? null : formatOf(saved);
    const reads = this.engine.saveFormat;
    if (saveError !== null && found !== null && found > reads) notices.push(m.t('storage.newer', { found, reads }));
    else if (saveError !== null) notices.push(m.t('save.bad', { reason: saveError }));
    const s = this.store.state;
    if (notices.length) this.store.update({ notice: notices.join(' '), noticeIsError: true });
    else if (saved !== null && s.game?.over) this.store.update({ notice: resultLine(m, s.seating, s.game) });
    this.hooks.next();
  }

  /**
   * Opens the game of a share link, if `text` holds one. Returns null when
   * it did, the notice saying why when it could not (the current game
   * stays), and '' when `text` names no game.
   * @param {string} text a hash or query string
   * @param {Problem[]} [problems] bad parameters beside the link's (main.js)
   * @returns {string | null}
   */
  openLink(text, problems = []) {
    const link = decodeLink(text, this.engine.variants);
    if (!link) return '';
    const notice = this.openDecoded(link, problems, 'link');
    if (notice !== null && this.store.state.game) this.store.update({ notice: `${notice} ${this.m.t('link.kept')}`, noticeIsError: true });
    return notice;
  }

  /**
   * Opens a decoded game, a share link's, a game record's (record.js) or a set-up position's (editor.js), and
   * says so over the board. Returns null when it did, else why not, in words
   * (`<kind>.bad`); nothing changes then.
   * @param {import('./link.js').Decoded} link
   * @param {Problem[]} problems bad parameters beside its own
   * @param {'link' | 'transcript' | 'editor'} kind whose words: `<kind>.bad`, `.ignored`, `.opened`
   * @returns {string | null}
   */
  openDecoded(link, problems, kind) {
    const m = this.m;
    const all = [...problems, ...link.problems];
    const refusal = link.game === null ? null : this.open(link.game, this.seatingFrom(link.seating), link.written);
    if (link.game === null || refusal !== null) return m.t(`${kind}.bad`, { reason: reasons(m, all, refusal) });
    this.autosave();
    const ignored = all.length ? m.t(`${kind}.ignored`, { reason: reasons(m, all) }) : '';
    this.store.update({ notice: ignored || m.t(`${kind}.opened`), noticeIsError: Boolean(ignored) });
    // A finished game says how it ended, as it would have when its last move was played.
    const s = this.store.state;
    if (s.game?.over && !s.viewOnly) this.hooks.end();
    else this.hooks.next();
    return null;
  }

  /**
   * A complete seating from what a link or autosave says.
   * @param {Partial<Seating>} given
   * @returns {Seating}
   */
  seatingFrom(given) {
    const mode = given.mode === 'computer' || given.mode === 'demo' ? given.mode : 'two';
    const human = given.human === 'north' ? 'north' : 'south';
    const level = levelNumbers().find((l) => l === given.level) ?? DEFAULT_LEVEL;
    const players =
      given.players && typeof given.players.south === 'string' && typeof given.players.north === 'string'
        ? { south: given.players.south, north: given.players.north }
        : seatsFor(mode, human);
    return { mode, human, level, players };
  }

  /**
   * What the engine says of a game.
   * @param {string} variant
   */
  info(variant) {
    return this.engine.variants.find((v) => v.id === variant) ?? null;
  }

  /** The seating of the game shown, each player back in their first seat. @returns {Seating} */
  freshSeating() {
    const s = this.store.state.seating;
    return { ...s, players: seatsFor(s.mode, s.human) };
  }

  /**
   * The same options for another game: a fresh random setup stays random.
   * @param {GameState} g
   */
  replayOptions(g) {
    const o = { ...g.options };
    if (o.setup && typeof o.setup === 'object') o.setup = { random: this.engine.randomSeed() };
    return o;
  }

  /** The share link's parameters of the game shown (without `#`); '' when there is none. */
  link() {
    const { game: g, seating } = this.store.state;
    const info = g && this.info(g.variant);
    if (!g || !info) return '';
    return encodeLink(
      info,
      g.options,
      g.moves.map((mv) => mv.move),
      g.ply,
      seating,
      g.start,
      true,
    );
  }

  /**
   * Saves the game after every change. A browser that refuses storage is
   * said once (the game goes on unsaved); another tab's autosave, heard
   * from the `storage` event, is said until this tab saves again: the tab
   * that moved last owns the autosave, each tab keeps its own game.
   */
  autosave() {
    if (!this.shelf || !this.game) return;
    const s = this.store.state;
    if (s.saving === 'off') {
      this.unwatch = this.shelf.watch(() => this.hooks.warn('storage.otherTab'));
      this.store.update({ saving: 'on' });
    }
    if (this.shelf.write({ save: this.game.save(), seating: s.seating })) {
      this.hooks.unwarn('storage.otherTab');
    } else if (s.saving !== 'refused') {
      this.store.update({ saving: 'refused' });
      this.hooks.warn('storage.unsaved');
    }
  }

  /** Lets go of the game and of the other tabs. */
  destroy() {
    this.unwatch?.();
    this.game?.free();
    this.game = null;
  }
}
