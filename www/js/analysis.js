// @ts-check
/**
 * Analysis mode (issue 11 §4): the Analyse button has a worker of its own search every position
 * of the game record, one at a time (the position shown first), as the Hint searches (Hard: a
 * node budget and no clock, so a position always gets the same values), while the page stays
 * usable. It shows, for the position shown, every legal move's value and principal line (exact
 * ones marked); an evaluation graph over the whole game, one point per position, the value for
 * South (or the human against the computer), a click on a point jumping there; and in the move
 * list the moves that lost value: an inaccuracy, a mistake or a blunder by the seeds lost (see
 * review.js's `THRESHOLDS`). Progress is shown while it runs; it can be stopped and continued, and
 * starts again when the record changes (positions already searched are kept: the same position
 * gets the same values). Loaded on first use: no part of the first load.
 * @module analysis
 */

import { Computer } from './computer.js';
import { HINT_LEVEL, ranked } from './hint.js';
import { sideName } from './narrate.js';
import { GLYPHS, THRESHOLDS, doneWords, moveLine, moveNote, plyAt, review, runs, scaleGraph, seeds } from './review.js';

/** @typedef {import('./computer.js').Hint} Hint */
/** @typedef {import('./engine.js').GameState} GameState */
/** @typedef {import('./engine.js').Side} Side */
/** @typedef {import('./review.js').Point} Point */
/** @typedef {import('./review.js').Verdict} Verdict */
/** @typedef {import('./app.js').Context} Context */

/**
 * A position's name in a cache: the game, its options and start, the moves up to it.
 * @param {GameState} g
 * @param {number} ply
 */
function keyAt(g, ply) {
  return `${g.variant} ${JSON.stringify(g.options)} ${JSON.stringify(g.start)} ${g.moves
    .slice(0, ply)
    .map((mv) => mv.move)
    .join('.')}`;
}

/** The SVG's size in its own units (it is drawn to the panel's width). */
const W = 300;
const H = 96;
const PAD = 6;
const SVG = 'http://www.w3.org/2000/svg';

/**
 * @param {string} name
 * @param {Record<string, string | number>} attrs
 */
function svg(name, attrs) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/**
 * @param {string} tag
 * @param {string} className
 */
function html(tag, className) {
  const node = document.createElement(tag);
  node.className = className;
  return node;
}

export class Analysis {
  /**
   * @param {Context} ctx
   * @param {{game: {save(): string} | null}} session
   * @param {(ply: number) => void} jump goes to a position of the record
   * @param {Computer} [computer] the search's worker (its own, so the computer player never waits)
   */
  constructor(ctx, session, jump, computer = new Computer()) {
    this.ctx = ctx;
    this.session = session;
    this.jump = jump;
    this.computer = computer;
    this.on = false;
    this.failed = false;
    /** The record analysed (its positions' keys joined). */
    this.record = '';
    /** @type {Map<string, Hint[]>} the hints of each position searched, by {@link keyAt} */
    this.found = new Map();
    /** The run going on (a new one or a stop replaces it). @type {object | null} */
    this.run = null;
    /** @type {{done: number, total: number} | null} */
    this.progress = null;
    this.box = this.build();
  }

  /** @private The panel's parts, made once inside `#analysis`. */
  build() {
    const section = this.ctx.el.analysisBox;
    const row = html('div', 'analysis-progress');
    const status = html('p', 'analysis-status');
    const stop = /** @type {HTMLButtonElement} */ (html('button', 'analysis-stop'));
    stop.type = 'button';
    stop.addEventListener('click', () => (this.run ? this.stop() : this.resume()));
    row.append(status, stop);
    const bar = /** @type {HTMLProgressElement} */ (html('progress', 'analysis-bar'));
    const graph = svg('svg', { class: 'analysis-graph', viewBox: `0 0 ${W} ${H}`, 'aria-hidden': 'true' });
    graph.addEventListener('click', (e) => {
      const r = graph.getBoundingClientRect();
      const positions = Number(graph.dataset.positions ?? 0);
      if (positions > 0 && r.width > 0) this.jump(plyAt((e.clientX - r.left) / r.width, positions, PAD / W));
    });
    const at = html('h3', 'analysis-at');
    const list = html('ol', 'analysis-moves');
    const legend = html('p', 'analysis-legend');
    section.append(row, bar, graph, at, list, legend);
    return { section, status, stop, bar, graph, at, list, legend };
  }

  /** The Analyse button: the analysis on (it runs until every position is searched) or off. */
  toggle() {
    this.on = !this.on;
    if (this.on) {
      this.failed = false;
      this.record = '';
    } else {
      this.halt();
    }
    this.ctx.store.update({});
  }

  /** The Stop button: the run ends after the position being searched (whose answer is dropped). */
  stop() {
    this.halt();
    this.ctx.store.update({});
  }

  /** The Continue button: the positions not searched yet. */
  resume() {
    this.failed = false;
    this.start();
  }

  /** @private */
  halt() {
    this.run = null;
    this.progress = null;
    this.computer.cancel();
  }

  /** Each frame: a changed record starts again; the panel, graph and move list follow the state. */
  frame() {
    const g = this.ctx.store.state.game;
    if (this.on && g) {
      const record = keyAt(g, g.moves.length);
      if (record !== this.record) {
        this.record = record;
        this.failed = false;
        this.start();
      }
    }
    this.sync();
  }

  /** @private Searches the positions of the record not searched yet, the one shown first. */
  async start() {
    const g = this.ctx.store.state.game;
    const game = this.session.game;
    this.halt();
    if (!g || !game) return;
    const run = {};
    this.run = run;
    const save = game.save();
    const plies = [g.ply, ...Array.from({ length: g.moves.length + 1 }, (_, p) => p).filter((p) => p !== g.ply)];
    const todo = plies.filter((p) => !this.found.has(keyAt(g, p)));
    const total = todo.length;
    for (const [done, ply] of todo.entries()) {
      this.progress = { done, total };
      this.ctx.store.update({});
      try {
        const hints = await this.computer.hintsAt(save, ply, HINT_LEVEL);
        if (this.run !== run) return;
        this.found.set(keyAt(g, ply), hints);
      } catch {
        if (this.run !== run) return;
        this.failed = true;
        break;
      }
    }
    this.run = null;
    this.progress = null;
    this.ctx.store.update({});
    if (!this.failed && total > 0) this.ctx.announce(doneWords(this.ctx.m, this.reviewed()?.verdicts ?? []));
  }

  /** @private Whose values the graph and the notes give: the human's against the computer, else South's. */
  viewer() {
    const seating = this.ctx.store.state.seating;
    return seating.mode === 'computer' ? seating.human : 'south';
  }

  /** @private The analysis of the record shown, as far as it has gone. */
  reviewed() {
    const g = this.ctx.store.state.game;
    if (!g) return null;
    const found = Array.from({ length: g.moves.length + 1 }, (_, p) => this.found.get(keyAt(g, p)));
    return { found, ...review(g, found, this.viewer()) };
  }

  /** @private Shows the analysis: the panel, the graph, the marks in the move list. */
  sync() {
    const { el, m, store } = this.ctx;
    const g = store.state.game;
    el.analyse.setAttribute('aria-pressed', String(this.on));
    this.box.section.hidden = !this.on || !g;
    const r = this.on && g ? this.reviewed() : null;
    this.syncMoves(r);
    if (!r || !g) return;
    const viewer = this.viewer();
    const { status, stop, bar, at, list, legend } = this.box;
    const searched = r.found.filter(Boolean).length;
    const positions = g.moves.length + 1;
    status.textContent = this.progress
      ? m.t('analysis.running', { i: this.progress.done + 1, n: this.progress.total })
      : this.failed
        ? m.t('analysis.failed')
        : searched < positions
          ? m.t('analysis.stopped', { i: searched, n: positions })
          : doneWords(m, r.verdicts);
    stop.textContent = m.t(this.run ? 'analysis.stop' : 'analysis.continue');
    stop.hidden = !this.run && searched === positions;
    bar.hidden = !this.progress;
    bar.max = positions;
    bar.value = searched;
    legend.textContent = m.t('analysis.legend', { side: sideName(m, viewer), ...THRESHOLDS });
    this.drawGraph(r, g.ply);

    // The position shown: every legal move, best first, the one played next marked.
    const hints = r.found[g.ply];
    const next = g.moves[g.ply]?.move;
    const where = g.ply === 0 ? m.t('analysis.atStart') : m.t('analysis.at', { ply: g.ply });
    const what =
      g.over || !g.toMove
        ? m.t('analysis.over')
        : hints === undefined
          ? m.t('analysis.waiting')
          : m.t('analysis.toMove', { side: sideName(m, g.toMove) });
    at.textContent = `${where}: ${what}`;
    const lines = ranked(hints ?? []).map((h) => ({ h, text: moveLine(m, h, g.pitsPerRow, h.pit === next) }));
    if (lines.map((l) => l.text).join('\n') !== [...list.children].map((li) => li.textContent).join('\n')) {
      list.replaceChildren(
        ...lines.map(({ h, text }) => {
          const li = document.createElement('li');
          li.textContent = text;
          li.classList.toggle('best', h.best);
          li.classList.toggle('played', h.pit === next);
          li.dataset.pit = String(h.pit);
          li.dataset.score = String(h.score);
          return li;
        }),
      );
    }
  }

  /**
   * @private The graph: the zero line, the values as a line with a dot per position analysed
   * (a marked move's dot in its mark's colour), the position shown ringed.
   * @param {{points: Point[], verdicts: (Verdict | null)[]}} r
   * @param {number} current
   */
  drawGraph(r, current) {
    const graph = this.box.graph;
    const points = r.points;
    const { range, dots } = scaleGraph(points, W, H, PAD);
    const data = points.map((p) => (p.score === null ? '' : String(seeds(p.score))));
    const signature = `${data.join(',')}|${current}|${range}`;
    if (graph.dataset.signature === signature) return;
    graph.dataset.signature = signature;
    graph.dataset.values = data.join(',');
    graph.dataset.positions = String(points.length);
    graph.dataset.current = String(current);
    graph.dataset.range = String(range);
    const zero = svg('line', { class: 'zero', x1: PAD, x2: W - PAD, y1: H / 2, y2: H / 2 });
    const last = Math.max(1, points.length - 1);
    const cx = PAD + (current / last) * (W - 2 * PAD);
    const cursor = svg('line', { class: 'cursor', x1: cx, x2: cx, y1: 0, y2: H });
    // One line a run of consecutive positions analysed (none across a position not analysed yet).
    const lines = runs(dots).map((run) =>
      svg('polyline', { class: 'values', points: run.map((d) => `${d.x.toFixed(1)},${d.y.toFixed(1)}`).join(' ') }),
    );
    const marks = dots.map((d) => {
      const judged = d.ply > 0 ? r.verdicts[d.ply - 1]?.judgement : null;
      const dot = svg('circle', {
        cx: d.x.toFixed(1),
        cy: d.y.toFixed(1),
        r: d.ply === current ? 4.5 : 2.5,
        'data-ply': d.ply,
        'data-seeds': d.seeds,
      });
      dot.setAttribute('class', ['dot', judged, d.ply === current ? 'current' : null].filter(Boolean).join(' '));
      return dot;
    });
    graph.replaceChildren(zero, cursor, ...lines, ...marks);
  }

  /**
   * @private The move list: each judged move's mark after its name, and for screen readers
   * its verdict and the value it left (the graph's text alternative), as the button's description.
   * @param {ReturnType<Analysis['reviewed']>} r
   */
  syncMoves(r) {
    const { el, m } = this.ctx;
    const viewer = this.viewer();
    [...el.moves.children].forEach((item, ply) => {
      const li = /** @type {HTMLElement} */ (item);
      const b = /** @type {HTMLElement | null} */ (li.firstElementChild);
      if (!b || ply === 0) return;
      const verdict = r?.verdicts[ply - 1] ?? null;
      const after = r?.points[ply];
      const note = r && after ? moveNote(m, verdict, after, viewer) : '';
      let mark = /** @type {HTMLElement | null} */ (b.querySelector('.judge'));
      let words = /** @type {HTMLElement | null} */ (li.querySelector('.judge-words'));
      if (!note) {
        mark?.remove();
        words?.remove();
        b.removeAttribute('aria-describedby');
        b.removeAttribute('title');
        delete li.dataset.judgement;
        return;
      }
      if (!mark) {
        mark = html('span', 'judge');
        mark.setAttribute('aria-hidden', 'true');
        b.append(mark);
      }
      if (!words) {
        words = html('span', 'judge-words');
        words.id = `analysis-note-${ply}`;
        words.hidden = true;
        li.append(words);
      }
      const j = verdict?.judgement;
      mark.textContent = j ? GLYPHS[j] : '';
      if (words.textContent !== note) words.textContent = note;
      b.setAttribute('aria-describedby', words.id);
      b.title = note;
      if (j) li.dataset.judgement = j;
      else delete li.dataset.judgement;
    });
  }
}
