// @ts-check
/**
 * Playing: a pit clicked, a move played through the engine and animated
 * from its trace, the computer's turn, forced moves, undo, redo and jumps
 * through the record, and the preview of a pit.
 * @module play
 */

import { animate, finish, hurry } from './anim.js';
import { banner, describeMove, nearRepetition, refusal, resultLine, turnLine } from './narrate.js';
import { controller, humanTurn, playsForcedMoves, summarize } from './state.js';

/** @typedef {import('./app.js').Context} Context */
/** @typedef {import('./session.js').Session} Session */
/** @typedef {import('./computer.js').Computer} Computer */
/** @typedef {import('./engine.js').GameState} GameState */
/** @typedef {import('./engine.js').Move} Move */
/** @typedef {import('./engine.js').Step} Step */

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What hears of each move shown: the move and the game after it.
 * @typedef {(move: Move, game: GameState) => void} MoveListener
 */

export class Play {
  /**
   * @param {Context} ctx
   * @param {Session} session
   * @param {Computer} computer
   * @param {{focus(): void}} board
   * @param {() => void} showEnd  opens the end panel
   */
  constructor(ctx, session, computer, board, showEnd) {
    this.ctx = ctx;
    this.session = session;
    this.computer = computer;
    this.board = board;
    this.showEnd = showEnd;
    /** Al-manqala's split (AM-9), in games that have it. @type {import('./split.js').Split | null} */
    this.split = null;
    /** The running animation's token. @type {import('./anim.js').Token} */
    this.token = { cancelled: false };
    this.reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    /** @type {Set<MoveListener>} */
    this.listeners = new Set();
  }

  /** @private */
  get s() {
    return this.ctx.store.state;
  }

  /** @private @param {Partial<import('./state.js').AppState>} patch */
  update(patch) {
    this.ctx.store.update(patch);
  }

  /** A new epoch: answers asked for before it are dropped. */
  bump() {
    const epoch = this.s.epoch + 1;
    this.update({ epoch });
    return epoch;
  }

  /** Ends the animation running and anything asked of the computer (a game replaces this one). */
  reset() {
    this.token.cancelled = true;
    this.token = { cancelled: false };
    this.computer.cancel();
  }

  /** Finishes the move playing out at once. */
  finishMove() {
    finish(this.token);
  }

  /** The move playing out goes on at the new speed at once. */
  speedChanged() {
    hurry(this.token);
  }

  /** @param {number} pit */
  clickPit(pit) {
    const s = this.s;
    const g = s.game;
    if (!g || !this.session.game || s.phase === 'moving' || s.phase === 'ritual') return;
    if (!humanTurn(s) || s.phase === 'paused') {
      if (s.phase === 'paused' && g.toMove && controller(s.seating, g.toMove) === 'human') {
        this.update({ phase: 'idle' });
      } else {
        // A game shown to step through (embed mode=view): say how, on the board too.
        const m = this.ctx.m;
        const text = s.viewOnly ? m.t('embed.view') : g.over ? resultLine(m, s.seating, g) : m.t('why.wait');
        if (s.viewOnly) this.update({ banner: text });
        this.ctx.announce(text);
        return;
      }
    }
    if (!g.legal.includes(pit)) {
      this.showPreview(pit, true);
      const text = this.ctx.el.preview.textContent ?? '';
      if (text) this.ctx.announce(text);
      return;
    }
    this.playMove(pit);
  }

  /**
   * Plays a move (a pit or 'split') and animates it.
   * @param {Move} move
   */
  async playMove(move) {
    const game = this.session.game;
    const before = this.s.game;
    if (!game || !before || this.s.phase === 'moving') return;
    if (move !== 'split') this.split?.decline(); // playing on declines a split on offer (AM-9)
    let trace;
    try {
      trace = game.play(move);
    } catch {
      // The engine's reason, in the player's words (a move checked before it is sent rarely gets here).
      this.update({ notice: refusal(this.ctx.m, before, move, game.preview(move)), noticeIsError: true });
      return;
    }
    if (await this.show(before, move, trace)) this.next(true);
  }

  /**
   * Animates a move the engine has just made (played or redone) from
   * `before`, then shows the engine's position and says what happened.
   * Resolves false if something else replaced the game meanwhile.
   * @param {GameState} before
   * @param {Move} move
   * @param {Step[]} trace
   * @returns {Promise<boolean>}
   */
  async show(before, move, trace) {
    const game = this.session.game;
    if (!game) return false;
    const { el, m } = this.ctx;
    const after = game.state();
    const token = { cancelled: false };
    this.token = token;
    el.splitOffer.hidden = true;
    this.update({ phase: 'moving', preview: null, previewPit: null, notice: '', noticeIsError: false, banner: '', splitOffer: null });
    this.session.autosave();
    const sum = summarize(trace);
    await animate(trace, before, {
      speed: () => this.s.settings.speed,
      reduced: this.reduced,
      token,
      onFrame: (frame) => {
        if (token === this.token) {
          this.update({ frame: { ...frame, board: frame.board.slice(), stores: { ...frame.stores }, flights: frame.flights.slice() } });
        }
      },
      onEvent: (step) => {
        if (token === this.token && this.s.variant) this.update({ banner: banner(this.ctx.m, step, after, trace, this.s.variant) });
      },
    });
    if (token !== this.token) return false;
    const hadFocus = el.pits.contains(this.ctx.doc.activeElement);
    // C-6: say when one more repetition would end the game.
    const notice = this.s.variant && nearRepetition(after, this.s.variant) ? m.t('narrate.seenTwice') : '';
    const lastMove = move === 'split' ? null : { origin: sum.origin, last: sum.last };
    this.update({ phase: 'idle', lastMove, game: after, frame: null, banner: '', focus: null, notice });
    if (hadFocus) this.board.focus();
    this.ctx.announce(`${describeMove(this.ctx.m, before, move, trace, after.end, false)} ${this.whereNow()}`);
    for (const listener of this.listeners) listener(move, after);
    return true;
  }

  /** Who moves now, or how the game ended, in words. */
  whereNow() {
    const { game: g, seating, variant } = this.s;
    if (!g || !variant) return '';
    return g.over ? resultLine(this.ctx.m, seating, g) : turnLine(this.ctx.m, seating, g, variant);
  }

  /**
   * After a move, a load or a change of mind: the end, the computer, or a
   * forced move.
   * @param {boolean} [played] a move has just been played
   */
  next(played = false) {
    const s = this.s;
    const g = s.game;
    if (!g || s.phase === 'moving' || s.phase === 'ritual' || s.viewOnly) return;
    if (g.over) {
      if (played && !this.ctx.el.end.open) this.showEnd();
      return;
    }
    if (s.phase === 'paused' || !g.toMove) return;
    if (controller(s.seating, g.toMove) === 'computer') {
      this.computerMove();
    } else if (g.forced !== null && playsForcedMoves(s.settings, s.seating)) {
      const { epoch, ply } = { epoch: s.epoch, ply: g.ply };
      const forced = g.forced;
      setTimeout(
        () => {
          const now = this.s;
          const still = playsForcedMoves(now.settings, now.seating);
          if (still && epoch === now.epoch && now.game?.ply === ply && now.phase === 'idle') this.playMove(forced);
        },
        s.settings.speed === 'instant' ? 0 : 400,
      );
    }
  }

  async computerMove() {
    const game = this.session.game;
    const g = this.s.game;
    if (!game || !g) return;
    const epoch = this.bump();
    const ply = g.ply;
    this.update({ thinking: true });
    try {
      const [thought] = await Promise.all([
        this.computer.think(game.save(), this.s.seating.level),
        sleep(this.s.settings.speed === 'instant' ? 0 : 450),
      ]);
      if (epoch !== this.s.epoch || this.s.game?.ply !== ply) return;
      this.update({ thinking: false });
      // Al-manqala (AM-9): the computer that would rather split plays its move, then proposes.
      const proposes = this.split?.proposes(thought, g) ?? false;
      await this.playMove(thought.move);
      if (proposes && this.session.game === game) this.split?.proposeAfter(g);
    } catch {
      if (epoch !== this.s.epoch) return;
      this.update({ phase: 'paused', thinking: false, notice: this.ctx.m.t('computer.failed'), noticeIsError: true });
    }
  }

  /** Stops whatever the computer was about to do. */
  interrupt() {
    this.bump();
    this.computer.cancel();
    if (this.s.thinking) this.update({ thinking: false });
  }

  /** Lets the computer move again after a pause. */
  resume() {
    if (this.s.phase === 'paused') this.update({ phase: 'idle' });
    this.next();
  }

  /**
   * Whether the undo/redo cursor should keep moving past this position
   * (the computer's turns, against the computer).
   */
  skipsComputer() {
    const { game: g, seating } = this.s;
    return Boolean(seating.mode === 'computer' && g && g.toMove && controller(seating, g.toMove) === 'computer');
  }

  /** Whether the record may be stepped through now. */
  idle() {
    return Boolean(this.session.game) && this.s.phase !== 'moving' && this.s.phase !== 'ritual';
  }

  undo() {
    const game = this.session.game;
    if (!game || !this.idle()) return;
    this.interrupt();
    if (!game.undo()) return;
    this.refresh();
    while (this.skipsComputer() && this.s.game?.canUndo) {
      game.undo();
      this.refresh();
    }
    this.afterNavigation();
  }

  /** Replays the next undone move, animated (against the computer, its reply too). */
  async redo() {
    const game = this.session.game;
    if (!game || !this.idle()) return;
    this.interrupt();
    const epoch = this.s.epoch;
    do {
      const before = this.s.game;
      const move = before && before.ply < before.moves.length ? before.moves[before.ply].move : null;
      if (!before || move === null) break;
      const trace = game.preview(move).trace ?? [];
      if (!game.redo()) break;
      if (!(await this.show(before, move, trace)) || epoch !== this.s.epoch) return;
    } while (this.skipsComputer() && this.s.game?.canRedo);
    this.afterNavigation(false);
  }

  /** @param {number} ply */
  jump(ply) {
    const game = this.session.game;
    if (!game || !this.idle()) return;
    this.interrupt();
    if (!game.jump(ply)) return;
    this.refresh();
    this.afterNavigation();
  }

  /** Reads the engine's state after undo, redo or jump. */
  refresh() {
    const game = this.session.game;
    if (!game) return;
    this.ctx.el.splitOffer.hidden = true;
    this.update({
      game: game.state(),
      lastMove: null,
      preview: null,
      previewPit: null,
      notice: '',
      noticeIsError: false,
      splitOffer: null,
      banner: '',
    });
  }

  /**
   * After undo, redo or jump: the computer waits until asked, the game is saved.
   * @param {boolean} [announce] say where the game now is (redo has said what it replayed)
   */
  afterNavigation(announce = true) {
    const { game: g, seating } = this.s;
    if (!g) return;
    const paused = Boolean(g.toMove && controller(seating, g.toMove) === 'computer');
    this.update({ phase: paused ? 'paused' : 'idle' });
    this.session.autosave();
    if (g.over) this.update({ notice: resultLine(this.ctx.m, seating, g) });
    if (announce) this.ctx.announce(`${this.ctx.m.t('narrate.at', { ply: g.ply })} ${this.whereNow()}`);
  }

  /**
   * Shows the dry run of a pit: where it ends, laps, captures, or why not.
   * @param {number | null} pit
   * @param {boolean} [always] even when it is not the human's turn
   */
  showPreview(pit, always = false) {
    const s = this.s;
    const game = this.session.game;
    if (pit === null || !s.game || !game || s.phase === 'moving') {
      if (s.previewPit !== null) this.update({ preview: null, previewPit: null });
      return;
    }
    if (!always && !humanTurn(s)) return;
    this.update({ preview: game.preview(pit), previewPit: pit });
  }
}
