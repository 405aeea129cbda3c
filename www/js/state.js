// @ts-check
/**
 * The page's state as plain data (no DOM, no wasm), and pure helpers that
 * read it. The app changes it only through its one `update` function.
 * @module state
 */

/** @typedef {import('./engine.js').Side} Side */
/** @typedef {import('./engine.js').GameState} GameState */
/** @typedef {import('./engine.js').Options} Options */
/** @typedef {import('./engine.js').Preview} Preview */
/** @typedef {import('./engine.js').Step} Step */

/** Animation speeds, slowest first. */
export const SPEEDS = /** @type {const} */ (['slow', 'normal', 'fast', 'instant']);
/** @typedef {typeof SPEEDS[number]} Speed */

/** The computer's level of a first game: the engine's second, a gentle start. */
export const DEFAULT_LEVEL = 2;

/** Play modes. */
export const MODES = /** @type {const} */ (['two', 'computer', 'demo']);
/** @typedef {typeof MODES[number]} Mode */

/**
 * How a game was set up: what the engine does not need to know.
 * @typedef {object} Seating
 * @property {Mode} mode
 * @property {Side} human  the human's side against the computer
 * @property {number} level
 * @property {{south: string, north: string}} players  who sits where: 'p1', 'p2', 'you', 'computer'
 */

/**
 * What the canvas shows while a move plays out.
 * @typedef {object} Frame
 * @property {number[]} board
 * @property {{south: number, north: number}} stores
 * @property {{from: number, pit: number, seeds: number, t0: number, dur: number} | null} hand
 * @property {{pit: number, to: Side, seeds: number, t0: number, dur: number}[]} flights
 * @property {number | null} last  the pit the latest seed fell into
 * @property {number} lap
 * @property {number | null} origin  the pit the move started from
 */

/**
 * @typedef {object} Settings
 * @property {Speed} speed
 * @property {boolean | null} autoForced  play Mangala IV's forced pit automatically (null: not
 *   chosen, which means yes against the computer: see {@link playsForcedMoves})
 * @property {boolean} ritual  hold Mangala IV's opening ritual
 */

/**
 * What the page is doing: nothing in particular (`idle`), playing out a
 * move (`moving`), holding Mangala IV's ritual (`ritual`), or waiting to be
 * asked before the computer moves (`paused`: after undo, or a failure).
 * @typedef {'idle' | 'moving' | 'ritual' | 'paused'} Phase
 */

/**
 * Where the autosave stands: nothing written yet (`off`), written and other
 * tabs' autosaves heard (`on`), or refused by the browser and the player
 * told so, once (`refused`: still tried after every change, still hearing
 * other tabs).
 * @typedef {'off' | 'on' | 'refused'} Saving
 */

/**
 * @typedef {object} AppState
 * @property {string} lang
 * @property {Phase} phase
 * @property {Saving} saving
 * @property {number} epoch  changes whenever the game is replaced or the computer is asked, so
 *   that stale answers are dropped
 * @property {{origin: number | null, last: number | null} | null} lastMove  where the last move
 *   shown started and ended
 * @property {import('./chooser.js').Choice | null} lastChoice  what the "New game" dialog chose last
 * @property {Settings} settings
 * @property {Seating} seating
 * @property {GameState | null} game  the engine's truth
 * @property {import('./engine.js').VariantInfo | null} variant  the engine's description of the game shown
 * @property {Frame | null} frame  set while a move animates
 * @property {boolean} thinking  the computer is choosing a move
 * @property {number | null} focus  the pit with keyboard focus
 * @property {number | null} hover  the pit under the pointer
 * @property {Preview | null} preview  of `focus` or `hover`
 * @property {number | null} previewPit
 * @property {string} banner  a short line shown on the board (extra move, pass, lap)
 * @property {string} notice  a message for the player (errors included)
 * @property {boolean} noticeIsError
 * @property {{proposer: Side} | null} splitOffer  Al-manqala: a split proposed, awaiting an answer
 * @property {number | null} splitDeclined  seeds captured when a split was last declined
 * @property {boolean} viewOnly  embedding: no input
 * @property {boolean} hintOn  the Hint button is pressed: each position of a human's turn shows its hints
 * @property {import('./hint.js').HintView | null} hint  the hints of one position (hint.js)
 */

/** @returns {AppState} */
export function createState() {
  return {
    lang: 'en',
    phase: 'idle',
    saving: 'off',
    epoch: 0,
    lastMove: null,
    lastChoice: null,
    settings: { speed: 'normal', autoForced: null, ritual: true },
    seating: { mode: 'two', human: 'south', level: DEFAULT_LEVEL, players: { south: 'p1', north: 'p2' } },
    game: null,
    variant: null,
    frame: null,
    thinking: false,
    focus: null,
    hover: null,
    preview: null,
    previewPit: null,
    banner: '',
    notice: '',
    noticeIsError: false,
    splitOffer: null,
    splitDeclined: null,
    viewOnly: false,
    hintOn: false,
    hint: null,
  };
}

/**
 * @param {Side} side
 * @returns {Side}
 */
export function other(side) {
  return side === 'south' ? 'north' : 'south';
}

/**
 * The row a pit belongs to (C-1: South owns 0 .. n-1).
 * @param {number} pit
 * @param {number} n pits per row
 * @returns {Side}
 */
export function sideOf(pit, n) {
  return pit < n ? 'south' : 'north';
}

/**
 * Who plays a side: 'human' or 'computer'.
 * @param {Seating} seating
 * @param {Side} side
 * @returns {'human' | 'computer'}
 */
export function controller(seating, side) {
  if (seating.mode === 'two') return 'human';
  if (seating.mode === 'demo') return 'computer';
  return side === seating.human ? 'human' : 'computer';
}

/**
 * Whether a human may play now, or would but for a pause.
 * @param {AppState} s
 */
export function humanTurn(s) {
  const g = s.game;
  // A proposal of the split (AM-9) waits for the other player's answer, who may also play on.
  const awaitingAnswer = s.splitOffer?.proposer === g?.toMove;
  const busy = s.phase === 'moving' || s.phase === 'ritual';
  return Boolean(g?.toMove && !busy && !s.viewOnly && !awaitingAnswer && controller(s.seating, g.toMove) === 'human');
}

/**
 * Whether the board takes a human's move now.
 * @param {AppState} s
 */
export function canPlay(s) {
  return humanTurn(s) && s.phase !== 'paused';
}

/**
 * Whether a forced move (MG-4) plays itself: as the player set it, else
 * against the computer (a human waiting to click the only pit while the
 * computer replies at once is no game), not between two people.
 * @param {Settings} settings
 * @param {Seating} seating
 */
export function playsForcedMoves(settings, seating) {
  return settings.autoForced ?? seating.mode !== 'two';
}

/**
 * What a move's trace does, read step by step: laps, where the last seed
 * fell, captures, extra moves and passes. Reads the engine's trace only.
 * @param {Step[]} trace
 */
export function summarize(trace) {
  let laps = 0;
  let sown = 0;
  /** @type {number | null} */
  let last = null;
  /** @type {number | null} */
  let origin = null;
  /** @type {{pit: number, seeds: number, to: Side, kind: string}[]} */
  const captures = [];
  /** @type {Side | null} */
  let extra = null;
  /** @type {Side[]} */
  const passes = [];
  let ended = false;
  for (const step of trace) {
    switch (step.type) {
      case 'lift':
        laps = Math.max(laps, step.lap);
        if (origin === null) origin = step.pit;
        break;
      case 'sow':
        sown += 1;
        last = step.pit;
        break;
      case 'capture':
        captures.push({ pit: step.pit, seeds: step.seeds, to: step.to, kind: step.kind });
        break;
      case 'extra-move':
        extra = step.side;
        break;
      case 'pass':
        passes.push(step.side);
        break;
      case 'end':
        ended = true;
        break;
    }
  }
  const taken = { south: 0, north: 0 };
  for (const c of captures) if (c.kind !== 'settle') taken[c.to] += c.seeds;
  return { laps, sown, last, origin, captures, taken, extra, passes, ended };
}

/**
 * The seating a finished ritual gives (MG-3): the chooser takes `side`.
 * @param {{south: 'challenger' | 'guesser', north: 'challenger' | 'guesser'}} seats
 * @param {{challenger: string, guesser: string}} who player ids of each role
 * @returns {{south: string, north: string}}
 */
export function seatPlayers(seats, who) {
  return { south: who[seats.south], north: who[seats.north] };
}

/**
 * Who sits where before any ritual.
 * @param {Seating['mode']} mode
 * @param {Side} human
 * @returns {{south: string, north: string}}
 */
export function seatsFor(mode, human) {
  if (mode === 'two') return { south: 'p1', north: 'p2' };
  if (mode === 'demo') return { south: 'computer', north: 'computer' };
  return human === 'south' ? { south: 'you', north: 'computer' } : { south: 'computer', north: 'you' };
}
