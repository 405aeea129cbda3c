// @ts-check
/**
 * Mangala IV's opening ritual, "Tek mi, Çift mi?" (MG-3), as a real step
 * of the game: one player hides one or two counters, the other guesses odd
 * or even, and the engine says who decides the sides. Skippable at every
 * step. Runs in a panel beside the board, so a random setup can be studied
 * while choosing a side.
 * @module ritual
 */

import { said } from './narrate.js';

/** @typedef {import('./engine.js').Side} Side */
/** @typedef {import('./state.js').Seating} Seating */
/** @typedef {import('./i18n.js').Messages} Messages */

/**
 * @typedef {object} RitualElements
 * @property {HTMLElement} section
 * @property {HTMLElement} title
 * @property {HTMLElement} text
 * @property {HTMLElement} fist
 * @property {HTMLElement} actions
 */

/**
 * @typedef {object} RitualEngine
 * @property {(hidden: 1 | 2, guess: 'odd' | 'even') => 'challenger' | 'guesser'} chooser
 * @property {(chooser: 'challenger' | 'guesser', side: Side) => {south: 'challenger' | 'guesser', north: 'challenger' | 'guesser'}} seats
 * @property {() => 1 | 2} hidden a random one or two
 * @property {() => Promise<Side>} side the side the computer takes when it decides
 * @property {() => import('../pkg/mancala_wasm.js').PositionView | null} decided how the game ends
 *   under forced play (MG-4), played out; null with free choice
 */

const SKIP = Symbol('skip');

/**
 * Plays the ritual. Resolves with who sits where, or null when skipped.
 * @param {RitualElements} el
 * @param {Messages} m
 * @param {Seating} seating mode 'two' or 'computer'
 * @param {Side} first the side that moves first
 * @param {RitualEngine} engine
 * @param {(text: string) => void} announce
 * @returns {Promise<{south: string, north: string} | null>}
 */
export async function runRitual(el, m, seating, first, engine, announce) {
  const computer = seating.mode === 'computer';
  const [a, b] = computer ? ['you', 'computer'] : ['p1', 'p2'];
  const name = (/** @type {string} */ who) => m.t(`player.${who}`);
  const human = (/** @type {string} */ who) => who !== 'computer';
  el.section.hidden = false;
  el.title.textContent = m.t('ritual.title');

  /**
   * Shows `text` and buttons; resolves with the chosen value.
   * @template T
   * @param {string} text
   * @param {[T, string][]} choices
   * @param {boolean} [skippable]
   * @returns {Promise<T | typeof SKIP>}
   */
  const ask = (text, choices, skippable = true) =>
    new Promise((resolve) => {
      el.text.textContent = text;
      announce(text);
      const buttons = choices.map(([value, label], i) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = label;
        if (i === 0) button.className = 'primary';
        button.addEventListener('click', () => resolve(value));
        return button;
      });
      if (skippable) {
        const skip = document.createElement('button');
        skip.type = 'button';
        skip.textContent = m.t('ritual.skip');
        skip.dataset.ritual = 'skip';
        skip.addEventListener('click', () => resolve(SKIP));
        buttons.push(skip);
      }
      el.actions.replaceChildren(...buttons);
      buttons[0]?.focus({ preventScroll: true });
    });

  /** @param {number | null} counters null: a closed fist */
  const showFist = (counters) => {
    if (counters === null) {
      const fist = document.createElement('div');
      fist.className = 'closed';
      el.fist.replaceChildren(fist);
    } else {
      el.fist.replaceChildren(
        ...Array.from({ length: counters }, () => {
          const c = document.createElement('div');
          c.className = 'counter';
          return c;
        }),
      );
    }
  };

  try {
    el.fist.replaceChildren();
    // 1. Who hides the counters?
    const challenger = await ask(m.t('ritual.intro'), [
      [a, computer ? m.t('ritual.youHide') : m.t('ritual.playerHides', { player: name(a) })],
      [b, computer ? m.t('ritual.computerHides') : m.t('ritual.playerHides', { player: name(b) })],
    ]);
    if (challenger === SKIP) return null;
    const guesser = challenger === a ? b : a;

    // 2. Hiding.
    /** @type {1 | 2} */
    let hidden;
    if (human(challenger)) {
      const text = computer ? m.t('ritual.hideYou') : m.t('ritual.hidePlayer', { player: name(challenger), other: name(guesser) });
      const n = await ask(text, [
        [/** @type {1 | 2} */ (1), m.t('ritual.one')],
        [/** @type {1 | 2} */ (2), m.t('ritual.two')],
      ]);
      if (n === SKIP) return null;
      hidden = n;
    } else {
      hidden = engine.hidden();
    }
    showFist(null);

    // 3. The guess.
    /** @type {'odd' | 'even'} */
    let guess;
    if (human(guesser)) {
      const text = human(challenger) ? m.t('ritual.guessPlayer', { player: name(guesser) }) : m.t('ritual.guessComputerHid');
      const g = await ask(text, [
        [/** @type {'odd' | 'even'} */ ('odd'), m.t('ritual.odd')],
        [/** @type {'odd' | 'even'} */ ('even'), m.t('ritual.even')],
      ]);
      if (g === SKIP) return null;
      guess = g;
    } else {
      guess = engine.hidden() === 1 ? 'odd' : 'even';
    }

    // 4. The reveal: the engine says who decides (MG-3).
    const role = engine.chooser(hidden, guess);
    const decider = role === 'guesser' ? guesser : challenger;
    showFist(hidden);
    // Each sentence in the person of the player it is about: "You guessed", "the computer chooses".
    const reveal = `${m.t(hidden === 1 ? 'ritual.revealOne' : 'ritual.revealTwo')} ${said(m, 'ritual.guessed', guesser, {
      guess: m.t(`ritual.guessWord.${guess}`),
    })}`;
    const verdict = said(m, role === 'guesser' ? 'ritual.rightGuess' : 'ritual.wrongGuess', decider);

    // 5. The decider takes a side (a challenger assigns the rows).
    /** @type {Side} */
    let side;
    if (human(decider)) {
      /** @type {[Side, string][]} */
      const sides = [
        ['south', m.t(first === 'south' ? 'ritual.takeSouthFirst' : 'ritual.takeSouth')],
        ['north', m.t(first === 'north' ? 'ritual.takeNorthFirst' : 'ritual.takeNorth')],
      ];
      const s = await ask(`${reveal} ${verdict}`, sides);
      if (s === SKIP) return null;
      side = s;
    } else {
      // The computer's search weighs both sides (with forced play, exactly).
      side = await engine.side();
    }
    const seats = engine.seats(role, side);
    const who = { challenger, guesser };
    const players = { south: who[seats.south], north: who[seats.north] };

    // 6. The result.
    // Worded by who plays South: the pair is you and the computer, or Player 1 and Player 2.
    const seated = said(m, 'ritual.done', players.south, {
      south: name(players.south),
      north: name(players.north),
      first: m.t(`side.${first}`),
    });
    // Under forced play the choice decided the game (MG-4, MG-9): say how, so it can be checked.
    const end = engine.decided();
    const done = end ? `${seated} ${decidedText(m, end, players)}` : seated;
    const start = await ask(human(decider) ? done : `${reveal} ${verdict} ${done}`, [[true, m.t('ritual.start')]], false);
    void start;
    return players;
  } finally {
    el.section.hidden = true;
    el.actions.replaceChildren();
  }
}

/**
 * How a game under forced play ends, as the ritual says it once the sides are taken (MG-4):
 * who wins and by how much, in the winner's person, or the draw.
 * @param {Messages} m
 * @param {import('../pkg/mancala_wasm.js').PositionView} end the played-out end
 * @param {{south: string, north: string}} players who sits where
 * @returns {string}
 */
export function decidedText(m, end, players) {
  const { south, north } = end.stores;
  const winner = end.end?.winner;
  if (!winner) return m.t('ritual.decidedDraw', { a: south, b: north });
  const [a, b] = winner === 'south' ? [south, north] : [north, south];
  return said(m, 'ritual.decided', players[winner], { side: m.t(`side.${winner}`), a, b });
}
