// @ts-check
/**
 * The page's controller: one state object changed only through `update`,
 * which schedules a single redraw per frame; moves played through the
 * engine and animated from its trace; players, autosave, share links,
 * dialogs. Embedding creates it with `viewOnly` and calls `destroy()`.
 * @module app
 */

import { animate, finish, hurry } from './anim.js';
import { openChooser, seatsFor } from './chooser.js';
import { Computer } from './computer.js';
import { Engine, randomHidden, randomSeed, ritualChooser, ritualSeats, variants } from './engine.js';
import { AUTONYMS, LANGUAGES, loadMessages } from './i18n.js';
import { bindInput } from './input.js';
import { decodeLink, encodeLink } from './link.js';
import { draw, isMoving, layout } from './render.js';
import { renderRules } from './rules.js';
import { runRitual } from './ritual.js';
import { controller, createState, letterPit, other, playsForcedMoves, summarize } from './state.js';
import { unwarn, warn } from './warnings.js';
import { SAVE_FORMAT, formatOf, keepBroken, parseAutosave, readAutosave, readPrefs, watchAutosave, writeAutosave, writePrefs } from './storage.js';
import { humanTurn, placePits, sync } from './view.js';
import { banner, describeMove, endTexts, linkIgnored, linkRefused, readError, refusal, resultLine, splitAnswer, splitOffer, turnLine } from './narrate.js';
import { openWelcome } from './welcome.js';

/** @typedef {import('./state.js').AppState} AppState */
/** @typedef {import('./state.js').Seating} Seating */
/** @typedef {import('./engine.js').Side} Side */
/** @typedef {import('./engine.js').Step} Step */
/** @typedef {import('./engine.js').GameState} GameState */
/** @typedef {import('./chooser.js').Choice} Choice */
/** @typedef {import('./i18n.js').Messages} Messages */

/**
 * @param {Document} doc
 * @param {string} id
 */
function byId(doc, id) {
  const el = doc.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el;
}

/** Seeds captured so far by both players: a split declined is not offered again until it grows. @param {GameState} g */
const captured = (g) => g.stores.south + g.stores.north;

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @typedef {object} AppOptions
 * @property {Messages} messages
 * @property {boolean} [viewOnly]
 * @property {boolean} [persist] autosave and remember preferences (default true)
 */

export class App {
  /**
   * @param {Document} doc
   * @param {AppOptions} opts
   */
  constructor(doc, opts) {
    this.doc = doc;
    this.m = opts.messages;
    this.persist = opts.persist ?? true;
    /** @type {AppState} */
    this.state = createState();
    Object.assign(this.state, { viewOnly: Boolean(opts.viewOnly), lang: this.m.lang });
    const $ = (/** @type {string} */ id) => byId(doc, id);
    this.el = {
      board: $('board'),
      canvas: /** @type {HTMLCanvasElement} */ ($('canvas')),
      pits: $('pits'),
      title: $('game-title'),
      info: $('game-info'),
      notice: $('notice'),
      banner: $('banner'),
      preview: $('preview'),
      playerSouth: $('player-south'),
      playerNorth: $('player-north'),
      moves: /** @type {HTMLOListElement} */ ($('moves')),
      undo: /** @type {HTMLButtonElement} */ ($('btn-undo')),
      redo: /** @type {HTMLButtonElement} */ ($('btn-redo')),
      first: /** @type {HTMLButtonElement} */ ($('btn-first')),
      last: /** @type {HTMLButtonElement} */ ($('btn-last')),
      forced: /** @type {HTMLButtonElement} */ ($('btn-forced')),
      split: /** @type {HTMLButtonElement} */ ($('btn-split')),
      resume: /** @type {HTMLButtonElement} */ ($('btn-resume')),
      speed: /** @type {HTMLSelectElement} */ ($('speed')),
      live: $('live'),
      lang: /** @type {HTMLSelectElement} */ ($('lang')),
      share: /** @type {HTMLButtonElement} */ ($('btn-share')),
      shareBox: $('share-box'),
      shareLink: /** @type {HTMLInputElement} */ ($('share-link')),
      chooser: /** @type {HTMLDialogElement} */ ($('chooser')),
      end: /** @type {HTMLDialogElement} */ ($('end')),
      rules: /** @type {HTMLDialogElement} */ ($('rules')),
      rulesGame: /** @type {HTMLSelectElement} */ ($('rules-game')),
      rulesBody: $('rules-body'),
      splitOffer: $('split-offer'),
      splitTitle: $('split-title'),
      splitText: $('split-text'),
      ritual: {
        section: $('ritual'),
        title: $('ritual-title'),
        text: $('ritual-text'),
        fist: $('ritual-fist'),
        actions: $('ritual-actions'),
      },
      setForced: /** @type {HTMLInputElement} */ ($('set-forced')),
      setRitual: /** @type {HTMLInputElement} */ ($('set-ritual')),
      setIds: /** @type {HTMLInputElement} */ ($('set-ids')),
    };
    this.ctx = /** @type {CanvasRenderingContext2D} */ (this.el.canvas.getContext('2d'));
    /** @type {Engine | null} */
    this.engine = null;
    /** @type {import('./render.js').Geometry | null} */
    this.geo = null;
    /** The viewport height `geo` was fitted to. */
    this.fitted = 0;
    this.computer = new Computer();
    /** Changes whenever the game is replaced or moved by the player, so stale answers are dropped. */
    this.epoch = 0;
    this.busy = false;
    this.paused = false;
    this.ritualActive = false;
    this.token = { cancelled: false };
    this.raf = 0;
    this.domDirty = true;
    this.flip = false;
    /** @type {{origin: number | null, last: number | null} | null} */
    this.lastMove = null;
    /** @type {Choice | null} */
    this.lastChoice = null;
    /** The computer's move if its proposal of the split is declined. @type {number | 'split' | null} */
    this.variants = variants();
    this.reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    /** @type {(() => void)[]} */
    this.cleanups = [];
    /** Whether other tabs' autosaves are heard (from the first autosave on). */
    this.watching = false;
    /** Whether the player has been told that this browser does not save. */
    this.toldUnsaved = false;
    this.loadPrefs();
    this.bind();
  }

  // ---- The one way to change state, and the one redraw per frame ----

  /**
   * Changes the state and schedules one redraw.
   * @param {Partial<AppState>} patch
   */
  update(patch) {
    Object.assign(this.state, patch);
    this.domDirty = true;
    this.schedule();
  }

  schedule() {
    if (!this.raf) this.raf = requestAnimationFrame((now) => this.paint(now));
  }

  /** @param {number} now */
  paint(now) {
    this.raf = 0;
    const s = this.state;
    if (!s.game) return;
    const g0 = this.geo;
    if (!g0 || g0.n !== s.game.pitsPerRow || g0.stores !== s.game.storesOnBoard || g0.flipped !== this.flipped()) {
      this.resize();
    }
    const geo = /** @type {import('./render.js').Geometry} */ (this.geo);
    const preview = s.preview;
    const sum = preview && preview.legal && preview.trace ? summarize(preview.trace) : null;
    const canPlay = humanTurn(s, this.busy || this.ritualActive) && !this.paused;
    draw(
      this.ctx,
      geo,
      {
        board: s.game.board,
        stores: s.game.stores,
        legal: canPlay ? s.game.legal : [],
        forced: canPlay ? s.game.forced : null,
        previewPit: s.previewPit,
        previewLegal: Boolean(preview?.legal),
        target: sum ? sum.last : null,
        captures: sum ? sum.captures.filter((c) => c.kind !== 'settle').map((c) => c.pit) : [],
        frame: s.frame,
        lastMove: this.lastMove,
      },
      devicePixelRatio || 1,
      now,
    );
    if (this.domDirty) {
      this.domDirty = false;
      sync(this.el, s, this.m, { busy: this.busy, paused: this.paused, ritual: this.ritualActive });
      this.el.setForced.checked = playsForcedMoves(s.settings, s.seating);
    }
    if (isMoving(s.frame, now)) this.schedule();
    if (this.doc.documentElement.dataset.ready !== 'true') {
      this.doc.documentElement.dataset.ready = 'true';
      performance.mark('mancala-atlas:interactive');
    }
  }

  /** Recomputes the board's geometry for the container's size. */
  resize() {
    const g = this.state.game;
    if (!g) return;
    // The texts around the board first: their height is what the board may not take.
    if (this.domDirty) {
      this.domDirty = false;
      sync(this.el, this.state, this.m, { busy: this.busy, paused: this.paused, ritual: this.ritualActive });
    }
    const width = this.el.board.clientWidth || 320;
    // Room: the viewport (without the mobile URL bar's changes) less the page from its top to the
    // controls' bottom, board excepted. An embed has no trays (the player bars show captures) and
    // always fits, so a frame that cannot resize shows it all; the site keeps pits big enough to touch.
    const embed = this.doc.documentElement.classList.contains('embed');
    this.fitted = this.doc.documentElement.clientHeight;
    const controls = this.doc.getElementById('controls')?.getBoundingClientRect();
    const around = controls ? controls.bottom + scrollY - this.el.board.getBoundingClientRect().height : 0;
    const room = this.fitted - around - (embed ? 4 : 8);
    const opts = { flipped: this.flipped(), trays: !embed, touch: !embed };
    this.geo = layout(g.pitsPerRow, g.storesOnBoard, width, room, opts);
    const dpr = devicePixelRatio || 1;
    this.el.canvas.width = Math.round(this.geo.width * dpr);
    this.el.canvas.height = Math.round(this.geo.height * dpr);
    this.el.canvas.style.height = `${this.geo.height}px`;
    this.el.board.style.height = `${this.geo.height}px`;
    this.el.board.dataset.orientation = this.geo.vertical ? 'vertical' : 'horizontal';
    const table = this.doc.getElementById('table');
    table?.classList.toggle('upright', this.geo.vertical);
    table?.classList.toggle('flipped', this.geo.flipped);
    placePits(this.el.pits, this.geo);
    this.domDirty = true;
  }

  /** Whether the board is turned so that a human playing North sits at the bottom. */
  flipped() {
    const s = this.state.seating;
    return s.mode === 'computer' && s.human === 'north';
  }

  /** @param {import('./state.js').Frame} frame */
  setFrame(frame) {
    this.update({ frame: { ...frame, board: frame.board.slice(), stores: { ...frame.stores }, flights: frame.flights.slice() } });
  }

  /** @param {string} text */
  announce(text) {
    this.flip = !this.flip;
    this.el.live.textContent = text + (this.flip ? '\u00a0' : '');
  }

  // ---- Wiring ----

  bind() {
    const on = (/** @type {EventTarget} */ target, /** @type {string} */ type, /** @type {(e: any) => void} */ fn) => {
      target.addEventListener(type, fn);
      this.cleanups.push(() => target.removeEventListener(type, fn));
    };
    this.cleanups.push(
      bindInput(this.el.pits, {
        play: (pit) => this.clickPit(pit),
        hover: (pit) => this.showPreview(pit),
        focus: (pit) => {
          this.update({ focus: pit });
          this.showPreview(pit);
        },
        centres: () => this.geo?.pits ?? [],
        letter: (letter) => (this.state.game ? letterPit(letter, this.state.game.pitsPerRow) : null),
      }),
    );
    // The board is fitted to its width and to the window's height (resize()).
    const refit = () => {
      const width = this.el.board.clientWidth;
      const height = this.doc.documentElement.clientHeight;
      if (this.geo && Math.abs(width - this.geo.width) < 1 && height === this.fitted) return;
      this.geo = null;
      this.domDirty = true;
      this.schedule();
    };
    const observer = new ResizeObserver(refit);
    observer.observe(this.el.board);
    this.cleanups.push(() => observer.disconnect());
    on(/** @type {Window} */ (this.doc.defaultView), 'resize', refit);
    const doc = this.doc;
    on(byId(doc, 'btn-new'), 'click', () => this.newGame());
    on(byId(doc, 'btn-rules'), 'click', () => this.openRules());
    on(this.el.undo, 'click', () => this.undo());
    on(this.el.redo, 'click', () => this.redo());
    on(this.el.first, 'click', () => this.jump(0));
    on(this.el.last, 'click', () => this.jump(this.state.game?.moves.length ?? 0));
    on(this.el.forced, 'click', () => {
      const f = this.state.game?.forced;
      if (f !== null && f !== undefined) this.clickPit(f);
    });
    on(this.el.split, 'click', () => this.proposeSplit());
    on(this.el.resume, 'click', () => {
      this.paused = false;
      this.update({});
      this.next();
    });
    on(byId(doc, 'btn-accept'), 'click', () => this.answerSplit(true));
    on(byId(doc, 'btn-decline'), 'click', () => this.answerSplit(false));
    on(this.el.speed, 'change', () => {
      const speed = /** @type {import('./state.js').Speed} */ (this.el.speed.value);
      this.update({ settings: { ...this.state.settings, speed } });
      this.savePrefs();
      hurry(this.token); // a move in progress goes on at the new speed at once
    });
    // A click on the board, Escape or Space finishes a move that is still playing out. The click
    // is caught before the pits see it, so it never plays a pit too.
    const hurryUp = (/** @type {MouseEvent} */ e) => {
      if (!this.busy) return;
      e.stopPropagation();
      finish(this.token);
    };
    this.el.board.addEventListener('click', hurryUp, { capture: true });
    this.cleanups.push(() => this.el.board.removeEventListener('click', hurryUp, { capture: true }));
    on(this.el.moves, 'click', (e) => {
      const b = e.target instanceof Element ? e.target.closest('button[data-ply]') : null;
      if (b) this.jump(Number(/** @type {HTMLElement} */ (b).dataset.ply));
    });
    on(this.el.share, 'click', () => this.share());
    on(this.el.lang, 'change', () => this.setLanguage(this.el.lang.value));
    on(this.el.setForced, 'change', () => {
      this.update({ settings: { ...this.state.settings, autoForced: this.el.setForced.checked } });
      this.savePrefs();
      if (this.el.setForced.checked) this.next();
    });
    on(this.el.setRitual, 'change', () => {
      this.update({ settings: { ...this.state.settings, ritual: this.el.setRitual.checked } });
      this.savePrefs();
    });
    on(this.el.setIds, 'change', () => {
      doc.documentElement.classList.toggle('show-ids', this.el.setIds.checked);
      this.savePrefs();
    });
    on(byId(doc, 'end-review'), 'click', () => this.el.end.close());
    on(byId(doc, 'end-again'), 'click', () => {
      this.el.end.close();
      const g = this.state.game;
      if (g) this.startGame({ variant: g.variant, options: this.replayOptions(g), seating: this.freshSeating(), ritual: this.state.settings.ritual });
    });
    on(byId(doc, 'end-new'), 'click', () => {
      this.el.end.close();
      this.newGame();
    });
    on(this.el.rulesGame, 'change', () => renderRules(this.el.rulesBody, this.m, this.el.rulesGame.value));
    on(byId(doc, 'rules-close'), 'click', () => this.el.rules.close());
    on(doc, 'keydown', (/** @type {KeyboardEvent} */ e) => {
      const t = e.target;
      if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement) return;
      const inDialog = t instanceof Element && Boolean(t.closest('dialog[open]'));
      if (this.busy && !inDialog && (e.key === 'Escape' || e.key === ' ') && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        finish(this.token);
        return;
      }
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        this.undo();
      } else if (key === 'y' || (key === 'z' && e.shiftKey)) {
        e.preventDefault();
        this.redo();
      }
    });
    this.fillLanguages();
  }

  fillLanguages() {
    this.el.lang.replaceChildren(
      ...LANGUAGES.map((lang) => {
        const o = this.doc.createElement('option');
        o.value = lang;
        o.lang = lang;
        o.textContent = AUTONYMS[lang];
        return o;
      }),
    );
    this.el.lang.value = this.m.lang;
    this.el.lang.setAttribute('aria-label', this.m.t('app.language'));
  }

  loadPrefs() {
    const prefs = this.persist ? readPrefs() : {};
    const speeds = ['slow', 'normal', 'fast', 'instant'];
    const speed = speeds.includes(String(prefs.speed)) ? String(prefs.speed) : this.reduced ? 'fast' : 'normal';
    this.update({
      settings: {
        speed: /** @type {import('./state.js').Speed} */ (speed),
        autoForced: typeof prefs.autoForced === 'boolean' ? prefs.autoForced : null,
        ritual: prefs.ritual !== false,
      },
    });
    this.el.setRitual.checked = this.state.settings.ritual;
    this.el.setIds.checked = prefs.ruleIds === true;
    this.doc.documentElement.classList.toggle('show-ids', this.el.setIds.checked);
  }

  savePrefs() {
    if (!this.persist) return;
    writePrefs({ ...this.state.settings, lang: this.state.lang, ruleIds: this.el.setIds.checked });
  }

  // ---- Starting, loading, saving ----

  /** @returns {Seating} */
  freshSeating() {
    const s = this.state.seating;
    return { ...s, players: seatsFor(s.mode, s.human) };
  }

  /**
   * The same options for another game: a fresh random setup stays random.
   * @param {GameState} g
   */
  replayOptions(g) {
    const o = { ...g.options };
    if (o.setup && typeof o.setup === 'object') o.setup = { random: randomSeed() };
    return o;
  }

  /**
   * Replaces the current game, forgetting animations and pending answers.
   * @param {Engine} engine
   * @param {Seating} seating
   */
  adopt(engine, seating) {
    this.token.cancelled = true;
    this.token = { cancelled: false };
    this.epoch += 1;
    this.computer.cancel();
    this.busy = false;
    this.paused = false;
    this.lastMove = null;
    // A ritual still open belongs to the game being replaced.
    this.ritualActive = false;
    this.el.ritual.section.hidden = true;
    this.el.ritual.actions.replaceChildren();
    this.engine?.free();
    this.engine = engine;
    this.geo = null;
    if (this.el.end.open) this.el.end.close();
    const start = /** @type {HTMLDialogElement} */ (byId(this.doc, 'start'));
    if (start.open) start.close();
    this.update({
      game: engine.state(),
      seating,
      frame: null,
      thinking: false,
      preview: null,
      previewPit: null,
      focus: null,
      banner: '',
      splitOffer: null,
      splitDeclined: null,
    });
    this.el.splitOffer.hidden = true;
    this.el.shareBox.hidden = true;
  }

  /**
   * Loads a saved game; returns null or the reason it failed (nothing changes then).
   * @param {string} save
   * @param {Seating} seating
   * @param {readonly string[]} [written] the moves as a link wrote them
   * @returns {string | null}
   */
  loadSave(save, seating, written) {
    try {
      this.adopt(Engine.load(save), seating);
      return null;
    } catch (err) {
      return this.reasonOf(err, written);
    }
  }

  /**
   * Why the engine refused a game, in the player's language (narrate.js).
   * @param {unknown} err
   * @param {readonly string[]} [written] the moves as a link wrote them
   * @returns {string}
   */
  reasonOf(err, written) {
    return readError(this.m, err, written);
  }

  /**
   * Opens the game of a share link or embed parameters, else the autosave,
   * else a new game. A broken autosave is reported once, then replaced
   * (a copy is kept).
   * @param {string} linkText the location's hash or query
   * @param {import('./narrate.js').Problem[]} [problems] bad parameters of the page itself (main.js)
   */
  restore(linkText, problems = []) {
    const linkError = this.openLink(linkText, problems);
    if (linkError === null) return;
    const saved = this.persist ? readAutosave() : null;
    /** @type {string | null} */
    let saveError = null;
    if (saved !== null) {
      try {
        const { save, seating } = parseAutosave(saved);
        saveError = this.loadSave(save, this.seatingFrom(seating));
      } catch (err) {
        saveError = this.reasonOf(err);
      }
      if (saveError !== null) keepBroken(saved);
    }
    if (saved === null || saveError !== null) {
      this.adopt(Engine.create('mangala-iv', { setup: 'even' }), this.seatingFrom({}));
      if (saveError !== null) this.autosave();
      else if (!linkError && !problems.length && this.persist) this.welcome();
    }
    /** @type {string[]} */
    const notices = [];
    if (linkError) notices.push(saved !== null && saveError === null ? `${linkError} ${this.m.t('link.savedShown')}` : linkError);
    else if (problems.length) notices.push(linkIgnored(this.m, problems));
    const found = saved === null ? null : formatOf(saved);
    if (saveError !== null && found !== null && found > SAVE_FORMAT) notices.push(this.m.t('storage.newer', { found, reads: SAVE_FORMAT }));
    else if (saveError !== null) notices.push(this.m.t('save.bad', { reason: saveError }));
    if (notices.length) this.update({ notice: notices.join(' '), noticeIsError: true });
    else if (saved !== null && this.state.game?.over) this.update({ notice: this.resultLine() });
    this.next();
  }

  /**
   * Opens the game of a share link, if `text` holds one. Returns null when
   * it did, the notice saying why when it could not (the current game
   * stays), and '' when `text` names no game.
   * @param {string} text a hash or query string
   * @param {import('./narrate.js').Problem[]} [problems] bad parameters beside the link's (main.js)
   * @returns {string | null}
   */
  openLink(text, problems = []) {
    const link = decodeLink(text, this.variants);
    if (!link) return '';
    const all = [...problems, ...link.problems];
    const refusal = link.save === null ? null : this.loadSave(link.save, this.seatingFrom(link.seating), link.written);
    if (link.save === null || refusal !== null) {
      const notice = linkRefused(this.m, all, refusal);
      if (this.state.game) this.update({ notice: `${notice} ${this.m.t('link.kept')}`, noticeIsError: true });
      return notice;
    }
    this.autosave();
    const ignored = linkIgnored(this.m, all);
    this.update({ notice: ignored || this.m.t('link.opened'), noticeIsError: Boolean(ignored) });
    // A finished game says how it ended, as it would have when its last move was played.
    const g = this.state.game;
    if (g?.over && !this.state.viewOnly) this.showEnd();
    else this.next();
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
    const level = Number.isInteger(given.level) && Number(given.level) >= 1 && Number(given.level) <= 5 ? Number(given.level) : 2;
    const players =
      given.players && typeof given.players.south === 'string' && typeof given.players.north === 'string'
        ? { south: given.players.south, north: given.players.north }
        : seatsFor(mode, human);
    return { mode, human, level, players };
  }

  /**
   * Saves the game after every change. A browser that refuses storage is
   * said once (the game goes on unsaved); another tab's autosave, heard
   * from the `storage` event, is said until this tab saves again: the tab
   * that moved last owns the autosave, each tab keeps its own game.
   */
  autosave() {
    if (!this.persist || !this.engine) return;
    if (!this.watching) {
      this.watching = true;
      this.cleanups.push(watchAutosave(() => warn(this.doc, this.m, 'storage.otherTab')));
    }
    if (writeAutosave({ save: this.engine.save(), seating: this.state.seating })) {
      unwarn(this.doc, 'storage.otherTab');
    } else if (!this.toldUnsaved) {
      this.toldUnsaved = true;
      warn(this.doc, this.m, 'storage.unsaved');
    }
  }

  /** The first visit: the four games, each one click from a game against the computer or for two. */
  async welcome() {
    const epoch = this.epoch;
    const start = await openWelcome(/** @type {HTMLDialogElement} */ (byId(this.doc, 'start')), this.m, this.variants);
    if (!start || epoch !== this.epoch) return;
    const human = 'south';
    await this.startGame({
      variant: start.variant,
      options: {},
      seating: { mode: start.mode, human, level: this.state.seating.level, players: seatsFor(start.mode, human) },
      ritual: this.state.settings.ritual,
    });
  }

  async newGame() {
    const g = this.state.game;
    const initial = this.lastChoice ?? {
      variant: g?.variant ?? 'mangala-iv',
      options: g ? { ...g.options } : {},
      seating: this.state.seating,
      ritual: this.state.settings.ritual,
    };
    initial.ritual = this.state.settings.ritual;
    const choice = await openChooser(this.el.chooser, this.m, this.variants, initial, () => randomSeed());
    if (choice) {
      this.lastChoice = choice;
      if (choice.ritual !== this.state.settings.ritual) {
        this.update({ settings: { ...this.state.settings, ritual: choice.ritual } });
        this.el.setRitual.checked = choice.ritual;
        this.savePrefs();
      }
      await this.startGame(choice);
    }
  }

  /** @param {Choice} choice */
  async startGame(choice) {
    let engine;
    try {
      engine = Engine.create(choice.variant, choice.options);
    } catch (err) {
      this.update({ notice: this.m.t('chooser.bad', { reason: this.reasonOf(err) }), noticeIsError: true });
      return;
    }
    this.adopt(engine, { ...choice.seating, players: { ...choice.seating.players } });
    this.update({ notice: '', noticeIsError: false });
    this.autosave();
    const epoch = this.epoch;
    if (choice.variant === 'mangala-iv' && choice.ritual && choice.seating.mode !== 'demo' && !this.state.viewOnly) {
      this.ritualActive = true;
      this.update({});
      const first = choice.options.first ?? 'south';
      const players = await runRitual(
        this.el.ritual,
        this.m,
        choice.seating,
        first,
        {
          chooser: ritualChooser,
          seats: ritualSeats,
          hidden: randomHidden,
          side: () => this.computer.chooseSide(engine.save(), choice.seating.level).catch(() => first),
        },
        (text) => this.announce(text),
      );
      if (epoch !== this.epoch) return;
      this.ritualActive = false;
      if (players) {
        const seating = { ...this.state.seating, players };
        if (seating.mode === 'computer') seating.human = players.south === 'you' ? 'south' : 'north';
        this.update({ seating });
        this.autosave();
      } else {
        this.update({});
      }
    }
    this.announce(this.turnLine());
    this.focusBoard();
    this.next();
  }

  focusBoard() {
    requestAnimationFrame(() => {
      const b = /** @type {HTMLElement | null} */ (this.el.pits.querySelector('[tabindex="0"]'));
      if (b && humanTurn(this.state, this.busy)) b.focus({ preventScroll: true });
    });
  }

  // ---- Playing ----

  /** @param {number} pit */
  clickPit(pit) {
    const g = this.state.game;
    if (!g || !this.engine || this.busy || this.ritualActive) return;
    if (!humanTurn(this.state, this.busy) || this.paused) {
      if (this.paused && g.toMove && controller(this.state.seating, g.toMove) === 'human') {
        this.paused = false;
      } else {
        // A game shown to step through (embed mode=view): say how, on the board too.
        const text = this.state.viewOnly ? this.m.t('embed.view') : g.over ? this.resultLine() : this.m.t('why.wait');
        if (this.state.viewOnly) this.update({ banner: text });
        this.announce(text);
        return;
      }
    }
    if (!g.legal.includes(pit)) {
      this.showPreview(pit, true);
      const text = this.el.preview.textContent ?? '';
      if (text) this.announce(text);
      return;
    }
    this.playMove(pit);
  }

  /**
   * Plays a move (a pit or 'split') and animates it.
   * @param {number | 'split'} move
   */
  async playMove(move) {
    const before = this.state.game;
    if (!this.engine || !before || this.busy) return;
    if (move !== 'split') this.declineSplit(); // playing on declines a split on offer (AM-9)
    let trace;
    try {
      trace = this.engine.play(move);
    } catch {
      // The engine's reason, in the player's words (a move checked before it is sent rarely gets here).
      this.update({ notice: refusal(this.m, before, move, this.engine.preview(move)), noticeIsError: true });
      return;
    }
    if (await this.show(before, move, trace)) this.next(true);
  }

  /**
   * Animates a move the engine has just made (played or redone) from
   * `before`, then shows the engine's position and says what happened.
   * Resolves false if something else replaced the game meanwhile.
   * @param {GameState} before
   * @param {number | 'split'} move
   * @param {Step[]} trace
   * @returns {Promise<boolean>}
   */
  async show(before, move, trace) {
    if (!this.engine) return false;
    const after = this.engine.state();
    const token = { cancelled: false };
    this.token = token;
    this.busy = true;
    this.paused = false;
    this.el.splitOffer.hidden = true;
    this.update({ preview: null, previewPit: null, notice: '', noticeIsError: false, banner: '', splitOffer: null });
    this.autosave();
    const sum = summarize(trace);
    await animate(trace, before, {
      speed: () => this.state.settings.speed,
      reduced: this.reduced,
      token,
      onFrame: (frame) => {
        if (token === this.token) this.setFrame(frame);
      },
      onEvent: (step) => {
        if (token === this.token) this.update({ banner: this.bannerFor(step, after, trace) });
      },
    });
    if (token !== this.token) return false;
    this.busy = false;
    this.lastMove = move === 'split' ? null : { origin: sum.origin, last: sum.last };
    const hadFocus = this.el.pits.contains(this.doc.activeElement);
    // C-6: say when one more repetition would end the game.
    const notice = !after.over && after.seen === 2 ? this.m.t('narrate.seenTwice') : '';
    this.update({ game: after, frame: null, banner: '', focus: null, notice });
    if (hadFocus) this.focusBoard();
    this.announce(`${describeMove(this.m, before, move, trace, after.end, false)} ${after.over ? this.resultLine() : this.turnLine()}`);
    this.doc.dispatchEvent(new CustomEvent('atlas:move', { detail: { move, game: after } })); // for embed.js
    return true;
  }

  /**
   * The words on the board for an animation event.
   * @param {Step} step
   * @param {GameState} after
   * @param {Step[]} trace the whole move
   */
  bannerFor(step, after, trace) {
    return banner(this.m, step, after, trace);
  }

  /** Who moves now, in words. */
  turnLine() {
    const g = this.state.game;
    return g ? turnLine(this.m, this.state.seating, g) : '';
  }

  /** The result in one line. */
  resultLine() {
    const g = this.state.game;
    return g ? resultLine(this.m, this.state.seating, g) : '';
  }

  /**
   * After a move, a load or a change of mind: the end, the computer, or a
   * forced move.
   * @param {boolean} [played] a move has just been played
   */
  next(played = false) {
    const g = this.state.game;
    if (!g || this.busy || this.ritualActive || this.state.viewOnly) return;
    if (g.over) {
      if (played && !this.el.end.open) this.showEnd();
      return;
    }
    if (this.paused || !g.toMove) return;
    if (controller(this.state.seating, g.toMove) === 'computer') {
      this.computerMove();
    } else if (g.forced !== null && playsForcedMoves(this.state.settings, this.state.seating)) {
      const epoch = this.epoch;
      const ply = g.ply;
      const forced = g.forced;
      setTimeout(() => {
        const still = playsForcedMoves(this.state.settings, this.state.seating);
        if (still && epoch === this.epoch && this.state.game?.ply === ply && !this.busy && !this.paused) this.playMove(forced);
      }, this.state.settings.speed === 'instant' ? 0 : 400);
    }
  }

  async computerMove() {
    const g = this.state.game;
    if (!this.engine || !g) return;
    const epoch = ++this.epoch;
    const ply = g.ply;
    this.update({ thinking: true });
    try {
      const [thought] = await Promise.all([
        this.computer.think(this.engine.save(), this.state.seating.level),
        sleep(this.state.settings.speed === 'instant' ? 0 : 450),
      ]);
      if (epoch !== this.epoch || this.state.game?.ply !== ply) return;
      this.update({ thinking: false });
      const mover = /** @type {Side} */ (g.toMove);
      // Al-manqala (AM-9): the computer that would rather split plays its move and proposes the
      // split to the human, who accepts or plays on; once declined, it asks again only after a capture.
      const proposes = thought.proposeSplit && g.canSplit && this.state.splitDeclined !== captured(g);
      const engine = this.engine;
      await this.playMove(thought.move);
      const after = this.state.game;
      if (proposes && this.engine === engine && after?.ply === ply + 1 && after.canSplit && after.toMove === other(mover) && controller(this.state.seating, other(mover)) === 'human') {
        this.offerSplit(mover);
      }
    } catch {
      if (epoch !== this.epoch) return;
      this.paused = true;
      this.update({
        thinking: false,
        notice: this.m.t('computer.failed'),
        noticeIsError: true,
      });
    }
  }

  /** Stops whatever the computer was about to do. */
  interrupt() {
    this.epoch += 1;
    this.computer.cancel();
    if (this.state.thinking) this.update({ thinking: false });
  }

  /**
   * Whether the undo/redo cursor should keep moving past this position
   * (the computer's turns, against the computer).
   */
  skipsComputer() {
    const g = this.state.game;
    return Boolean(this.state.seating.mode === 'computer' && g && g.toMove && controller(this.state.seating, g.toMove) === 'computer');
  }

  undo() {
    if (!this.engine || this.busy || this.ritualActive) return;
    this.interrupt();
    if (!this.engine.undo()) return;
    this.refresh();
    while (this.skipsComputer() && this.state.game?.canUndo) {
      this.engine.undo();
      this.refresh();
    }
    this.afterNavigation();
  }

  /** Replays the next undone move, animated (against the computer, its reply too). */
  async redo() {
    if (!this.engine || this.busy || this.ritualActive) return;
    this.interrupt();
    const epoch = this.epoch;
    do {
      const before = this.state.game;
      const next = before && before.ply < before.moves.length ? before.moves[before.ply].move : null;
      if (!before || next === null) break;
      const move = next === 'split' ? 'split' : Number(next);
      const trace = this.engine.preview(move).trace ?? [];
      if (!this.engine.redo()) break;
      if (!(await this.show(before, move, trace)) || epoch !== this.epoch) return;
    } while (this.skipsComputer() && this.state.game?.canRedo);
    this.afterNavigation(false);
  }

  /** @param {number} ply */
  jump(ply) {
    if (!this.engine || this.busy || this.ritualActive) return;
    this.interrupt();
    if (!this.engine.jump(ply)) return;
    this.refresh();
    this.afterNavigation();
  }

  /** Reads the engine's state after undo, redo or jump. */
  refresh() {
    if (!this.engine) return;
    this.lastMove = null;
    this.el.splitOffer.hidden = true;
    this.update({ game: this.engine.state(), preview: null, previewPit: null, notice: '', noticeIsError: false, splitOffer: null, banner: '' });
  }

  /**
   * After undo, redo or jump: the computer waits until asked, the game is saved.
   * @param {boolean} [announce] say where the game now is (redo has said what it replayed)
   */
  afterNavigation(announce = true) {
    const g = this.state.game;
    if (!g) return;
    this.paused = Boolean(g.toMove && controller(this.state.seating, g.toMove) === 'computer');
    this.autosave();
    this.update(g.over ? { notice: this.resultLine() } : {});
    if (announce) this.announce(this.m.t('narrate.at', { ply: g.ply }) + ' ' + (g.over ? this.resultLine() : this.turnLine()));
  }

  /**
   * Shows the dry run of a pit: where it ends, laps, captures, or why not.
   * @param {number | null} pit
   * @param {boolean} [always] even when it is not the human's turn
   */
  showPreview(pit, always = false) {
    const g = this.state.game;
    if (pit === null || !g || !this.engine || this.busy) {
      if (this.state.previewPit !== null) this.update({ preview: null, previewPit: null });
      return;
    }
    if (!always && !humanTurn(this.state, this.busy || this.ritualActive)) return;
    this.update({ preview: this.engine.preview(pit), previewPit: pit });
  }

  // ---- Al-manqala's split (AM-9) ----

  async proposeSplit() {
    const g = this.state.game;
    if (!g || !g.canSplit || !g.toMove || this.busy || !this.engine) return;
    const proposer = g.toMove;
    const answerer = other(proposer);
    if (controller(this.state.seating, answerer) === 'computer') {
      const epoch = ++this.epoch;
      this.update({ thinking: true, notice: this.m.t('split.asking') });
      let accept = false;
      try {
        accept = await this.computer.acceptsSplit(this.engine.save(), answerer, this.state.seating.level);
      } catch {
        accept = false;
      }
      if (epoch !== this.epoch) return;
      this.update({ thinking: false });
      if (accept) {
        const text = splitAnswer(this.m, this.state.seating, answerer, true);
        this.announce(text);
        await this.playMove('split');
        this.update({ notice: `${text} ${this.resultLine()}` });
      } else {
        const text = splitAnswer(this.m, this.state.seating, answerer, false);
        this.update({ notice: text });
        this.announce(text);
      }
      return;
    }
    this.offerSplit(proposer);
  }

  /**
   * Shows a proposal of the split for the other player to answer. The board
   * stays playable: a move declines it (AM-9).
   * @param {Side} proposer
   */
  offerSplit(proposer) {
    const g = this.state.game;
    if (!g) return;
    const offer = splitOffer(this.m, this.state.seating, g, proposer);
    this.el.splitTitle.textContent = offer.title;
    this.el.splitText.textContent = offer.text;
    this.el.splitText.append(` ${this.m.t('split.playDeclines')}`);
    this.el.splitOffer.hidden = false;
    this.update({ splitOffer: { proposer } });
    this.announce(`${this.el.splitTitle.textContent} ${this.el.splitText.textContent}`);
  }

  /** @param {boolean} accept */
  answerSplit(accept) {
    if (!this.state.splitOffer) return;
    if (accept) {
      this.el.splitOffer.hidden = true;
      this.update({ splitOffer: null });
      this.playMove('split');
    } else {
      this.declineSplit();
      this.focusBoard();
    }
  }

  /** Declines the split on offer: play goes on, and the offer is not made again before a capture. */
  declineSplit() {
    const offer = this.state.splitOffer;
    const g = this.state.game;
    if (!offer || !g) return;
    this.el.splitOffer.hidden = true;
    const text = splitAnswer(this.m, this.state.seating, other(offer.proposer), false);
    this.update({ splitOffer: null, splitDeclined: captured(g), notice: text, noticeIsError: false });
    this.announce(text);
  }

  // ---- Panels ----

  showEnd() {
    const g = this.state.game;
    if (!g || !g.end) return;
    const title = /** @type {HTMLElement} */ (this.doc.getElementById('end-title'));
    const score = /** @type {HTMLElement} */ (this.doc.getElementById('end-score'));
    const reason = /** @type {HTMLElement} */ (this.doc.getElementById('end-reason'));
    const extra = /** @type {HTMLElement} */ (this.doc.getElementById('end-extra'));
    const texts = endTexts(this.m, this.state.seating, g);
    title.textContent = texts.title;
    score.textContent = texts.score;
    reason.textContent = texts.reason;
    extra.textContent = texts.extra;
    extra.hidden = !texts.extra;
    this.update({ notice: this.resultLine(), noticeIsError: false });
    this.el.end.showModal();
  }

  openRules() {
    const current = this.state.game?.variant ?? 'mangala-iv';
    this.el.rulesGame.replaceChildren(
      ...this.variants.map((v) => {
        const o = this.doc.createElement('option');
        o.value = v.id;
        o.textContent = this.m.rules?.[v.id]?.name ?? v.name;
        return o;
      }),
    );
    this.el.rulesGame.value = current;
    renderRules(this.el.rulesBody, this.m, current);
    this.el.rules.showModal();
  }

  share() {
    const g = this.state.game;
    if (!g) return;
    const params = encodeLink(g.variant, g.options, g.moves.map((mv) => mv.move), g.ply, this.state.seating, g.start, g.pitsPerRow);
    const url = `${location.href.split('#')[0]}#${params}`;
    this.el.shareLink.value = url;
    this.el.shareBox.hidden = false;
    this.el.shareLink.select();
    const done = () => this.update({ notice: this.m.t('record.copied'), noticeIsError: false });
    if (navigator.clipboard && isSecureContext) {
      navigator.clipboard.writeText(url).then(done, () => this.update({ notice: this.m.t('record.copyByHand') }));
    } else {
      this.update({ notice: this.m.t('record.copyByHand') });
    }
  }

  /** @param {string} lang */
  async setLanguage(lang) {
    const known = /** @type {readonly string[]} */ (LANGUAGES);
    if (!known.includes(lang)) return;
    try {
      this.m = await loadMessages(/** @type {import('./i18n.js').Lang} */ (lang));
    } catch {
      this.el.lang.value = this.m.lang;
      this.update({ notice: this.m.t('app.languageFailed', { language: AUTONYMS[/** @type {import('./i18n.js').Lang} */ (lang)] }), noticeIsError: true });
      return;
    }
    this.doc.documentElement.lang = lang;
    this.m.apply(this.doc);
    this.el.lang.value = lang;
    this.update({ lang, notice: this.state.noticeIsError ? this.state.notice : '' });
    this.savePrefs();
    if (this.el.rules.open) renderRules(this.el.rulesBody, this.m, this.el.rulesGame.value);
  }

  /** Stops everything and lets go of the page (embedding). */
  destroy() {
    this.token.cancelled = true;
    this.epoch += 1;
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = 0;
    for (const undo of this.cleanups.splice(0)) undo();
    this.computer.terminate();
    this.engine?.free();
    this.engine = null;
  }
}
