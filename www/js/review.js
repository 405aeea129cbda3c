// @ts-check
/**
 * Analysis mode's verdicts, pure (analysis.js shows them): each position's value for the viewer,
 * each move's loss against the best move and its mark, the evaluation graph's scale, and what
 * they say in words.
 * @module review
 */

import { pitLetter } from './catalog.js';
import { ranked, seedsOf, valueWords } from './hint.js';
import { sideName } from './narrate.js';

/** @typedef {import('./computer.js').Hint} Hint */
/** @typedef {import('./engine.js').GameState} GameState */
/** @typedef {import('./engine.js').Side} Side */
/** @typedef {import('./engine.js').Move} Move */
/** @typedef {import('./i18n.js').Messages} Messages */

/**
 * Seeds a move may lose (the best move's value less the played move's, from the mover's side)
 * before it is marked: from 1 an inaccuracy, from 3 a mistake, from 6 a blunder. A seed is the
 * smallest difference a final score can make, three seeds are a capture of an ordinary pit, and
 * six are about a game's margin between good players; below one seed the search's estimates
 * differ by noise.
 */
export const THRESHOLDS = /** @type {const} */ ({ inaccuracy: 1, mistake: 3, blunder: 6 });

/** @typedef {keyof typeof THRESHOLDS} Judgement */

/** The marks chess players read at a glance, after the move. */
export const GLYPHS = /** @type {const} */ ({ inaccuracy: '?!', mistake: '?', blunder: '??' });

/**
 * What losing `lost` seeds makes of a move: null when it kept its value (less than a seed).
 * @param {number} lost seeds, ≥ 0
 * @returns {Judgement | null}
 */
export function judge(lost) {
  if (lost >= THRESHOLDS.blunder) return 'blunder';
  if (lost >= THRESHOLDS.mistake) return 'mistake';
  if (lost >= THRESHOLDS.inaccuracy) return 'inaccuracy';
  return null;
}

/**
 * A score in seeds: a decided game's final margin, else the search's estimate.
 * @param {number} score centiseeds
 */
export const seeds = (score) => seedsOf(score).seeds;

/**
 * One position of the record as analysed.
 * @typedef {object} Point
 * @property {number} ply
 * @property {number | null} score  centiseeds for the viewer (null: not analysed yet)
 * @property {boolean} exact
 */

/**
 * One move of the record as analysed: what it lost against the best move.
 * @typedef {object} Verdict
 * @property {number} lost  seeds, ≥ 0
 * @property {Judgement | null} judgement
 */

/**
 * The analysis of the whole record: a point per position (the value for `viewer`) and a verdict
 * per move (null where its position is not analysed yet, or the move is Al-manqala's split,
 * which the search does not value).
 * @param {{moves: {move: Move, side: Side, stores: {south: number, north: number}}[], start: GameState['start'], pitsPerRow: number}} g
 * @param {(Hint[] | undefined)[]} found the hints of each position, by ply (an empty list: the game is over there)
 * @param {Side} viewer
 * @returns {{points: Point[], verdicts: (Verdict | null)[]}}
 */
export function review(g, found, viewer) {
  const n = g.pitsPerRow;
  /** @type {Point[]} */
  const points = [];
  for (let ply = 0; ply <= g.moves.length; ply++) {
    const hints = found[ply];
    const best = hints ? ranked(hints)[0] : undefined;
    if (best) {
      const mover = best.pit < n ? 'south' : 'north';
      const score = best.score ?? 0;
      points.push({ ply, score: mover === viewer ? score : -score, exact: best.exact });
    } else if (hints && ply > 0) {
      // Over: the final margin, as a decided score (±100 000 ± centiseeds, hint.js's reading).
      const { south, north } = g.moves[ply - 1].stores;
      const margin = (viewer === 'south' ? south - north : north - south) * 100;
      points.push({ ply, score: margin + Math.sign(margin || 1) * 100_000, exact: true });
    } else {
      points.push({ ply, score: null, exact: false });
    }
  }
  const verdicts = g.moves.map((mv, ply) => {
    const hints = found[ply];
    const played = hints?.find((h) => h.pit === mv.move && h.score !== null);
    const best = hints ? ranked(hints)[0] : undefined;
    if (!played || !best) return null;
    const lost = Math.max(0, Math.round((seeds(best.score ?? 0) - seeds(played.score ?? 0)) * 10) / 10);
    return { lost, judgement: judge(lost) };
  });
  return { points, verdicts };
}

/** Margins within this many seeds always fit the graph; larger ones widen it. */
const MIN_RANGE = 4;

/**
 * Where each analysed point sits on a `w` × `h` graph: x by ply (the first at `pad`, the last
 * at `w − pad`), y by the value in seeds, 0 in the middle, the largest margin (at least
 * {@link MIN_RANGE}, rounded up to a whole seed) at `pad` from the edge, ahead upwards.
 * @param {Point[]} points
 * @param {number} w
 * @param {number} h
 * @param {number} pad
 * @returns {{range: number, dots: {ply: number, x: number, y: number, seeds: number}[]}}
 */
export function scaleGraph(points, w, h, pad) {
  const known = points.filter((p) => p.score !== null);
  const range = Math.max(MIN_RANGE, Math.ceil(Math.max(0, ...known.map((p) => Math.abs(seeds(p.score ?? 0))))));
  const last = Math.max(1, points.length - 1);
  const dots = known.map((p) => {
    const v = seeds(p.score ?? 0);
    return { ply: p.ply, x: pad + (p.ply / last) * (w - 2 * pad), y: h / 2 - (v / range) * (h / 2 - pad), seeds: v };
  });
  return { range, dots };
}

/**
 * The graph's dots cut where a position is missing (not analysed yet): each run is drawn as a line.
 * @template {{ply: number}} T
 * @param {T[]} dots in ply order
 * @returns {T[][]}
 */
export function runs(dots) {
  /** @type {T[][]} */
  const out = [];
  for (const d of dots) {
    const run = out.at(-1);
    if (run && run[run.length - 1].ply === d.ply - 1) run.push(d);
    else out.push([d]);
  }
  return out;
}

/**
 * The ply a click at `fraction` (0 … 1) of the graph's width is nearest to.
 * @param {number} fraction
 * @param {number} positions
 * @param {number} padFraction the padding's share of the width
 */
export function plyAt(fraction, positions, padFraction) {
  const last = positions - 1;
  const inner = (fraction - padFraction) / (1 - 2 * padFraction);
  return Math.min(last, Math.max(0, Math.round(inner * last)));
}

/**
 * A value in words for `side`, as the hints say it ("about 2 seeds ahead", "wins by 4 seeds").
 * @param {Messages} m
 * @param {Side} side
 * @param {Point} p
 */
export function pointWords(m, side, p) {
  return m.t('analysis.eval', { side: sideName(m, side), value: valueWords(m, /** @type {Hint} */ ({ score: p.score, exact: p.exact })) });
}

/**
 * What the move list says of a move after its name: its mark (if it lost a seed or more) and
 * the value it left, for the viewer.
 * @param {Messages} m
 * @param {Verdict | null} verdict
 * @param {Point} after the position it led to
 * @param {Side} viewer
 */
export function moveNote(m, verdict, after, viewer) {
  const parts = [];
  if (verdict?.judgement) parts.push(m.t(`analysis.${verdict.judgement}`, { n: m.num(verdict.lost) }));
  if (after.score !== null) parts.push(pointWords(m, viewer, after));
  return parts.join('; ');
}

/**
 * One legal move of the position shown: its pit, value, principal line, and whether it was played.
 * @param {Messages} m
 * @param {Hint} h
 * @param {number} n
 * @param {boolean} played
 */
export function moveLine(m, h, n, played) {
  const line = h.pv.map((mv) => (mv === 'split' ? m.t('record.split') : pitLetter(mv, n))).join(' ');
  const text = m.t(h.exact ? 'analysis.lineExact' : 'analysis.line', { pit: pitLetter(h.pit, n), value: valueWords(m, h), line });
  return played ? `${text} ${m.t('analysis.played')}` : text;
}

/**
 * The end of the game's summary: how many moves of each mark, worst first.
 * @param {Messages} m
 * @param {(Verdict | null)[]} verdicts
 */
export function doneWords(m, verdicts) {
  const counts = /** @type {Judgement[]} */ (['blunder', 'mistake', 'inaccuracy'])
    .map((j) => ({ j, n: verdicts.filter((v) => v?.judgement === j).length }))
    .filter((c) => c.n > 0)
    .map((c) => m.t(`analysis.count.${c.j}`, { n: c.n }));
  return m.t('analysis.done', { counts: counts.length ? counts.join(', ') : m.t('analysis.clean') });
}
