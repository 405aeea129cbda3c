// @ts-check
/**
 * The board on screen: fits the canvas to its container and the window,
 * and draws each frame from the state (the canvas by render.js, the DOM
 * around it by view.js when the state changed).
 * @module board
 */

import { layout } from './geometry.js';
import { draw, isMoving } from './render.js';
import { canPlay, humanTurn, playsForcedMoves, summarize } from './state.js';
import { placePits, sync } from './view.js';

/** @typedef {import('./app.js').Context} Context */
/** @typedef {import('./geometry.js').Geometry} Geometry */

export class Board {
  /** @param {Context} ctx */
  constructor(ctx) {
    this.ctx = ctx;
    this.canvas = /** @type {CanvasRenderingContext2D} */ (ctx.el.canvas.getContext('2d'));
    /** Where the board is drawn: null until its first frame, then replaced, never dropped. @type {Geometry | null} */
    this.geo = null;
    /** Whether `geo` belongs to a game or a size no longer shown: the next frame lays the board out anew. */
    this.stale = false;
    /** The viewport height `geo` was fitted to. */
    this.fitted = 0;
  }

  /** The next frame lays the board out anew; until then the geometry drawn stays (tools and input read it). */
  refit() {
    this.stale = true;
    this.ctx.store.dirty = true;
    this.ctx.store.schedule();
  }

  /** Refits when the container's width or the window's height has changed. */
  resized() {
    const width = this.ctx.el.board.clientWidth;
    const height = this.ctx.doc.documentElement.clientHeight;
    if (this.geo && Math.abs(width - this.geo.width) < 1 && height === this.fitted) return;
    this.refit();
  }

  /** Whether the board is turned so that a human playing North sits at the bottom. */
  flipped() {
    const s = this.ctx.store.state.seating;
    return s.mode === 'computer' && s.human === 'north';
  }

  /** @param {number} now */
  paint(now) {
    const { store, el, doc } = this.ctx;
    const s = store.state;
    if (!s.game) return;
    const g0 = this.geo;
    if (!g0 || this.stale || g0.n !== s.game.pitsPerRow || g0.stores !== s.game.storesOnBoard || g0.flipped !== this.flipped()) {
      this.resize();
    }
    const geo = /** @type {Geometry} */ (this.geo);
    const preview = s.preview;
    const sum = preview?.legal && preview.trace ? summarize(preview.trace) : null;
    const playable = canPlay(s);
    draw(
      this.canvas,
      geo,
      {
        board: s.game.board,
        stores: s.game.stores,
        legal: playable ? s.game.legal : [],
        forced: playable ? s.game.forced : null,
        previewPit: s.previewPit,
        previewLegal: Boolean(preview?.legal),
        target: sum ? sum.last : null,
        captures: sum ? sum.captures.filter((c) => c.kind !== 'settle').map((c) => c.pit) : [],
        frame: s.frame,
        lastMove: s.lastMove,
      },
      devicePixelRatio || 1,
      now,
    );
    if (store.dirty) {
      this.syncDom();
      el.setForced.checked = playsForcedMoves(s.settings, s.seating);
    }
    if (isMoving(s.frame, now)) store.schedule();
    if (doc.documentElement.dataset.ready !== 'true') {
      doc.documentElement.dataset.ready = 'true';
      performance.mark('mancala-atlas:interactive');
    }
  }

  /** @private */
  syncDom() {
    this.ctx.store.dirty = false;
    sync(this.ctx.el, this.ctx.store.state, this.ctx.m);
  }

  /** Recomputes the board's geometry for the container's size. */
  resize() {
    const { store, el, doc } = this.ctx;
    const g = store.state.game;
    if (!g) return;
    // The texts around the board first: their height is what the board may not take.
    if (store.dirty) this.syncDom();
    const width = el.board.clientWidth || 320;
    // Room: the viewport (without the mobile URL bar's changes) less the page from its top to the
    // controls' bottom, board excepted. An embed has no trays (the player bars show captures) and
    // always fits, so a frame that cannot resize shows it all; the site keeps pits big enough to touch.
    const embed = doc.documentElement.classList.contains('embed');
    this.fitted = doc.documentElement.clientHeight;
    const controls = doc.getElementById('controls')?.getBoundingClientRect();
    const around = controls ? controls.bottom + scrollY - el.board.getBoundingClientRect().height : 0;
    const room = this.fitted - around - (embed ? 4 : 8);
    const opts = { flipped: this.flipped(), trays: !embed, touch: !embed };
    this.geo = layout(g.pitsPerRow, g.storesOnBoard, width, room, opts);
    this.stale = false;
    const dpr = devicePixelRatio || 1;
    el.canvas.width = Math.round(this.geo.width * dpr);
    el.canvas.height = Math.round(this.geo.height * dpr);
    el.canvas.style.height = `${this.geo.height}px`;
    el.board.style.height = `${this.geo.height}px`;
    el.board.dataset.orientation = this.geo.vertical ? 'vertical' : 'horizontal';
    el.table.classList.toggle('upright', this.geo.vertical);
    el.table.classList.toggle('flipped', this.geo.flipped);
    placePits(el.pits, this.geo);
    store.dirty = true;
  }

  /** Gives the keyboard to the board's tab stop, when a human is to move. */
  focus() {
    requestAnimationFrame(() => {
      const b = /** @type {HTMLElement | null} */ (this.ctx.el.pits.querySelector('[tabindex="0"]'));
      if (b && humanTurn(this.ctx.store.state)) b.focus({ preventScroll: true });
    });
  }
}
