// @ts-check
/**
 * Game records and embed codes (issue 11 §4). "Copy record" copies the game
 * as a few lines of text in the share link's notation, for a forum or a wiki:
 *
 * ```text
 * Mancala Atlas — Sadeqa III (sadeqa-iii)
 * Options: first=north
 * Board: 1.1.1.0.0.1.1.0.0.1.0.0.1.1.1.0
 * Stores: 43.44
 * Turn: south
 * Moves: 1. c 2. E 3. b
 * Result: South 52 – North 46, South wins (board-empty)
 * ```
 *
 * The first line names the game (its id in brackets); then, each when it
 * applies, the options that differ from the defaults as the link writes them
 * (`name=value`), the set-up position (the link's `board`, `stores`, `turn`),
 * the moves numbered as the move list shows them (letters, or `split`; long
 * games go on over several lines), and how the game ended. The words are the
 * same in every language, so any copy opens anywhere. "Open a record…" reads
 * one back into link parameters, so it is checked and opened as a link is
 * (`decodeLink`, then `Game.replay`, which checks every move); its Result line
 * is not read, the moves decide. "Copy embed code" gives the iframe of the
 * README's "Embed in a wiki" for the game or position shown.
 * Loaded on first use (app.js), no part of the first load.
 * @module record
 */

import { OPTION_PARAMS, decodeLink, encodeLink } from './link.js';

/** @typedef {import('./engine.js').GameState} GameState */
/** @typedef {import('./engine.js').EndView} EndView */
/** @typedef {import('./engine.js').Move} Move */
/** @typedef {import('./engine.js').StartView} StartView */
/** @typedef {import('./engine.js').Options} Options */
/** @typedef {import('./link.js').GameInfo} GameInfo */
/** @typedef {import('./link.js').Decoded} Decoded */
/** @typedef {import('./narrate.js').Problem} Problem */
/** @typedef {import('./i18n.js').Messages} Messages */
/** @typedef {import('./app.js').Context} Context */

/** A record's first line: the game's name and, in brackets, its id. */
const TITLE = /^Mancala Atlas\s*[—–-]\s*.*\(\s*([^()\s]+)\s*\)$/i;
/** A record's other lines: a key and its value. */
const LINE = /^([A-Za-z]+)\s*:\s*(.*)$/;
/** The lines of a position, by the link parameter they hold. */
const POSITION = /** @type {const} */ ([
  ['board', 'Board'],
  ['stores', 'Stores'],
  ['turn', 'Turn'],
]);
/** The link parameters of options: the options' own and a random setup's `seed`. */
const OPTION_NAMES = [...Object.values(OPTION_PARAMS), 'seed'];
/** A moves line's width before it goes on to the next. */
const WIDTH = 72;
/** The height of the README's iframes, which shows the whole game at any width. */
export const EMBED_HEIGHT = 460;

/**
 * A game as a record writes it: its whole line of moves and how it ended.
 * @typedef {object} Played
 * @property {Options} options
 * @property {StartView | null} start
 * @property {Move[]} moves
 * @property {{south: number, north: number}} stores  after the last move
 * @property {EndView | null} end  after the last move
 */

/**
 * The moves in the move list's notation, numbered, `Moves:` first and wrapped.
 * @param {Move[]} moves
 * @param {string[]} written the moves as the link writes them
 */
function movesLines(moves, written) {
  const lines = ['Moves:'];
  written.forEach((move, i) => {
    const item = `${i + 1}. ${move}`;
    if (lines[lines.length - 1].length + item.length + 1 > WIDTH) lines.push(`  ${item}`);
    else lines[lines.length - 1] += ` ${item}`;
  });
  return moves.length ? lines : [];
}

/**
 * How a game ended: "South 52 – North 46, South wins (board-empty)".
 * @param {Played} g
 */
function resultText(g) {
  const end = /** @type {EndView} */ (g.end);
  const who = end.winner ? `${end.winner === 'south' ? 'South' : 'North'} wins` : 'a draw';
  return `South ${g.stores.south} – North ${g.stores.north}, ${who} (${end.reason})`;
}

/**
 * The record of a game (see the module's comment).
 * @param {GameInfo & {name: string}} info the game, as the engine's `variants()` describe it
 * @param {Played} g
 * @returns {string}
 */
export function writeRecord(info, g) {
  const p = new URLSearchParams(encodeLink(info, g.options, g.moves, g.moves.length, undefined, g.start, true));
  const lines = [`Mancala Atlas — ${info.name} (${info.id})`];
  const options = [...p].filter(([name]) => OPTION_NAMES.includes(name)).map(([name, value]) => `${name}=${value}`);
  if (options.length) lines.push(`Options: ${options.join(' ')}`);
  for (const [name, label] of POSITION) {
    const value = p.get(name);
    if (value !== null) lines.push(`${label}: ${value}`);
  }
  lines.push(...movesLines(g.moves, (p.get('moves') ?? '').split('.')));
  if (g.end) lines.push(`Result: ${resultText(g)}`);
  return lines.join('\n');
}

/**
 * What a record says, or why it is none.
 * @typedef {{link: Decoded, error?: undefined} | {link?: undefined, error: {code: string, params?: Record<string, string | number>}}} Read
 */

/**
 * Reads a record (see the module's comment) into the link it stands for:
 * its game, or the problems of its parameters as a link's are named; an
 * `error` (`transcript.<code>`) when it is no record or has a line that is
 * none of a record's. Never throws.
 * @param {string} text
 * @param {readonly GameInfo[]} games the engine's games
 * @returns {Read}
 */
export function readRecord(text, games) {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((line, i) => ({ line: i + 1, text: line.trim() }))
    .filter((l) => l.text);
  const title = lines.length ? TITLE.exec(lines[0].text) : null;
  if (!title) return { error: { code: 'notRecord' } };
  const p = new URLSearchParams({ game: title[1] });
  /** @type {Problem[]} */
  const problems = [];
  /** @type {string[]} */
  const moves = [];
  let inMoves = false;
  for (const { line, text: content } of lines.slice(1)) {
    const [, key = '', value = ''] = LINE.exec(content) ?? [];
    const name = key.toLowerCase();
    inMoves = name === 'moves' || (inMoves && !key);
    if (inMoves) moves.push(...moveTokens(name ? value : content));
    else if (name === 'options') {
      for (const item of value.split(/\s+/).filter(Boolean)) {
        const [option, ...rest] = item.split('=');
        if (OPTION_NAMES.includes(option) && rest.length) p.set(option, rest.join('='));
        else problems.push({ code: 'unknown', params: { name: item } });
      }
    } else if (POSITION.some(([param]) => param === name)) p.set(name, value);
    else if (name !== 'result')
      return { error: { code: 'line', params: { line, text: content.length > 40 ? `${content.slice(0, 39)}…` : content } } };
  }
  if (moves.length) p.set('moves', moves.join('.'));
  const link = /** @type {Decoded} */ (decodeLink(p.toString(), games));
  return { link: { ...link, problems: [...link.problems, ...problems] } };
}

/**
 * The moves of a moves line, without their numbers: `1. c 2. E` and `1.c 2.E` are `c`, `E`.
 * @param {string} text
 */
function moveTokens(text) {
  return text
    .replace(/(^|\s)\d+\.(?=\s|[A-Za-z]|$)/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** @param {string} text @returns {string} the text as an HTML attribute's value */
function attr(text) {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/**
 * The iframe that embeds the game or position shown, as the README's "Embed
 * in a wiki" writes it: the page's own address with `embed=1`, the game, its
 * options and set-up position; a game with moves is a replayable example
 * (`mode=view`) at the move shown (`ply`).
 * @param {string} site the page's address, without query or hash
 * @param {GameInfo} info
 * @param {GameState} g
 * @param {string} title the frame's title, for screen readers
 */
export function embedCode(site, info, g, title) {
  const moves = g.moves.map((mv) => mv.move);
  const p = new URLSearchParams([
    ['embed', '1'],
    ...new URLSearchParams(encodeLink(info, g.options, moves, moves.length, undefined, g.start, true)),
  ]);
  if (moves.length) {
    p.set('ply', String(g.ply));
    p.set('mode', 'view');
  }
  return `<iframe src="${attr(`${site}?${p}`)}" title="${attr(title)}" width="100%" height="${EMBED_HEIGHT}" style="border:0" loading="lazy"></iframe>`;
}

/**
 * The whole game shown, replayed to its end for its result.
 * @param {GameState} g
 * @param {typeof import('./engine.js').Game.replay} replay the engine's
 * @returns {Played}
 */
export function played(g, replay) {
  const moves = g.moves.map((mv) => mv.move);
  const last = replay(g.variant, g.options, moves, undefined, g.start ?? undefined);
  try {
    const end = last.state();
    return { options: g.options, start: g.start, moves, stores: end.stores, end: end.end };
  } finally {
    last.free();
  }
}

/** The buttons of the Moves panel that copy a record or an embed code, and the dialog that opens a record. */
export class Records {
  /**
   * @param {Context} ctx
   * @param {import('./session.js').Session} session
   * @param {(GameInfo & {name: string})[]} games the engine's games
   */
  constructor(ctx, session, games) {
    this.ctx = ctx;
    this.session = session;
    this.games = games;
    const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (ctx.doc.getElementById(id));
    this.box = $('copy-box');
    this.label = $('copy-label');
    this.text = /** @type {HTMLTextAreaElement} */ ($('copy-text'));
    this.dialog = /** @type {HTMLDialogElement} */ ($('transcript'));
    this.input = /** @type {HTMLTextAreaElement} */ ($('transcript-text'));
    this.error = $('transcript-error');
    $('transcript-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.open();
    });
    $('transcript-cancel').addEventListener('click', () => this.dialog.close());
  }

  /** The game shown and what the engine says of it, or null. */
  shown() {
    const g = this.ctx.store.state.game;
    const info = g && this.games.find((v) => v.id === g.variant);
    return g && info ? { g, info } : null;
  }

  /** "Copy record": the record of the game shown. */
  copy() {
    const shown = this.shown();
    if (shown)
      this.put(writeRecord(shown.info, played(shown.g, this.session.engine.Game.replay)), 'transcript.recordLabel', 'transcript.copied');
  }

  /** "Copy embed code": the iframe of the game or position shown. */
  embed() {
    const shown = this.shown();
    if (!shown) return;
    const { m } = this.ctx;
    const name = m.rules?.[shown.info.id]?.name ?? shown.info.name;
    const site = location.href.split(/[?#]/)[0];
    this.put(
      embedCode(site, shown.info, shown.g, m.t('transcript.embedTitle', { game: name })),
      'transcript.embedLabel',
      'transcript.embedCopied',
    );
  }

  /**
   * Shows a text under the moves, selected, and copies it when the browser lets us.
   * @param {string} text
   * @param {string} label its label's key
   * @param {string} done the notice's key once it is copied
   */
  put(text, label, done) {
    const { el, m, store } = this.ctx;
    el.shareBox.hidden = true;
    this.label.textContent = m.t(label);
    this.text.value = text;
    // A record keeps its lines (scrolled sideways if need be); an embed code wraps.
    this.text.wrap = text.includes('\n') ? 'off' : 'soft';
    this.text.rows = Math.min(8, text.split('\n').length + 1);
    this.box.hidden = false;
    this.text.select();
    const byHand = () => store.update({ notice: m.t('transcript.copyByHand'), noticeIsError: false });
    if (navigator.clipboard && isSecureContext) {
      navigator.clipboard.writeText(text).then(() => store.update({ notice: m.t(done), noticeIsError: false }), byHand);
    } else byHand();
  }

  /** "Open a record…": the dialog to paste one into. */
  paste() {
    this.error.textContent = '';
    this.input.removeAttribute('aria-invalid');
    this.dialog.showModal();
    this.input.focus();
    this.input.select();
  }

  /** Opens the record pasted, or says in the dialog what is wrong with it (the game shown stays). */
  open() {
    const { m } = this.ctx;
    const text = this.input.value;
    const read = text.trim() ? readRecord(text, this.games) : { error: { code: 'empty' } };
    const notice = read.link ? this.session.openDecoded(read.link, [], 'transcript') : recordError(m, read.error);
    if (notice === null) {
      this.dialog.close();
      return;
    }
    this.error.textContent = read.error?.code === 'empty' ? notice : `${notice} ${m.t('link.kept')}`;
    this.input.setAttribute('aria-invalid', 'true');
    this.input.focus();
  }
}

/**
 * Why a text is no record, in words.
 * @param {Messages} m
 * @param {{code: string, params?: Record<string, string | number>}} error
 */
export function recordError(m, error) {
  if (error.code === 'empty' || error.code === 'notRecord') return m.t(`transcript.${error.code}`);
  return m.t('transcript.bad', { reason: m.t(`transcript.${error.code}`, error.params) });
}
