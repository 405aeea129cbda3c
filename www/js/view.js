// @ts-check
/**
 * Keeps the page's DOM in step with the state: the pit buttons over the
 * canvas, the players, the move list, the controls and the texts. Builds
 * every node with textContent, never from HTML strings.
 * @module view
 */

import { optionPieces, pitName, playerName, previewText, sideName, toMoveText } from './narrate.js';
import { controller, pitLetter } from './state.js';

/** @typedef {import('./state.js').AppState} AppState */
/** @typedef {import('./state.js').Seating} Seating */
/** @typedef {import('./engine.js').Side} Side */
/** @typedef {import('./engine.js').GameState} GameState */
/** @typedef {import('./i18n.js').Messages} Messages */
/** @typedef {import('./render.js').Geometry} Geometry */

/**
 * A move as the record shows it: the pit's letter, or the split.
 * @param {Messages} m
 * @param {string} move
 * @param {number} n
 */
export function moveName(m, move, n) {
  return move === 'split' ? m.t('record.split') : pitLetter(Number(move), n);
}

/**
 * Page elements the view writes to.
 * @typedef {object} Elements
 * @property {HTMLElement} board
 * @property {HTMLElement} pits
 * @property {HTMLElement} title
 * @property {HTMLElement} info
 * @property {HTMLElement} notice
 * @property {HTMLElement} banner
 * @property {HTMLElement} preview
 * @property {HTMLElement} playerSouth
 * @property {HTMLElement} playerNorth
 * @property {HTMLOListElement} moves
 * @property {HTMLButtonElement} undo
 * @property {HTMLButtonElement} redo
 * @property {HTMLButtonElement} forced
 * @property {HTMLButtonElement} split
 * @property {HTMLButtonElement} resume
 * @property {HTMLSelectElement} speed
 */

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

/**
 * Whether a human may play now.
 * @param {AppState} s
 * @param {boolean} busy
 */
export function humanTurn(s, busy) {
  const g = s.game;
  // A proposal of the split (AM-9) waits for the other player's answer, who may also play on.
  const awaitingAnswer = s.splitOffer?.proposer === g?.toMove;
  return Boolean(
    g && g.toMove && !busy && !s.viewOnly && !awaitingAnswer && controller(s.seating, g.toMove) === 'human',
  );
}

/**
 * @param {Elements} el
 * @param {AppState} s
 * @param {Messages} m
 * @param {{busy: boolean, paused: boolean, ritual: boolean}} flags
 */
export function sync(el, s, m, flags) {
  const g = s.game;
  if (!g) return;
  const n = g.pitsPerRow;
  const busy = flags.busy || flags.ritual;
  const canPlay = humanTurn(s, busy) && !flags.paused;
  const legal = new Set(canPlay ? g.legal : []);

  // Pit buttons: names, legality, one tab stop (roving focus).
  ensurePitButtons(el.pits, 2 * n);
  const stop =
    s.focus ?? (canPlay ? (g.forced ?? g.legal[0] ?? null) : null) ?? (g.toMove === 'north' ? 2 * n - 1 : 0);
  [...el.pits.children].forEach((child, pit) => {
    const b = /** @type {HTMLButtonElement} */ (child);
    const name = pitName(m, pit, n, g.board[pit]);
    if (b.getAttribute('aria-label') !== name) b.setAttribute('aria-label', name);
    b.setAttribute('aria-disabled', String(!legal.has(pit)));
    b.tabIndex = pit === stop ? 0 : -1;
  });
  el.pits.setAttribute('aria-describedby', 'preview');

  // What the board shows, for tests and tools.
  const shown = s.frame ?? g;
  el.board.dataset.variant = g.variant;
  el.board.dataset.board = shown.board.join(',');
  el.board.dataset.stores = `${shown.stores.south},${shown.stores.north}`;
  el.board.dataset.toMove = g.toMove ?? '';
  el.board.dataset.over = String(g.over);
  el.board.dataset.ply = String(g.ply);
  el.board.dataset.busy = String(flags.busy);
  el.board.dataset.legal = canPlay ? g.legal.join(',') : '';
  el.board.dataset.forced = g.forced === null ? '' : String(g.forced);

  // Title and options.
  const rules = m.rules?.[g.variant];
  el.title.textContent = rules?.name ?? g.variant;
  el.info.replaceChildren(
    ...optionPieces(m, g).flatMap((piece, i) => {
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
    who.textContent = flags.ritual
      ? sideName(m, side)
      : m.t('player.label', { player: playerName(m, s.seating, side), side: sideName(m, side) });
    score.textContent = m.t('player.captured', { n: shown.stores[side] });
    const moving = g.toMove === side && !flags.ritual;
    box.classList.toggle('to-move', moving);
    turn.textContent = moving ? toMoveText(m, s.seating, side, s.thinking) : '';
  }

  // Notice.
  el.notice.hidden = !s.notice;
  el.notice.textContent = s.notice;
  el.notice.classList.toggle('error', s.noticeIsError);
  el.notice.setAttribute('role', s.noticeIsError ? 'alert' : 'status');

  // Banner over the board.
  el.banner.hidden = !s.banner;
  el.banner.textContent = s.banner;

  // Preview line.
  el.preview.textContent = previewText(m, s);
  el.preview.classList.toggle('illegal', Boolean(s.preview && !s.preview.legal));

  // Controls.
  // Undo and redo also step through a game shown view-only (embedding),
  // whose first and last buttons jump to its ends.
  el.undo.disabled = el.first.disabled = busy || !g.canUndo;
  el.redo.disabled = el.last.disabled = busy || !g.canRedo;
  el.forced.hidden = g.forced === null || !canPlay;
  if (g.forced !== null) el.forced.textContent = m.t('controls.forced', { letter: pitLetter(g.forced, n) });
  el.split.hidden = !g.canSplit || !canPlay || Boolean(s.splitOffer);
  el.resume.hidden = !(flags.paused && !busy && g.toMove && controller(s.seating, g.toMove) === 'computer');
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
