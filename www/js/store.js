// @ts-check
/**
 * The one way to change the page's state: `update` merges a patch into the
 * state object and schedules a single redraw per frame.
 * @module store
 */

/** @typedef {import('./state.js').AppState} AppState */

export class Store {
  /**
   * @param {AppState} state
   * @param {(now: number) => void} [paint] the redraw, called at most once a frame
   */
  constructor(state, paint = () => {}) {
    this.state = state;
    this.paint = paint;
    /** Whether the DOM lags behind the state (the canvas is redrawn every frame anyway). */
    this.dirty = true;
    /** @private */
    this.raf = 0;
  }

  /**
   * Changes the state and schedules one redraw.
   * @param {Partial<AppState>} patch
   */
  update(patch) {
    Object.assign(this.state, patch);
    this.dirty = true;
    this.schedule();
  }

  /** Asks for a redraw in the next frame (once, however often asked). */
  schedule() {
    this.raf ||= requestAnimationFrame((now) => {
      this.raf = 0;
      this.paint(now);
    });
  }

  /**
   * Draws now the redraw asked for, if any, instead of at the next frame (the page's first: its work
   * done at once, not after waiting for the display's next refresh).
   */
  flush() {
    if (!this.raf) return;
    cancelAnimationFrame(this.raf);
    this.raf = 0;
    this.paint(performance.now());
  }

  /** Cancels the redraw asked for. */
  stop() {
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = 0;
  }
}
