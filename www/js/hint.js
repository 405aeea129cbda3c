// @ts-check
/**
 * Hints (issue 11 §4): the Hint button asks the computer's worker for the
 * value of every legal move of the position shown, searched as Hard
 * searches, while the page stays usable; the board then marks the best
 * move and each legal pit's value, and a list under the board says in words
 * what each move captures, gives away, leaves open and whether it moves
 * again. Once asked for, hints follow the game (each new position of a
 * human's turn gets its own) until the button is pressed again; they are
 * off at the start of every page, a puzzle's too.
 * @module hint
 */

import { pitLetter } from './catalog.js';
import { humanTurn } from './state.js';

/** @typedef {import('./computer.js').Hint} Hint */
/** @typedef {import('./engine.js').GameState} GameState */
/** @typedef {import('./i18n.js').Messages} Messages */
/** @typedef {import('./state.js').AppState} AppState */
/** @typedef {import('./app.js').Context} Context */

/**
 * The level hints search at: Hard, the strongest whose search has a node
 * budget and no clock, so a position always gets the same hint.
 */
export const HINT_LEVEL = 4;

/** Scores beyond this are decided games: ±100 000 plus the final margin in centiseeds (mancala-ai `WIN`). */
const WIN = 100_000;

/**
 * The hints of one position, while they are searched (`hints` null) and after.
 * @typedef {object} HintView
 * @property {string} key  the position's {@link positionKey}
 * @property {number} epoch  the state's epoch when asked (a reset drops the question)
 * @property {Hint[] | null} hints
 * @property {boolean} failed
 * @property {boolean} [tables]  the answer waits for the endgame tables to load (the first time in an endgame)
 */

/**
 * Names the position shown: the game and the moves up to it.
 * @param {GameState} g
 */
export function positionKey(g) {
  return `${g.variant} ${JSON.stringify(g.start)} ${g.moves
    .slice(0, g.ply)
    .map((mv) => mv.move)
    .join('.')}`;
}

/**
 * What a score means, in seeds: a decided game's final margin, or the
 * search's estimate.
 * @param {number} score centiseeds, for the mover
 * @returns {{decided: boolean, seeds: number}}
 */
export function seedsOf(score) {
  if (score >= WIN / 2) return { decided: true, seeds: (score - WIN) / 100 };
  if (score <= -WIN / 2) return { decided: true, seeds: (score + WIN) / 100 };
  return { decided: false, seeds: Math.round(score / 10) / 10 };
}

/**
 * A move's value in words: "wins by 2 seeds", "about 1.5 seeds behind".
 * @param {Messages} m
 * @param {Hint} h a legal move's hint
 */
export function valueWords(m, h) {
  const score = h.score ?? 0;
  const { decided, seeds } = seedsOf(score);
  const n = Math.abs(seeds);
  if (decided) return m.t(score > 0 ? 'hint.wins' : 'hint.loses', { n: m.num(n) });
  if (seeds === 0) return m.t(h.exact ? 'hint.draw' : 'hint.even');
  return m.t(seeds > 0 ? 'hint.ahead' : 'hint.behind', { n: m.num(n) });
}

/**
 * A move's value as its pit's badge shows it, short enough for a small pit:
 * "+2", "−6", estimates to the nearest seed ("≈+2"); exact values end in "✓".
 * @param {Messages} m
 * @param {Hint} h
 */
export function valueBadge(m, h) {
  const { decided, seeds } = seedsOf(h.score ?? 0);
  const whole = decided || h.exact ? Math.abs(seeds) : Math.round(Math.abs(seeds));
  const sign = whole === 0 ? '' : seeds > 0 ? '+' : '\u2212';
  return `${decided || h.exact ? '' : '\u2248'}${sign}${m.num(whole)}${h.exact ? '\u2009\u2713' : ''}`;
}

/**
 * What a move does at once, in words.
 * @param {Messages} m
 * @param {Hint} h
 */
export function effectWords(m, h) {
  const parts = [];
  if (h.captures > 0) parts.push(m.t('hint.captures', { n: h.captures }));
  if (h.gives > 0) parts.push(m.t('hint.gives', { n: h.gives }));
  if (h.extraMove) parts.push(m.t('hint.extraMove'));
  if (h.exposes > 0) parts.push(m.t('hint.exposes', { n: h.exposes }));
  return parts.length ? parts.join(', ') : m.t('hint.quiet');
}

/**
 * One legal move's line: its pit, value (exact or searched) and effects.
 * @param {Messages} m
 * @param {Hint} h
 * @param {number} n pits per row
 */
export function hintLine(m, h, n) {
  return m.t(h.exact ? 'hint.lineExact' : 'hint.line', { pit: pitLetter(h.pit, n), value: valueWords(m, h), effects: effectWords(m, h) });
}

/**
 * The legal moves' hints, best first (ties in pit order).
 * @param {Hint[]} hints
 */
export function ranked(hints) {
  return hints.filter((h) => h.score !== null).sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || a.pit - b.pit);
}

/**
 * What the live region says when the hints arrive: the best move(s) and their value.
 * @param {Messages} m
 * @param {Hint[]} hints
 * @param {number} n
 */
export function hintSummary(m, hints, n) {
  const best = ranked(hints).filter((h) => h.best);
  if (!best.length) return m.t('hint.none');
  return m.t('hint.best', { pits: best.map((h) => pitLetter(h.pit, n)).join(', '), value: valueWords(m, best[0]) });
}

/**
 * Whether the position shown may have hints: asked for, a game on, nothing
 * moving, and a human to play it (or a game shown to step through); never
 * on the computer's turn, whose search has the worker.
 * @param {AppState} s
 */
function wanted(s) {
  const g = s.game;
  return Boolean(s.hintOn && g && !g.over && g.toMove && s.phase !== 'moving' && s.phase !== 'ritual' && (s.viewOnly || humanTurn(s)));
}

export class Hints {
  /**
   * @param {Context} ctx
   * @param {{game: {save(): string} | null}} session
   * @param {{hints(save: string, level: number, progress?: (stage: string) => void): Promise<Hint[]>}} computer
   */
  constructor(ctx, session, computer) {
    this.ctx = ctx;
    this.session = session;
    this.computer = computer;
  }

  /** The Hint button: hints on (for this position and the next ones) or off. */
  toggle() {
    const on = !this.ctx.store.state.hintOn;
    this.ctx.store.update({ hintOn: on });
    if (on) this.refresh();
  }

  /** Each frame: the hints shown follow the state, and a new position asks for its own. */
  frame() {
    syncHints(this.ctx.el, this.ctx.store.state, this.ctx.m);
    this.refresh();
  }

  /** Asks for the hints of the position shown if it wants them and has none. */
  refresh() {
    const { store } = this.ctx;
    const s = store.state;
    const game = this.session.game;
    if (!wanted(s) || !s.game || !game) return;
    const key = positionKey(s.game);
    const n = s.game.pitsPerRow;
    // Asked already: answered, or still searching in this epoch (a reset cancels the question).
    if (s.hint?.key === key && (s.hint.hints || s.hint.failed || s.hint.epoch === s.epoch)) return;
    const epoch = s.epoch;
    store.update({ hint: { key, epoch, hints: null, failed: false } });
    const loading = () => {
      if (store.state.hint?.key === key && !store.state.hint.hints) store.update({ hint: { ...store.state.hint, tables: true } });
    };
    this.computer.hints(game.save(), HINT_LEVEL, loading).then(
      (hints) => {
        if (store.state.hint?.key !== key) return;
        store.update({ hint: { key, epoch, hints, failed: false } });
        this.ctx.announce(hintSummary(this.ctx.m, hints, n));
      },
      () => {
        if (store.state.hint?.key === key) store.update({ hint: { key, epoch, hints: null, failed: true } });
      },
    );
  }
}

/**
 * Shows the hints of the position shown: the button's state, the best
 * pit marked and each legal pit's value on the board, and the list in words.
 * @param {{hint: HTMLButtonElement, hintBox: HTMLElement, pits: HTMLElement}} el
 * @param {AppState} s
 * @param {Messages} m
 */
export function syncHints(el, s, m) {
  const g = s.game;
  el.hint.setAttribute('aria-pressed', String(s.hintOn));
  const current = g && s.hint && s.hint.key === positionKey(g) && wanted(s) ? s.hint : null;
  const hints = current?.hints ?? [];
  const byPit = new Map(ranked(hints).map((h) => [h.pit, h]));
  for (const child of el.pits.children) {
    const b = /** @type {HTMLElement} */ (child);
    const h = byPit.get(Number(b.dataset.pit));
    b.classList.toggle('hint-best', Boolean(h?.best));
    const text = h ? valueBadge(m, h) : '';
    let badge = b.querySelector('.hint-value');
    if (!text) {
      badge?.remove();
      continue;
    }
    if (!badge) {
      badge = document.createElement('span');
      badge.className = 'hint-value';
      badge.setAttribute('aria-hidden', 'true');
      b.append(badge);
    }
    badge.textContent = text;
    badge.classList.toggle('exact', Boolean(h?.exact));
  }
  el.hintBox.hidden = !s.hintOn || !g;
  if (el.hintBox.hidden || !g) return;
  const status = /** @type {HTMLElement} */ (el.hintBox.querySelector('.hint-status'));
  const list = /** @type {HTMLElement} */ (el.hintBox.querySelector('.hint-list'));
  const waiting = g.over ? 'hint.over' : s.phase === 'moving' ? 'hint.thinking' : 'hint.wait';
  status.textContent = !wanted(s)
    ? m.t(waiting)
    : current?.failed
      ? m.t('hint.failed')
      : current?.hints
        ? hintSummary(m, current.hints, g.pitsPerRow)
        : m.t(current?.tables ? 'hint.tables' : 'hint.thinking');
  const lines = ranked(hints).map((h) => hintLine(m, h, g.pitsPerRow));
  if (lines.join('\n') === [...list.children].map((li) => li.textContent).join('\n')) return;
  list.replaceChildren(
    ...ranked(hints).map((h, i) => {
      const li = document.createElement('li');
      li.textContent = lines[i];
      li.classList.toggle('best', h.best);
      return li;
    }),
  );
}
