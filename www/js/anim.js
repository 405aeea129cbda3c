// @ts-check
/**
 * Plays a move's trace seed by seed: each lift (a new lap), each seed
 * dropped, each capture flying to the capturing side, extra moves, passes
 * and the end. Seeds are interchangeable, so only the engine's trace can
 * show relay laps; this module reads it and never decides anything.
 * @module anim
 */

/** @typedef {import('./engine.js').Step} Step */
/** @typedef {import('./state.js').Frame} Frame */
/** @typedef {import('./state.js').Speed} Speed */

/**
 * Milliseconds per step at each speed; `budget` caps the sowing of one
 * long relay move, which then plays faster.
 */
export const TIMING = {
  slow: { lift: 650, sow: 420, capture: 900, notice: 1500, budget: 24000 },
  normal: { lift: 320, sow: 190, capture: 560, notice: 950, budget: 9000 },
  fast: { lift: 120, sow: 70, capture: 260, notice: 520, budget: 3500 },
  instant: { lift: 0, sow: 0, capture: 0, notice: 0, budget: 0 },
};

/**
 * What a running animation listens to: `cancelled` (the game was replaced)
 * or `skip` (the player wants the move finished) end it at once; `wake`,
 * set while it pauses, cuts the current pause short.
 * @typedef {{cancelled: boolean, skip?: boolean, wake?: (() => void) | null}} Token
 */

/**
 * A pause that ends early when the token is cancelled, skipped or woken.
 * @param {number} ms
 * @param {Token} token
 * @returns {Promise<void>}
 */
function pause(ms, token) {
  if (ms <= 0 || token.cancelled || token.skip) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      token.wake = null;
      resolve();
    };
    const timer = setTimeout(done, ms);
    token.wake = done;
  });
}

/**
 * Finishes a running animation at once (every event is still reported).
 * @param {Token} token
 */
export function finish(token) {
  token.skip = true;
  token.wake?.();
}

/**
 * Cuts the current pause short, so that a change of speed applies at once.
 * @param {Token} token
 */
export function hurry(token) {
  token.wake?.();
}

/**
 * @typedef {object} AnimOptions
 * @property {() => Speed} speed  read at every step, so a change applies mid-move
 * @property {boolean} reduced  prefers-reduced-motion: no gliding, no flying
 * @property {(frame: Frame) => void} onFrame  called after each change
 * @property {(step: Step, frame: Frame) => void} onEvent  laps after the first, captures, extra moves, passes, the end
 * @property {Token} token  see {@link finish}
 * @property {() => number} [now]
 */

/**
 * Plays `trace` from `start`. Resolves when done (at once at "instant",
 * when cancelled or finished, with every event still reported).
 * @param {Step[]} trace
 * @param {{board: number[], stores: {south: number, north: number}}} start
 * @param {AnimOptions} opts
 * @returns {Promise<void>}
 */
export async function animate(trace, start, opts) {
  const now = opts.now ?? (() => performance.now());
  const sows = trace.reduce((n, s) => n + (s.type === 'sow' ? 1 : 0), 0);
  const lifts = trace.reduce((n, s) => n + (s.type === 'lift' ? 1 : 0), 0);
  /** The step times at the current speed; a long relay move is squeezed into the budget. */
  const timing = () => {
    const base = TIMING[opts.speed()] ?? TIMING.normal;
    const sowTime = sows * base.sow + lifts * base.lift;
    const squeeze = sowTime > base.budget && sowTime > 0 ? base.budget / sowTime : 1;
    return { lift: base.lift * squeeze, sow: base.sow * squeeze, capture: base.capture, notice: base.notice };
  };
  /** @type {Frame} */
  const frame = {
    board: start.board.slice(),
    stores: { ...start.stores },
    hand: null,
    flights: [],
    last: null,
    lap: 0,
    origin: null,
  };
  // Steps shorter than a frame are batched: time owed is paid once it adds up.
  let owed = 0;
  const wait = async (/** @type {number} */ ms) => {
    if (opts.token.cancelled || opts.token.skip) return;
    owed += ms;
    if (owed >= 16) {
      const ms2 = owed;
      owed = 0;
      opts.onFrame(frame);
      await pause(ms2, opts.token);
    }
  };
  for (const step of trace) {
    const fast = opts.token.cancelled || Boolean(opts.token.skip) || opts.speed() === 'instant';
    const t = timing();
    switch (step.type) {
      case 'lift': {
        frame.board[step.pit] = 0;
        frame.lap = step.lap;
        if (frame.origin === null) frame.origin = step.pit;
        frame.hand = { from: step.pit, pit: step.pit, seeds: step.seeds, t0: now(), dur: 0 };
        if (step.lap > 1) opts.onEvent(step, frame);
        if (!fast) await wait(t.lift);
        break;
      }
      case 'sow': {
        const hand = frame.hand;
        const glide = fast || opts.reduced ? 0 : Math.min(t.sow, 240);
        frame.hand = {
          from: hand ? hand.pit : step.pit,
          pit: step.pit,
          seeds: hand ? Math.max(0, hand.seeds - 1) : 0,
          t0: now(),
          dur: glide,
        };
        frame.board[step.pit] += 1;
        frame.last = step.pit;
        if (!fast) await wait(t.sow);
        break;
      }
      case 'capture': {
        frame.board[step.pit] = 0;
        const dur = fast || opts.reduced ? 0 : t.capture;
        frame.flights.push({ pit: step.pit, to: step.to, seeds: step.seeds, t0: now(), dur });
        opts.onEvent(step, frame);
        if (!fast) {
          opts.onFrame(frame);
          await pause(opts.reduced ? t.capture / 2 : t.capture, opts.token);
        }
        frame.stores[step.to] += step.seeds;
        break;
      }
      case 'extra-move':
      case 'pass':
      case 'end': {
        frame.hand = null;
        opts.onEvent(step, frame);
        if (!fast) {
          opts.onFrame(frame);
          await pause(t.notice, opts.token);
        }
        break;
      }
    }
  }
  frame.hand = null;
  opts.onFrame(frame);
  if (owed > 0) await pause(owed, opts.token);
}
