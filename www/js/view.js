// @ts-check
/**
 * Keeps the page's DOM in step with the state: the pit buttons over the
 * canvas, the players, the move list, the controls and the texts. Builds
 * every node with textContent, never from HTML strings.
 * @module view
 */

import { controller, pitLetter, sideOf } from './state.js';

/** @typedef {import('./state.js').AppState} AppState */
/** @typedef {import('./state.js').Seating} Seating */
/** @typedef {import('./engine.js').Side} Side */
/** @typedef {import('./engine.js').GameState} GameState */
/** @typedef {import('./i18n.js').Messages} Messages */
/** @typedef {import('./render.js').Geometry} Geometry */

/**
 * @param {Messages} m
 * @param {Side} side
 */
export function sideName(m, side) {
  return m.t(`side.${side}`);
}

/**
 * @param {Messages} m
 * @param {Seating} seating
 * @param {Side} side
 */
export function playerName(m, seating, side) {
  return m.t(`player.${seating.players[side] ?? 'p1'}`);
}

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
 * The accessible name of a pit: its side, letter and seeds.
 * @param {Messages} m
 * @param {number} pit
 * @param {number} n
 * @param {number} count
 */
export function pitName(m, pit, n, count) {
  return m.t('pit.name', {
    side: sideName(m, sideOf(pit, n)),
    letter: pitLetter(pit, n),
    seeds: m.t('seeds', { n: count }),
  });
}

/**
 * The options line under the title: what is special about this game.
 * @param {Messages} m
 * @param {GameState} g
 * @returns {(string | {seed: string})[]} text pieces; seeds are set apart
 */
export function optionPieces(m, g) {
  const o = g.options;
  /** @type {(string | {seed: string})[]} */
  const parts = [m.t('info.size', { n: g.pitsPerRow, seeds: g.seeds })];
  if (g.variant === 'mangala-iv') {
    if (o.setup && typeof o.setup === 'object') {
      parts.push(m.t('info.setupRandom'), { seed: String(o.setup.random) });
    }
    parts.push(o.freeChoice ? m.t('info.free') : m.t('info.forcedPlay'));
  }
  if (g.variant === 'anywoli') {
    parts.push(m.t(`info.last.${o.lastFour ?? 'second-to-last'}`));
    if (o.lastFour === 'lot') parts.push(m.t('info.lotSeed'), { seed: String(o.lotSeed ?? 0) });
  }
  if (o.first === 'north') parts.push(m.t('info.firstNorth'));
  return parts;
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

/**
 * Places the pit buttons over the drawn pits.
 * @param {HTMLElement} layer
 * @param {Geometry} g
 */
export function placePits(layer, g) {
  ensurePitButtons(layer, g.pits.length);
  const size = g.r * 2.1;
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
  return Boolean(
    g && g.toMove && !busy && !s.viewOnly && controller(s.seating, g.toMove) === 'human',
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
    turn.textContent = moving ? (s.thinking ? m.t('player.thinking') : m.t('player.toMove')) : '';
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

/**
 * The line under the board describing the previewed pit.
 * @param {Messages} m
 * @param {AppState} s
 */
export function previewText(m, s) {
  const g = s.game;
  const p = s.preview;
  if (!g || !p || s.previewPit === null) return '';
  const n = g.pitsPerRow;
  const letter = pitLetter(s.previewPit, n);
  if (!p.legal) {
    const why = p.reason ?? 'game-over';
    return m.t(`why.${why}`, { letter, forced: p.forced === null ? '' : pitLetter(p.forced, n) });
  }
  return describeMove(m, g, s.previewPit, p.trace ?? [], p.end, true);
}

/**
 * A move in words, from its trace: laps, where it ends, captures, extra
 * move, passes, the end.
 * @param {Messages} m
 * @param {GameState} g the position the move is played from
 * @param {number | 'split'} move
 * @param {import('./engine.js').Step[]} trace
 * @param {import('./engine.js').EndView | null} end
 * @param {boolean} conditional "would" (preview) rather than "did"
 */
export function describeMove(m, g, move, trace, end, conditional) {
  const n = g.pitsPerRow;
  const mode = conditional ? 'would' : 'did';
  const mover = g.toMove ?? g.turn;
  /** @type {string[]} */
  const parts = [];
  if (move === 'split') {
    parts.push(m.t(`narrate.${mode}.split`, { side: sideName(m, mover) }));
  } else {
    let laps = 0;
    /** @type {number | null} */
    let last = null;
    for (const step of trace) {
      if (step.type === 'lift') laps = Math.max(laps, step.lap);
      if (step.type === 'sow') last = step.pit;
    }
    parts.push(
      m.t(`narrate.${mode}.sow`, {
        side: sideName(m, mover),
        letter: pitLetter(move, n),
        laps: m.t('laps', { n: laps }),
        end: last === null ? '' : pitLetter(last, n),
      }),
    );
  }
  const taken = { south: 0, north: 0 };
  const settled = { south: 0, north: 0 };
  /** @type {import('./engine.js').Side | null} */
  let extra = null;
  /** @type {import('./engine.js').Side[]} */
  const passes = [];
  for (const step of trace) {
    if (step.type === 'capture') (step.kind === 'settle' ? settled : taken)[step.to] += step.seeds;
    if (step.type === 'extra-move') extra = step.side;
    if (step.type === 'pass') passes.push(step.side);
  }
  for (const side of /** @type {const} */ (['south', 'north'])) {
    if (taken[side] > 0) parts.push(m.t(`narrate.${mode}.capture`, { side: sideName(m, side), seeds: m.t('seeds', { n: taken[side] }) }));
  }
  if (extra) parts.push(m.t(`narrate.${mode}.extra`, { side: sideName(m, extra) }));
  for (const side of passes) parts.push(m.t(`narrate.${mode}.pass`, { side: sideName(m, side) }));
  for (const side of /** @type {const} */ (['south', 'north'])) {
    if (settled[side] > 0) parts.push(m.t(`narrate.${mode}.settle`, { side: sideName(m, side), seeds: m.t('seeds', { n: settled[side] }) }));
  }
  if (end) parts.push(m.t(`narrate.${mode}.end`));
  return parts.join(' ');
}
