// @ts-check
/**
 * The computer player: a Web Worker (`ai.worker.js`) with its own wasm
 * instance, so the page never waits for the search. Protocol:
 * `{type: 'think', id, save, level}` → `{type: 'move', id, ...thought}` ({@link Thought});
 * `{type: 'hints', id, save, level, ply?}` → `{type: 'hints', id, hints}` ({@link Hint}s; of the
 * position after `ply` moves of the save's record when given, else of the save's own position);
 * `{type: 'split', id, save, side, level}` → `{type: 'split', id, accept}`;
 * `{type: 'side', id, save, level}` → `{type: 'side', id, side}`;
 * any failure → `{type: 'error', id, message}`.
 * @module computer
 */

/**
 * A move chosen, with what the search thinks of it (the worker's wasm declares it). Al-manqala
 * (AM-9): `proposeSplit` only in a loop (no capture in the last 20 plies nor in its search's
 * line); if declined it plays `move`. It proposes again on every move of the same loop: the page
 * asks once until a capture.
 * @typedef {import('../pkg/mancala_worker.js').Thought} Thought
 */
/** @typedef {import('../pkg/mancala_worker.js').PitHint} Hint  what the search makes of one pit */

export class Computer {
  constructor() {
    /** @type {Worker | null} */
    this.worker = null;
    this.next = 1;
    /** @type {Map<number, {resolve: (v: any) => void, reject: (e: Error) => void, progress?: (stage: string) => void}>} */
    this.waiting = new Map();
  }

  /** @private */
  start() {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./ai.worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = (e) => {
      const msg = e.data ?? {};
      const job = this.waiting.get(msg.id);
      if (!job) return; // cancelled
      if (msg.type === 'progress') return job.progress?.(String(msg.stage));
      this.waiting.delete(msg.id);
      if (msg.type === 'error') job.reject(new Error(String(msg.message)));
      else job.resolve(msg);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      this.fail(new Error(e.message || 'the computer player could not start'));
    };
    this.worker = worker;
    return worker;
  }

  /**
   * @private
   * @param {Error} err
   */
  fail(err) {
    for (const job of this.waiting.values()) job.reject(err);
    this.waiting.clear();
    this.worker?.terminate();
    this.worker = null;
  }

  /**
   * @private
   * @param {Record<string, unknown>} msg
   * @param {(stage: string) => void} [progress]  told of a stage of a long answer (`tables`: the endgame tables load)
   */
  ask(msg, progress) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, progress });
      this.start().postMessage({ ...msg, id });
    });
  }

  /**
   * Chooses a move for the player to move in `save`.
   * @param {string} save
   * @param {number} level
   * @returns {Promise<Thought>}
   */
  think(save, level) {
    return /** @type {Promise<Thought>} */ (this.ask({ type: 'think', save, level }));
  }

  /**
   * A hint for every pit of the player to move in `save`, searched as `level` searches.
   * @param {string} save
   * @param {number} level
   * @param {(stage: string) => void} [progress]  told when the answer waits for the endgame tables (`tables`)
   * @returns {Promise<Hint[]>}
   */
  async hints(save, level, progress) {
    const reply = /** @type {{hints: Hint[]}} */ (await this.ask({ type: 'hints', save, level }, progress));
    return reply.hints;
  }

  /**
   * The hints of the position after `ply` moves of the record in `save` (undone moves included),
   * as {@link hints} gives them: the analysis of a whole game sends one save, position by position.
   * @param {string} save
   * @param {number} ply
   * @param {number} level
   * @returns {Promise<Hint[]>}
   */
  async hintsAt(save, ply, level) {
    const reply = /** @type {{hints: Hint[]}} */ (await this.ask({ type: 'hints', save, level, ply }));
    return reply.hints;
  }

  /**
   * Whether the computer, playing `side`, accepts the split of Al-manqala
   * (AM-9) that its opponent proposes.
   * @param {string} save
   * @param {import('./engine.js').Side} side
   * @param {number} level
   * @returns {Promise<boolean>}
   */
  async acceptsSplit(save, side, level) {
    const reply = /** @type {{accept: boolean}} */ (await this.ask({ type: 'split', save, side, level }));
    return Boolean(reply.accept);
  }

  /**
   * Mangala IV's ritual (MG-3): the side the computer takes at the start of `save`.
   * @param {string} save
   * @param {number} level
   * @returns {Promise<import('./engine.js').Side>}
   */
  async chooseSide(save, level) {
    const reply = /** @type {{side: import('./engine.js').Side}} */ (await this.ask({ type: 'side', save, level }));
    return reply.side === 'north' ? 'north' : 'south';
  }

  /** Forgets every question in flight (their answers are ignored). */
  cancel() {
    this.waiting.clear();
  }

  /** Stops the worker. */
  terminate() {
    this.cancel();
    this.worker?.terminate();
    this.worker = null;
  }
}
