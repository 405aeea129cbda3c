// @ts-check
/**
 * Where the board's parts go for a container's size: pits, counts, pit
 * names, stores or trays, lying flat or turned upright on narrow screens.
 * Pure arithmetic, no canvas.
 * @module geometry
 */

import { pitLetter } from './catalog.js';

/**
 * @typedef {object} Rect
 * @property {number} x
 * @property {number} y
 * @property {number} w
 * @property {number} h
 */

/**
 * Where everything is, in CSS pixels.
 * @typedef {object} Geometry
 * @property {number} width
 * @property {number} height
 * @property {boolean} vertical  the board turned a quarter, for narrow screens
 * @property {boolean} flipped  the board turned half round: North's row nearest the viewer
 * @property {number} n  pits per row
 * @property {number} u  the pit pitch
 * @property {number} r  the pit radius
 * @property {{x: number, y: number}[]} pits
 * @property {{x: number, y: number}[]} chips  where each pit's count is written
 * @property {Label[]} labels  each pit's name, on the board's inner side of the pit
 * @property {{font: number, w: number, h: number}} labelPlate  the names' font size and the light
 *   plate each is written on, centred on its label
 * @property {Rect} board
 * @property {{south: Rect, north: Rect}} banks  stores (Anywoli), trays beside the board, or
 *   (neither) the board's edge on each player's side, where captures fly
 * @property {{south: {x: number, y: number}, north: {x: number, y: number}} | null} bankChips
 * @property {boolean} stores  whether the banks are stores on the board
 * @property {boolean} trays  whether the banks are trays beside the board
 */

/**
 * A pit's name (catalog.js pitLetter) and where it is written.
 * @typedef {object} Label
 * @property {string} text
 * @property {number} x
 * @property {number} y
 */

/**
 * How to lay the board out.
 * @typedef {object} LayoutOptions
 * @property {boolean} [flipped]  turned half round, North's row nearest the viewer
 * @property {boolean} [trays]  trays for the captures beside a board without stores (default true)
 * @property {boolean} [touch]  an upright board keeps pits big enough to touch even when it does
 *   not fit `room` (the page scrolls); otherwise the board always fits `room` (an embed)
 */

const PAD = 0.35;
/** Between the rows: room for both rows' names. */
const ROW_GAP = 0.45;
const STORE = 1.3;
const TRAY = 0.8;
const TRAY_GAP = 0.14;
const MARGIN = 0.1;
/** The largest pit pitch, so a wide screen gets a big board, not a huge one. */
const MAX_U = 104;
/** Below this pitch a narrow screen turns the board upright if that helps. */
const MIN_U = 48;
/** The pitch of an upright board with `touch`: its pit buttons are 44 px (WCAG 2.5.5), view.js placePits. */
const TOUCH_U = 46;
/** The smallest pitch a board that must fit is given anyway. */
const TINY_U = 14;
/** A flat board on a page that may scroll shrinks to fit the height down to this pitch only. */
const FLAT_MIN_U = 40;
/** How far a name's centre is from its pit's centre at most, in pitches (the rings reach about 0.5). */
const LABEL_AT = 0.6;

/**
 * Lays the board out for a container `width` wide with `room` pixels of
 * height for it.
 * @param {number} n pits per row
 * @param {boolean} stores Anywoli's two end stores
 * @param {number} width
 * @param {number} room
 * @param {LayoutOptions} [opts]
 * @returns {Geometry}
 */
export function layout(n, stores, width, room, opts = {}) {
  const { flipped = false, touch = false } = opts;
  const trays = !stores && (opts.trays ?? true);
  const across = 2 * PAD + n + (stores ? 2 * STORE : 0);
  const depth = 2 * PAD + 2 + ROW_GAP + (trays ? 2 * (TRAY + TRAY_GAP) : 0);
  const logicalW = across + 2 * MARGIN;
  const logicalH = depth + 2 * MARGIN;
  const fitFlat = room / logicalH;
  const uFlat = Math.min(MAX_U, width / logicalW, Math.max(fitFlat, touch ? FLAT_MIN_U : TINY_U));
  const fitUpright = room / logicalW;
  const uUpright = Math.min(MAX_U, width / logicalH, Math.max(fitUpright, touch ? TOUCH_U : TINY_U));
  const vertical = uFlat < MIN_U && uUpright > uFlat * 1.15;
  const u = vertical ? uUpright : uFlat;
  const W = logicalW * u;
  const H = logicalH * u;
  // Logical (flat) coordinates, in pits; `map` turns them to screen pixels.
  const offset = vertical ? (width - H) / 2 : (width - W) / 2;
  /** @param {number} lx @param {number} ly */
  const map = (lx, ly) => {
    const [x, y] = flipped ? [logicalW - lx, logicalH - ly] : [lx, ly];
    return vertical ? { x: offset + (logicalH - y) * u, y: x * u } : { x: offset + x * u, y: y * u };
  };
  /** @param {number} x @param {number} y @param {number} w @param {number} h @returns {Rect} */
  const rect = (x, y, w, h) => {
    const a = map(x, y);
    const b = map(x + w, y + h);
    return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(b.x - a.x), h: Math.abs(b.y - a.y) };
  };
  const top = MARGIN + (trays ? TRAY + TRAY_GAP : 0);
  const boardH = 2 * PAD + 2 + ROW_GAP;
  const left = MARGIN;
  const northY = top + PAD + 0.5;
  const southY = top + PAD + 1.5 + ROW_GAP;
  const col0 = left + PAD + (stores ? STORE : 0) + 0.5;
  // Names sit between the rows, each next to its pit, clear of the other row's names.
  const font = Math.round(Math.min(16, Math.max(10, u * 0.16)));
  const plate = { font, w: font * 1.35, h: font * 1.3 };
  const labelAt = Math.min(LABEL_AT, (1 + ROW_GAP) / 2 - (vertical ? plate.w : plate.h) / u / 2 - 0.03);
  const pits = [];
  const chips = [];
  /** @type {Label[]} */
  const labels = [];
  const chipOff = 0.53;
  for (let i = 0; i < 2 * n; i++) {
    const south = i < n;
    // C-1: South's pits run left to right as South sees them, North's the other way.
    const col = south ? i : 2 * n - 1 - i;
    const x = col0 + col;
    const y = south ? southY : northY;
    pits.push(map(x, y));
    chips.push(map(x, south ? y + chipOff : y - chipOff));
    labels.push({ text: pitLetter(i, n), ...map(x, south ? y - labelAt : y + labelAt) });
  }
  const board = rect(left, top, across, boardH);
  /** @type {{south: Rect, north: Rect}} */
  let banks;
  let bankChips = null;
  if (stores) {
    const sy = top + PAD;
    const sh = boardH - 2 * PAD;
    const sw = STORE - 0.25;
    // AW-1: South's store at the right end, North's at the left, as South sees it.
    banks = {
      north: rect(left + PAD, sy, sw, sh),
      south: rect(left + across - PAD - sw, sy, sw, sh),
    };
    bankChips = {
      north: map(left + PAD + sw / 2, sy - 0.02),
      south: map(left + across - PAD - sw / 2, sy + sh + 0.02),
    };
  } else if (trays) {
    const tw = across - 2 * PAD;
    const southTray = top + boardH + TRAY_GAP;
    banks = {
      north: rect(left + PAD, MARGIN, tw, TRAY),
      south: rect(left + PAD, southTray, tw, TRAY),
    };
    // Each count inside its tray, at the end nearest its owner's left.
    const inset = 0.45;
    bankChips = {
      north: map(left + PAD + inset, MARGIN + TRAY / 2),
      south: map(left + across - PAD - inset, southTray + TRAY / 2),
    };
  } else {
    // No trays: captures fly off the board's edge towards the player's bar.
    banks = {
      north: rect(left + PAD, top, across - 2 * PAD, 0),
      south: rect(left + PAD, top + boardH, across - 2 * PAD, 0),
    };
  }
  return {
    width,
    height: vertical ? W : H,
    vertical,
    flipped,
    n,
    u,
    r: 0.41 * u,
    pits,
    chips,
    labels,
    labelPlate: plate,
    board,
    banks,
    bankChips,
    stores,
    trays,
  };
}
