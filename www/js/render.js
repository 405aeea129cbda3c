// @ts-check
/**
 * Draws the board on a canvas: wood, pits, seeds as clustered seeds, a
 * legible count on every pit and store, highlights for legal moves and
 * previews, and the moving hand and flying captures of an animation.
 * It reads the scene and never changes it. The canvas is `aria-hidden`: the
 * page puts a real button over every pit.
 * @module render
 */

import { SEED_COLOURS, clusterInCircle, clusterInRect, hash, seed } from './seeds.js';

/** @typedef {import('./engine.js').Side} Side */

/** @typedef {import('./geometry.js').Geometry} Geometry */
/** @typedef {import('./geometry.js').Rect} Rect */
/** @typedef {import('./geometry.js').Label} Label */

/**
 * The colours of the board, checked by hand (canvas pixels are invisible to
 * axe). WCAG 1.4.11, graphics ≥ 3:1: pit rim on the darker wood 3.4, pit
 * hollow 3.0, legal ring 4.0 (11.9 on the pit), forced ring 3.5, target ring
 * 10.3 and capture ring 6.9 on the pit, tray rim on the dark page 4.4 and
 * tray on the light page 7.6, board on the dark page 3.7. WCAG 1.4.3, text
 * ≥ 4.5:1: counts on their chips 17.6, pit names on their plates 12.0 (the
 * plates on the wood 3.4).
 */
export const PALETTE = {
  woodLight: '#a86d3b',
  woodDark: '#9a6234',
  grain: 'rgba(60, 30, 10, 0.16)',
  edge: '#4a2a12',
  pit: '#3a200d',
  pitRim: '#2b1606',
  pitLight: '#52301a',
  tray: '#6b4220',
  trayRim: '#a86d3b',
  chip: '#1c1009',
  chipText: '#fff8ec',
  label: '#f1e4c8',
  labelText: '#3a200d',
  legal: '#ffe28a',
  forced: '#ffd23f',
  focus: '#ffffff',
  target: '#7fe3ff',
  capture: '#ff9270',
  hand: 'rgba(255, 248, 236, 0.2)',
  seeds: SEED_COLOURS,
};

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/** For the pits' names: a font that tells Anywoli's l from I. */
const MONO = 'ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace';

/**
 * The box of a count's chip centred at (`x`, `y`), and its font size (it
 * sets `ctx.font`).
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {string} text
 * @param {number} u
 * @returns {Rect & {font: number}}
 */
export function chipRect(ctx, x, y, text, u) {
  const font = Math.max(12, Math.round(u * 0.22));
  ctx.font = `700 ${font}px ${FONT}`;
  const w = Math.max(font * 1.7, ctx.measureText(text).width + font * 0.8);
  const h = font * 1.35;
  return { x: x - w / 2, y: y - h / 2, w, h, font };
}

/**
 * A count in a dark chip.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {string} text
 * @param {number} u
 * @param {string} [ring]
 */
function chip(ctx, x, y, text, u, ring) {
  const { font, w, h } = chipRect(ctx, x, y, text, u);
  ctx.fillStyle = PALETTE.chip;
  roundRect(ctx, x - w / 2, y - h / 2, w, h, h / 2);
  ctx.fill();
  if (ring) {
    ctx.strokeStyle = ring;
    ctx.lineWidth = 2;
    ctx.stroke();
  }
  ctx.fillStyle = PALETTE.chipText;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y + font * 0.04);
}

/**
 * A pit's name: a dark letter on a small light plate (like bone inlaid in
 * the wood), unlike the counts' dark chips, in a face whose l and I differ.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Label} label
 * @param {{font: number, w: number, h: number}} plate
 */
function name(ctx, label, { font, w, h }) {
  ctx.fillStyle = PALETTE.label;
  roundRect(ctx, label.x - w / 2, label.y - h / 2, w, h, h * 0.3);
  ctx.fill();
  ctx.fillStyle = PALETTE.labelText;
  ctx.font = `700 ${font}px ${MONO}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label.text, label.x, label.y + font * 0.04);
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r
 */
function roundRect(ctx, x, y, w, h, r) {
  const rr = Math.min(r, w / 2, h / 2);
  ctx.beginPath();
  ctx.moveTo(x + rr, y);
  ctx.arcTo(x + w, y, x + w, y + h, rr);
  ctx.arcTo(x + w, y + h, x, y + h, rr);
  ctx.arcTo(x, y + h, x, y, rr);
  ctx.arcTo(x, y, x + w, y, rr);
  ctx.closePath();
}

/**
 * Paints what never changes during a game: wood, pits, stores or trays.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Geometry} g
 */
function paintBoard(ctx, g) {
  const { board: b, u, r } = g;
  // Trays beside the board (games without stores): captured seeds set aside.
  if (g.trays) {
    for (const side of /** @type {const} */ (['south', 'north'])) {
      const t = g.banks[side];
      ctx.fillStyle = PALETTE.tray;
      roundRect(ctx, t.x, t.y, t.w, t.h, u * 0.22);
      ctx.fill();
      ctx.strokeStyle = PALETTE.trayRim;
      ctx.lineWidth = Math.max(1.5, u * 0.03);
      ctx.stroke();
    }
  }
  const grad = g.vertical ? ctx.createLinearGradient(b.x, 0, b.x + b.w, 0) : ctx.createLinearGradient(0, b.y, 0, b.y + b.h);
  grad.addColorStop(0, PALETTE.woodLight);
  grad.addColorStop(1, PALETTE.woodDark);
  ctx.fillStyle = 'rgba(0, 0, 0, 0.28)';
  roundRect(ctx, b.x + u * 0.04, b.y + u * 0.07, b.w, b.h, u * 0.32);
  ctx.fill();
  ctx.fillStyle = grad;
  roundRect(ctx, b.x, b.y, b.w, b.h, u * 0.32);
  ctx.fill();
  // Grain: long faint curves along the board.
  ctx.save();
  roundRect(ctx, b.x, b.y, b.w, b.h, u * 0.32);
  ctx.clip();
  ctx.strokeStyle = PALETTE.grain;
  ctx.lineWidth = Math.max(1, u * 0.015);
  const lines = 14;
  for (let i = 0; i < lines; i++) {
    ctx.beginPath();
    const phase = hash(i, 5) * 6.28;
    const amp = u * (0.04 + hash(i, 9) * 0.08);
    const steps = 40;
    for (let k = 0; k <= steps; k++) {
      const t = k / steps;
      const along = g.vertical ? b.y + t * b.h : b.x + t * b.w;
      const base = g.vertical ? b.x + ((i + 0.5) / lines) * b.w : b.y + ((i + 0.5) / lines) * b.h;
      const wave = Math.sin(t * 9 + phase) * amp;
      const [x, y] = g.vertical ? [base + wave, along] : [along, base + wave];
      if (k === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  }
  ctx.restore();
  ctx.strokeStyle = PALETTE.edge;
  ctx.lineWidth = Math.max(1.5, u * 0.035);
  roundRect(ctx, b.x, b.y, b.w, b.h, u * 0.32);
  ctx.stroke();
  // Pits: a dark hollow with a rim and light from the top left.
  for (const p of g.pits) {
    const hollow = ctx.createRadialGradient(p.x + r * 0.2, p.y + r * 0.25, r * 0.1, p.x, p.y, r);
    hollow.addColorStop(0, PALETTE.pitLight);
    hollow.addColorStop(1, PALETTE.pit);
    ctx.fillStyle = hollow;
    ctx.beginPath();
    ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = PALETTE.pitRim;
    ctx.lineWidth = Math.max(1.5, u * 0.035);
    ctx.stroke();
    ctx.strokeStyle = 'rgba(255, 225, 180, 0.22)';
    ctx.lineWidth = Math.max(1, u * 0.02);
    ctx.beginPath();
    ctx.arc(p.x, p.y, r * 1.04, Math.PI * 0.15, Math.PI * 0.85);
    ctx.stroke();
  }
  if (g.stores) {
    for (const side of /** @type {const} */ (['south', 'north'])) {
      const s = g.banks[side];
      const hollow = ctx.createLinearGradient(s.x, s.y, s.x + s.w, s.y + s.h);
      hollow.addColorStop(0, PALETTE.pitLight);
      hollow.addColorStop(1, PALETTE.pit);
      ctx.fillStyle = hollow;
      roundRect(ctx, s.x, s.y, s.w, s.h, Math.min(s.w, s.h) / 2);
      ctx.fill();
      ctx.strokeStyle = PALETTE.pitRim;
      ctx.lineWidth = Math.max(1.5, u * 0.035);
      ctx.stroke();
    }
  }
}

/**
 * What to draw.
 * @typedef {object} Scene
 * @property {number[]} board
 * @property {{south: number, north: number}} stores
 * @property {number[]} legal  pits to ring as playable
 * @property {number | null} forced
 * @property {number | null} previewPit
 * @property {boolean} previewLegal
 * @property {number | null} target  where the previewed sowing ends
 * @property {number[]} captures  pits the previewed move captures
 * @property {import('./state.js').Frame | null} frame
 * @property {{origin: number | null, last: number | null} | null} lastMove
 */

/** @type {WeakMap<Geometry, HTMLCanvasElement | OffscreenCanvas>} */
const backgrounds = new WeakMap();

/**
 * @param {Geometry} g
 * @param {number} dpr
 */
function background(g, dpr) {
  let bg = backgrounds.get(g);
  if (!bg) {
    const w = Math.max(1, Math.round(g.width * dpr));
    const h = Math.max(1, Math.round(g.height * dpr));
    bg = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(w, h) : document.createElement('canvas');
    bg.width = w;
    bg.height = h;
    const bctx = /** @type {CanvasRenderingContext2D} */ (bg.getContext('2d'));
    bctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    paintBoard(bctx, g);
    backgrounds.set(g, bg);
  }
  return bg;
}

/** @param {number} t */
function ease(t) {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}

/**
 * Where a store's or tray's seeds go, in screen pixels.
 * @param {Geometry} g
 * @param {Side} side
 */
function bankCentre(g, side) {
  const b = g.banks[side];
  return { x: b.x + b.w / 2, y: b.y + b.h / 2 };
}

/**
 * Draws the scene. `now` is the animation clock (performance.now()).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Geometry} g
 * @param {Scene} scene
 * @param {number} dpr
 * @param {number} now
 */
export function draw(ctx, g, scene, dpr, now) {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.drawImage(background(g, dpr), 0, 0);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const { u, r } = g;
  const frame = scene.frame;
  const board = frame ? frame.board : scene.board;
  const stores = frame ? frame.stores : scene.stores;

  // Seeds in the pits.
  board.forEach((count, pit) => {
    const p = g.pits[pit];
    clusterInCircle(ctx, p.x, p.y, r, count, pit + 1, dpr);
  });
  // Seeds in the stores or trays.
  for (const side of /** @type {const} */ (['south', 'north'])) {
    if (!g.stores && !g.trays) break;
    const box = g.banks[side];
    const inset = u * 0.1;
    const s = g.stores ? u * 0.065 : u * 0.075;
    clusterInRect(
      ctx,
      { x: box.x + inset, y: box.y + inset, w: box.w - 2 * inset, h: box.h - 2 * inset },
      stores[side],
      s,
      side === 'south' ? 101 : 202,
      dpr,
    );
  }

  // Rings: the previous move, legal pits, forced pit, preview.
  ctx.lineWidth = Math.max(2, u * 0.05);
  /** @param {number} pit @param {string} colour @param {number} [scale] @param {number[]} [dash] */
  const ring = (pit, colour, scale = 1.1, dash = []) => {
    const p = g.pits[pit];
    ctx.setLineDash(dash);
    ctx.strokeStyle = colour;
    ctx.beginPath();
    ctx.arc(p.x, p.y, r * scale, 0, Math.PI * 2);
    ctx.stroke();
    ctx.setLineDash([]);
  };
  if (!frame) {
    if (scene.lastMove && scene.lastMove.origin !== null) ring(scene.lastMove.origin, 'rgba(255,255,255,0.45)', 1.08, [3, 4]);
    for (const pit of scene.legal) ring(pit, PALETTE.legal, 1.1);
    if (scene.forced !== null) {
      ctx.lineWidth = Math.max(3, u * 0.08);
      ring(scene.forced, PALETTE.forced, 1.14);
      ctx.lineWidth = Math.max(2, u * 0.05);
    }
    if (scene.previewPit !== null) {
      ring(scene.previewPit, PALETTE.focus, 1.2);
      for (const pit of scene.captures) ring(pit, PALETTE.capture, 0.95, [u * 0.08, u * 0.06]);
      if (scene.target !== null) {
        const p = g.pits[scene.target];
        ring(scene.target, PALETTE.target, 0.82);
        ctx.fillStyle = PALETTE.target;
        ctx.beginPath();
        ctx.arc(p.x, p.y, Math.max(3, u * 0.06), 0, Math.PI * 2);
        ctx.fill();
      }
    }
  } else {
    if (frame.origin !== null) ring(frame.origin, 'rgba(255,255,255,0.6)', 1.08, [3, 4]);
    if (frame.last !== null) ring(frame.last, PALETTE.target, 1.1);
  }

  // Names, then counts.
  for (const label of g.labels) name(ctx, label, g.labelPlate);
  board.forEach((count, pit) => {
    const c = g.chips[pit];
    chip(ctx, c.x, c.y, String(count), u);
  });
  for (const side of /** @type {const} */ (['south', 'north'])) {
    const c = g.bankChips?.[side];
    if (c) chip(ctx, c.x, c.y, String(stores[side]), u * 1.15);
  }

  if (!frame) return;
  // The hand: the seeds still to sow, gliding from pit to pit.
  if (frame.hand && frame.hand.seeds > 0) {
    const h = frame.hand;
    const a = g.pits[h.from];
    const b = g.pits[h.pit];
    const t = h.dur > 0 ? ease(Math.min(1, (now - h.t0) / h.dur)) : 1;
    // The hand hovers on the board's inner side of the pit, clear of its count.
    const lean = (/** @type {{x: number, y: number}} */ p) => {
      const cx = g.board.x + g.board.w / 2;
      const cy = g.board.y + g.board.h / 2;
      return g.vertical ? { x: Math.sign(cx - p.x) * r * 0.9, y: 0 } : { x: 0, y: Math.sign(cy - p.y) * r * 0.9 };
    };
    const la = lean(a);
    const lb = lean(b);
    const x = a.x + la.x + (b.x + lb.x - a.x - la.x) * t;
    const y = a.y + la.y + (b.y + lb.y - a.y - la.y) * t;
    ctx.fillStyle = PALETTE.hand;
    ctx.strokeStyle = 'rgba(255, 248, 236, 0.8)';
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(x, y, r * 0.62, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    clusterInCircle(ctx, x, y, r * 0.62, Math.min(h.seeds, 8), 999, dpr);
    chip(ctx, x + r * 0.55, y - r * 0.5, `×${h.seeds}`, u * 0.85, PALETTE.target);
  }
  // Captures flying to the capturing side.
  for (const f of frame.flights) {
    const t = f.dur > 0 ? Math.min(1, (now - f.t0) / f.dur) : 1;
    if (t >= 1) continue;
    const a = g.pits[f.pit];
    const b = bankCentre(g, f.to);
    const e = ease(t);
    const lift = Math.sin(Math.PI * e) * u * 0.8;
    const x = a.x + (b.x - a.x) * e;
    const y = a.y + (b.y - a.y) * e - lift;
    const shown = Math.min(f.seeds, 10);
    for (let i = 0; i < shown; i++) {
      const ang = i * 2.4;
      const rho = u * 0.06 * Math.sqrt(i);
      seed(ctx, x + rho * Math.cos(ang), y + rho * Math.sin(ang), u * 0.075, f.pit * 31 + i, dpr);
    }
    chip(ctx, x, y - u * 0.32, `+${f.seeds}`, u * 0.85, PALETTE.capture);
  }
}

/**
 * Whether anything in the frame still moves at `now` (so another frame is due).
 * @param {import('./state.js').Frame | null} frame
 * @param {number} now
 */
export function isMoving(frame, now) {
  if (!frame) return false;
  if (frame.hand && now - frame.hand.t0 < frame.hand.dur) return true;
  return frame.flights.some((f) => now - f.t0 < f.dur);
}
