// @ts-check
/**
 * The position editor (issue 11 §4): a dialog that sets up any board of
 * any game — the seeds of each pit (typed, stepped with the arrow keys or
 * `+`/`−`, or with the buttons beside it), both stores and the side to
 * move — starting from the position shown. "Play this position" gives it
 * to the engine, which checks it (`Game.replay` with a `start`: its
 * `pit-count`, `seed-total`, `odd-stores` … errors are said in words, as a
 * link's are) and opens it as a link's set-up position; its share link and
 * embed code are then the Moves panel's. Loaded on first use (app.js).
 * @module editor
 */

import { pitLetter } from './catalog.js';
import { sideName } from './narrate.js';

/** @typedef {import('./app.js').Context} Context */
/** @typedef {import('./engine.js').VariantInfo} VariantInfo */
/** @typedef {import('./engine.js').StartView} StartView */
/** @typedef {import('./engine.js').Side} Side */

/**
 * The pits in the order the board shows them: North's row on top, from
 * North's left as South sees it (right to left), then South's row.
 * @param {number} n pits per row
 * @returns {number[][]} the top row, then the bottom row
 */
export function rows(n) {
  const south = [...Array(n).keys()];
  return [south.map((i) => 2 * n - 1 - i), south];
}

/**
 * The seeds a position holds, on the board and in the stores.
 * @param {StartView} p
 */
export function seedCount(p) {
  return p.board.reduce((a, b) => a + b, 0) + p.stores.south + p.stores.north;
}

/**
 * A field of seeds: its name shown (the pit's letter) and said (its side too), its count, and
 * − and + buttons beside it for pointers; the field itself steps by keyboard (arrows, `+`, `−`).
 * @param {Document} doc
 * @param {{label: string, shown: string, value: number, cls: string}} f
 * @param {() => void} changed
 */
function seedField(doc, { label, shown, value, cls }, changed) {
  const box = doc.createElement('label');
  box.className = `editor-field ${cls}`;
  const name = doc.createElement('span');
  name.textContent = shown;
  name.setAttribute('aria-hidden', 'true');
  const input = doc.createElement('input');
  Object.assign(input, { type: 'number', min: '0', max: '999', step: '1', inputMode: 'numeric', value: String(value) });
  input.setAttribute('aria-label', label);
  const step = (/** @type {number} */ by) => {
    input.value = String(Math.max(0, (Number(input.value) || 0) + by));
    changed();
  };
  input.addEventListener('keydown', (e) => {
    if (e.key !== '+' && e.key !== '-') return;
    e.preventDefault();
    step(e.key === '+' ? 1 : -1);
  });
  const button = (/** @type {number} */ by) => {
    const b = doc.createElement('button');
    b.type = 'button';
    b.textContent = by > 0 ? '+' : '\u2212';
    b.tabIndex = -1;
    b.setAttribute('aria-hidden', 'true');
    b.addEventListener('click', () => step(by));
    return b;
  };
  box.append(name, button(-1), input, button(1));
  return { box, input };
}

export class Editor {
  /**
   * @param {Context} ctx
   * @param {import('./session.js').Session} session
   * @param {VariantInfo[]} games
   */
  constructor(ctx, session, games) {
    this.ctx = ctx;
    this.session = session;
    this.games = games;
    const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (ctx.doc.getElementById(id));
    this.dialog = /** @type {HTMLDialogElement} */ ($('editor'));
    this.game = /** @type {HTMLSelectElement} */ ($('editor-game'));
    this.pits = $('editor-pits');
    this.turn = /** @type {HTMLSelectElement} */ ($('editor-turn'));
    this.total = $('editor-total');
    this.error = $('editor-error');
    /** @type {HTMLInputElement[]} */
    this.inputs = [];
    /** @type {HTMLInputElement[]} the stores: South's, North's */
    this.stores = [];
    $('editor-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.play();
    });
    $('editor-cancel').addEventListener('click', () => this.dialog.close());
    this.game.addEventListener('change', () => this.fill(this.startOf(this.game.value)));
    this.dialog.addEventListener('input', () => this.count());
  }

  /** Opens the editor at the position shown. */
  open() {
    const { m, store, doc } = this.ctx;
    const g = store.state.game;
    if (!g) return;
    this.game.replaceChildren(
      ...this.games.map((v) => {
        const o = doc.createElement('option');
        o.value = v.id;
        o.textContent = m.rules?.[v.id]?.name ?? v.name;
        return o;
      }),
    );
    this.game.value = g.variant;
    this.turn.replaceChildren(
      .../** @type {const} */ (['south', 'north']).map((side) => {
        const o = doc.createElement('option');
        o.value = side;
        o.textContent = sideName(m, side);
        return o;
      }),
    );
    this.fill({ board: g.board, stores: g.stores, turn: g.toMove ?? g.turn });
    this.dialog.showModal();
    this.inputs[0]?.focus();
  }

  /**
   * A game's own start, with its default options.
   * @param {string} variant
   * @returns {StartView}
   */
  startOf(variant) {
    const game = this.session.engine.Game.create(variant);
    try {
      const s = game.state();
      return { board: s.board, stores: s.stores, turn: s.toMove ?? s.turn };
    } finally {
      game.free();
    }
  }

  /**
   * Puts a position in the editor: one field per pit, laid out as the board is, and the stores.
   * @param {StartView} p
   */
  fill(p) {
    const { m, doc } = this.ctx;
    const n = p.board.length / 2;
    this.inputs = [];
    const field = (/** @type {string} */ label, /** @type {string} */ shown, /** @type {number} */ value, /** @type {string} */ cls) =>
      seedField(doc, { label, shown, value, cls }, () => this.count());
    const pitField = (/** @type {number} */ pit) => {
      const side = pit < n ? 'south' : 'north';
      const letter = pitLetter(pit, n);
      const f = field(m.t('editor.pit', { side: sideName(m, side), letter }), letter, p.board[pit], side);
      this.inputs[pit] = f.input;
      return f.box;
    };
    const stores = /** @type {const} */ (['south', 'north']).map((side) => {
      const label = m.t('editor.store', { side: sideName(m, side) });
      return field(label, label, p.stores[side], `store ${side}`);
    });
    this.stores = stores.map((f) => f.input);
    const [top, bottom] = rows(n);
    const row = (/** @type {number[]} */ pits, /** @type {string} */ cls) => {
      const div = doc.createElement('div');
      div.className = `editor-row ${cls}`;
      div.append(...pits.map(pitField));
      return div;
    };
    const storeRow = doc.createElement('div');
    storeRow.className = 'editor-stores';
    storeRow.append(stores[0].box, stores[1].box);
    this.pits.replaceChildren(row(top, 'north'), row(bottom, 'south'), storeRow);
    this.turn.value = p.turn;
    this.error.textContent = '';
    this.count();
  }

  /** The position in the editor. @returns {StartView} */
  position() {
    const num = (/** @type {HTMLInputElement} */ i) => Number(i.value);
    return {
      board: this.inputs.map(num),
      stores: { south: num(this.stores[0]), north: num(this.stores[1]) },
      turn: /** @type {Side} */ (this.turn.value),
    };
  }

  /** Says how many seeds the position holds, and how many the game has. */
  count() {
    const info = this.games.find((v) => v.id === this.game.value);
    const seeds = seedCount(this.position());
    this.total.textContent = this.ctx.m.t('editor.total', { n: Number.isFinite(seeds) ? seeds : '?', total: info?.seeds ?? '?' });
  }

  /** Opens the position set up, or says in the dialog what the engine found wrong (the game shown stays). */
  play() {
    const { m, store } = this.ctx;
    const variant = this.game.value;
    const g = store.state.game;
    const options = g && g.variant === variant ? g.options : {};
    const start = this.position();
    const bad = [...this.inputs, ...this.stores].find((i) => !/^\d{1,9}$/.test(i.value));
    if (bad) {
      this.error.textContent = m.t('editor.bad', { reason: m.t('editor.whole', { field: bad.getAttribute('aria-label') ?? '' }) });
      bad.focus();
      return;
    }
    const notice = this.session.openDecoded(
      { game: { variant, options, moves: [], ply: undefined, start }, seating: store.state.seating, problems: [], written: [] },
      [],
      'editor',
    );
    if (notice === null) this.dialog.close();
    else this.error.textContent = `${notice} ${m.t('link.kept')}`;
  }
}
