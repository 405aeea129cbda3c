// @ts-check
/**
 * Keeps the page's DOM in step with the state: the pit buttons over the
 * canvas, the players, the move list, the controls and the texts. Builds
 * every node with textContent, never from HTML strings.
 * @module view
 */

import { optionPieces, pitName, playerName, previewText, sideName, toMoveText } from './narrate.js';
import { pitLetter } from './catalog.js';
import { canPlay as playable, controller } from './state.js';

/** @typedef {import('./state.js').AppState} AppState */
/** @typedef {import('./state.js').Seating} Seating */
/** @typedef {import('./engine.js').Side} Side */
/** @typedef {import('./engine.js').GameState} GameState */
/** @typedef {import('./i18n.js').Messages} Messages */
/** @typedef {import('./render.js').Geometry} Geometry */

/**
 * A move as the record shows it: the pit's letter, or the split.
 * @param {Messages} m
 * @param {import('./engine.js').Move} move
 * @param {number} n
 */
export function moveName(m, move, n) {
  return move === 'split' ? m.t('record.split') : pitLetter(move, n);
}

/**
 * @param {Document} doc
 * @param {string} id
 */
function byId(doc, id) {
  const el = doc.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el;
}

/**
 * The page's elements, found once. The title is looked up each time: an
 * embed makes it the page's heading (a new element of the same id).
 * @param {Document} doc
 */
export function findElements(doc) {
  const $ = (/** @type {string} */ id) => byId(doc, id);
  return {
    get title() {
      return $('game-title');
    },
    board: $('board'),
    canvas: /** @type {HTMLCanvasElement} */ ($('canvas')),
    table: $('table'),
    pits: $('pits'),
    info: $('game-info'),
    notice: $('notice'),
    banner: $('banner'),
    preview: $('preview'),
    playerSouth: $('player-south'),
    playerNorth: $('player-north'),
    moves: /** @type {HTMLOListElement} */ ($('moves')),
    newGame: /** @type {HTMLButtonElement} */ ($('btn-new')),
    openRules: /** @type {HTMLButtonElement} */ ($('btn-rules')),
    undo: /** @type {HTMLButtonElement} */ ($('btn-undo')),
    redo: /** @type {HTMLButtonElement} */ ($('btn-redo')),
    first: /** @type {HTMLButtonElement} */ ($('btn-first')),
    last: /** @type {HTMLButtonElement} */ ($('btn-last')),
    forced: /** @type {HTMLButtonElement} */ ($('btn-forced')),
    split: /** @type {HTMLButtonElement} */ ($('btn-split')),
    resume: /** @type {HTMLButtonElement} */ ($('btn-resume')),
    hint: /** @type {HTMLButtonElement} */ ($('btn-hint')),
    hintBox: $('hint'),
    analyse: /** @type {HTMLButtonElement} */ ($('btn-analyse')),
    analysisBox: $('analysis'),
    speed: /** @type {HTMLSelectElement} */ ($('speed')),
    live: $('live'),
    lang: /** @type {HTMLSelectElement} */ ($('lang')),
    share: /** @type {HTMLButtonElement} */ ($('btn-share')),
    shareBox: $('share-box'),
    shareLink: /** @type {HTMLInputElement} */ ($('share-link')),
    copyBox: $('copy-box'),
    recordCopy: /** @type {HTMLButtonElement} */ ($('btn-record-copy')),
    embedCopy: /** @type {HTMLButtonElement} */ ($('btn-embed-copy')),
    recordOpen: /** @type {HTMLButtonElement} */ ($('btn-record-open')),
    editor: /** @type {HTMLButtonElement} */ ($('btn-editor')),
    chooser: /** @type {HTMLDialogElement} */ ($('chooser')),
    start: /** @type {HTMLDialogElement} */ ($('start')),
    end: /** @type {HTMLDialogElement} */ ($('end')),
    endTitle: $('end-title'),
    endScore: $('end-score'),
    endReason: $('end-reason'),
    endExtra: $('end-extra'),
    endReview: $('end-review'),
    endAgain: $('end-again'),
    endNew: $('end-new'),
    rules: /** @type {HTMLDialogElement} */ ($('rules')),
    rulesGame: /** @type {HTMLSelectElement} */ ($('rules-game')),
    rulesBody: $('rules-body'),
    rulesClose: $('rules-close'),
    splitOffer: $('split-offer'),
    splitTitle: $('split-title'),
    splitText: $('split-text'),
    splitAccept: $('btn-accept'),
    splitDecline: $('btn-decline'),
    ritual: {
      section: $('ritual'),
      title: $('ritual-title'),
      text: $('ritual-text'),
      fist: $('ritual-fist'),
      actions: $('ritual-actions'),
    },
    setForced: /** @type {HTMLInputElement} */ ($('set-forced')),
    setRitual: /** @type {HTMLInputElement} */ ($('set-ritual')),
    setIds: /** @type {HTMLInputElement} */ ($('set-ids')),
  };
}

/** @typedef {ReturnType<typeof findElements>} Elements */

/**
 * A writer of the live region: each text is said, even the same one twice.
 * @param {HTMLElement} live
 * @returns {(text: string) => void}
 */
export function announcer(live) {
  let flip = false;
  return (text) => {
    flip = !flip;
    live.textContent = text + (flip ? '\u00a0' : '');
  };
}

/**
 * Makes one button per pit, once per board size.
 * @param {HTMLElement} layer
 * @param {number} count
 */
function ensurePitButtons(layer, count) {
  if (layer.childElementCount === count) return;
  layer.replaceChildren();
  for (let pit = 0; pit < count; pit++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'pit';
    b.dataset.pit = String(pit);
    b.tabIndex = -1;
    layer.append(b);
  }
}

/** The touch target a pit's button reaches when the pits are far enough apart (WCAG 2.5.5). */
const TARGET = 44;

/**
 * Places the pit buttons over the drawn pits: a little wider than the pit,
 * and 44 px wide when the pitch allows, without touching a neighbour.
 * @param {HTMLElement} layer
 * @param {Geometry} g
 */
export function placePits(layer, g) {
  ensurePitButtons(layer, g.pits.length);
  const size = Math.max(g.r * 2.1, Math.min(TARGET, g.u - 1));
  g.pits.forEach((p, pit) => {
    const b = /** @type {HTMLElement} */ (layer.children[pit]);
    b.style.left = `${p.x - size / 2}px`;
    b.style.top = `${p.y - size / 2}px`;
    b.style.width = `${size}px`;
    b.style.height = `${size}px`;
  });
}

/** What each part of the page was last drawn from (see {@link changed}). @type {WeakMap<Element, unknown[]>} */
const drawnFrom = new WeakMap();

/**
 * Whether `inputs` are not the very values `part` was last drawn from (and remembers them): a
 * move's animation syncs the page every frame, and a part whose game state, language and
 * settings are the same objects is then left alone, not written again (each write is style and
 * layout work for the browser).
 * @param {Element} part
 * @param {unknown[]} inputs
 */
function changed(part, ...inputs) {
  const last = drawnFrom.get(part);
  if (last && last.length === inputs.length && last.every((x, i) => x === inputs[i])) return false;
  drawnFrom.set(part, inputs);
  return true;
}

/** Sets `node`'s text, unless it is that already. @param {Node} node @param {string} text */
function text(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/**
 * @param {Elements} el
 * @param {AppState} s
 * @param {Messages} m
 */
export function sync(el, s, m) {
  const g = s.game;
  if (!g) return;
  const n = g.pitsPerRow;
  const ritual = s.phase === 'ritual';
  const busy = s.phase === 'moving' || ritual;
  const canPlay = playable(s);

  // Pit buttons: names, legality, one tab stop (roving focus).
  ensurePitButtons(el.pits, 2 * n);
  const offered = canPlay ? (g.forced ?? g.legal.at(0)) : undefined;
  const stop = s.focus ?? offered ?? (g.toMove === 'north' ? 2 * n - 1 : 0);
  if (changed(el.pits, g, canPlay, stop, m, el.pits.childElementCount)) {
    const legal = new Set(canPlay ? g.legal : []);
    [...el.pits.children].forEach((child, pit) => {
      const b = /** @type {HTMLButtonElement} */ (child);
      const name = pitName(m, pit, n, g.board[pit]);
      if (b.getAttribute('aria-label') !== name) b.setAttribute('aria-label', name);
      b.setAttribute('aria-disabled', String(!legal.has(pit)));
      b.tabIndex = pit === stop ? 0 : -1;
    });
    el.pits.setAttribute('aria-describedby', 'preview');
  }

  // What the board shows, for tests and tools.
  const shown = s.frame ?? g;
  el.board.dataset.variant = g.variant;
  el.board.dataset.board = shown.board.join(',');
  el.board.dataset.stores = `${shown.stores.south},${shown.stores.north}`;
  el.board.dataset.toMove = g.toMove ?? '';
  el.board.dataset.over = String(g.over);
  el.board.dataset.ply = String(g.ply);
  el.board.dataset.busy = String(s.phase === 'moving');
  el.board.dataset.legal = canPlay ? g.legal.join(',') : '';
  el.board.dataset.forced = g.forced === null ? '' : String(g.forced);

  // Title and options.
  // The engine's name until the rules texts (fetched on first use) give the language's own.
  text(el.title, m.game(g.variant).name ?? s.variant?.name ?? g.variant);
  if (changed(el.info, g, s.variant, m))
    el.info.replaceChildren(
      ...(s.variant ? optionPieces(m, g, s.variant) : []).flatMap((piece, i) => {
        const sep = i === 0 ? [] : [document.createTextNode(typeof piece === 'string' ? ' · ' : ' ')];
        if (typeof piece === 'string') return [...sep, document.createTextNode(piece)];
        const span = document.createElement('span');
        span.className = 'seed';
        span.textContent = piece.seed;
        return [...sep, span];
      }),
    );

  // Players.
  for (const side of /** @type {const} */ (['south', 'north'])) {
    const box = side === 'south' ? el.playerSouth : el.playerNorth;
    const who = /** @type {HTMLElement} */ (box.querySelector('.who'));
    const score = /** @type {HTMLElement} */ (box.querySelector('.score'));
    const turn = /** @type {HTMLElement} */ (box.querySelector('.turn'));
    // Until the ritual (MG-3) has given out the sides, a bar names its side only.
    text(who, ritual ? sideName(m, side) : m.t('player.label', { player: playerName(m, s.seating, side), side: sideName(m, side) }));
    text(score, m.t('player.captured', { n: shown.stores[side] }));
    const moving = g.toMove === side && !ritual;
    box.classList.toggle('to-move', moving);
    text(turn, moving ? toMoveText(m, s.seating, side, s.thinking) : '');
  }

  // Notice.
  el.notice.hidden = !s.notice;
  text(el.notice, s.notice);
  el.notice.classList.toggle('error', s.noticeIsError);
  el.notice.setAttribute('role', s.noticeIsError ? 'alert' : 'status');

  // Banner over the board.
  el.banner.hidden = !s.banner;
  text(el.banner, s.banner);

  // Preview line.
  text(el.preview, previewText(m, s));
  el.preview.classList.toggle('illegal', Boolean(s.preview && !s.preview.legal));

  // Controls.
  // Undo and redo also step through a game shown view-only (embedding),
  // whose first and last buttons jump to its ends.
  el.undo.disabled = el.first.disabled = busy || !g.canUndo;
  el.redo.disabled = el.last.disabled = busy || !g.canRedo;
  el.forced.hidden = g.forced === null || !canPlay;
  if (g.forced !== null) text(el.forced, m.t('controls.forced', { letter: pitLetter(g.forced, n) }));
  el.split.hidden = !g.canSplit || !canPlay || Boolean(s.splitOffer);
  el.resume.hidden = !(s.phase === 'paused' && g.toMove && controller(s.seating, g.toMove) === 'computer');
  el.speed.value = s.settings.speed;

  syncMoves(el.moves, g, m, !busy);
}

/**
 * The move list: one button per ply, the current one marked.
 * @param {HTMLOListElement} list
 * @param {GameState} g
 * @param {Messages} m
 * @param {boolean} enabled
 */
function syncMoves(list, g, m, enabled) {
  if (!changed(list, g, m, enabled)) return;
  const wanted = g.moves.length + 1;
  while (list.childElementCount > wanted) list.lastElementChild?.remove();
  while (list.childElementCount < wanted) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    const num = document.createElement('span');
    num.className = 'num';
    const mv = document.createElement('span');
    mv.className = 'mv';
    const gain = document.createElement('span');
    gain.className = 'gain';
    b.append(num, mv, gain);
    li.append(b);
    list.append(li);
  }
  const n = g.pitsPerRow;
  [...list.children].forEach((li, ply) => {
    const b = /** @type {HTMLButtonElement} */ (li.firstElementChild);
    b.dataset.ply = String(ply);
    const [num, mv, gain] = /** @type {HTMLElement[]} */ ([...b.children]);
    li.className = ply > g.ply ? 'later' : '';
    if (ply === 0) {
      num.textContent = '';
      mv.textContent = m.t('record.start');
      gain.textContent = '';
      li.classList.add('start');
    } else {
      const move = g.moves[ply - 1];
      // The first move gains from the start's stores (a set-up position may have captured seeds).
      const before = ply >= 2 ? g.moves[ply - 2].stores : (g.start?.stores ?? { south: 0, north: 0 });
      const got = move.stores[move.side] - before[move.side];
      num.textContent = `${ply}.`;
      mv.textContent = moveName(m, move.move, n);
      gain.textContent = got > 0 ? `+${got}` : '';
      li.classList.add(move.side);
      b.setAttribute(
        'aria-label',
        m.t('record.entry', { ply, side: sideName(m, move.side), move: moveName(m, move.move, n) }) +
          (got > 0 ? `, ${m.t('record.gain', { n: got })}` : ''),
      );
    }
    if (ply === g.ply) {
      if (b.getAttribute('aria-current') !== 'step') {
        b.setAttribute('aria-current', 'step');
        // Scroll the list only (never the page) to show the current move.
        // (The start is the first item: no layout to read, which a first frame would pay for.)
        const item = /** @type {HTMLElement} */ (li);
        if (ply === 0) list.scrollTop = 0;
        else if (item.offsetTop < list.scrollTop) list.scrollTop = item.offsetTop;
        else if (item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight) {
          list.scrollTop = item.offsetTop + item.offsetHeight - list.clientHeight;
        }
      }
    } else {
      b.removeAttribute('aria-current');
    }
    b.disabled = !enabled;
  });
}
