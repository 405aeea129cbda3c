// @ts-check
/**
 * Every sentence the page says, as pure functions of (messages, state): the
 * names of sides, players and pits, the options line, the preview and the
 * narration of a move, whose turn it is, the result, the banners over the
 * board, the split offer, and why a game or a link could not be opened.
 * No DOM, no wasm: `node --test` reads it with the real string tables.
 *
 * Sentences about a player are written per person (www/i18n/README.md):
 * such a key holds `{you, computer, other}`, picked by the player's id —
 * "You win", "The computer wins", "Player 1 wins" (`{player}` names the
 * player in `other` only). Seeds that are the object of a verb (captured,
 * taken) use `seedsObject`, the accusative where a language has one.
 * @module narrate
 */

import { pitLetter } from './catalog.js';
import { other, sideOf } from './state.js';

/** @typedef {import('./state.js').Seating} Seating */
/** @typedef {import('./state.js').AppState} AppState */
/** @typedef {import('./engine.js').Side} Side */
/** @typedef {import('./engine.js').Step} Step */
/** @typedef {import('./engine.js').GameState} GameState */
/** @typedef {import('./engine.js').VariantInfo} VariantInfo */
/** @typedef {import('./engine.js').OptionSpec} OptionSpec */
/** @typedef {import('./i18n.js').Messages} Messages */
/** @typedef {'you' | 'computer' | 'other'} Person */

/** The players a seat can hold (state.js `seatsFor`, ritual.js). */
export const PLAYERS = /** @type {const} */ (['p1', 'p2', 'you', 'computer']);

/**
 * @param {Messages} m
 * @param {Side} side
 */
export function sideName(m, side) {
  return m.t(`side.${side}`);
}

/**
 * A player's name ("Player 1", "You", "Computer"); a seat holding no known
 * player is named by its side.
 * @param {Messages} m
 * @param {Seating} seating
 * @param {Side} side
 */
export function playerName(m, seating, side) {
  const id = seating.players[side];
  return isPlayer(id) ? m.t(`player.${id}`) : sideName(m, side);
}

/** @param {unknown} id @returns {id is typeof PLAYERS[number]} */
export function isPlayer(id) {
  return PLAYERS.includes(/** @type {any} */ (id));
}

/**
 * The grammatical person of a player id.
 * @param {string} id
 * @returns {Person}
 */
export function person(id) {
  return id === 'you' || id === 'computer' ? id : 'other';
}

/**
 * A sentence about the player `id`, in its person; `{player}` is its name.
 * @param {Messages} m
 * @param {string} key a per-person key (`{you, computer, other}`)
 * @param {string} id 'p1', 'p2', 'you' or 'computer'
 * @param {Record<string, string | number>} [params]
 */
export function said(m, key, id, params = {}) {
  return m.t(`${key}.${person(id)}`, { player: isPlayer(id) ? m.t(`player.${id}`) : '', ...params });
}

/**
 * A sentence about the player of `side`; `{side}` is the side's name.
 * @param {Messages} m
 * @param {string} key a per-person key
 * @param {Seating} seating
 * @param {Side} side
 * @param {Record<string, string | number>} [params]
 */
export function saidOf(m, key, seating, side, params = {}) {
  const id = seating.players[side];
  return m.t(`${key}.${person(id)}`, { player: playerName(m, seating, side), side: sideName(m, side), ...params });
}

/**
 * Seeds as the object of a verb ("captures 4 seeds"): Greek and Turkish
 * decline them.
 * @param {Messages} m
 * @param {number} n
 */
export function seedsObject(m, n) {
  return m.t('seedsObject', { n });
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
 * The value of an option in a game, its default when not given.
 * @param {VariantInfo} info
 * @param {Record<string, unknown>} options
 * @param {string} key
 */
export function optionValue(info, options, key) {
  return options[key] ?? info.options.find((o) => o.key === key)?.default;
}

/**
 * The options line's words for an option's value (i18n keys), by option key;
 * a value without words is not said.
 * @type {Record<string, (value: unknown) => string | undefined>}
 */
const INFO_WORDS = {
  first: (v) => (v === 'north' ? 'info.firstNorth' : undefined),
  freeChoice: (v) => (v ? 'info.free' : 'info.forcedPlay'),
  lastFour: (v) => `info.last.${v}`,
};

/**
 * The options line under the title: what is special about this game, the
 * rules every game shares last.
 * @param {Messages} m
 * @param {GameState} g
 * @param {VariantInfo} info
 * @returns {(string | {seed: string})[]} text pieces; seeds are set apart
 */
export function optionPieces(m, g, info) {
  const o = /** @type {Record<string, unknown>} */ (g.options);
  /** @type {(string | {seed: string})[]} */
  const parts = [m.t('info.size', { n: g.pitsPerRow, seeds: g.seeds })];
  const common = (/** @type {OptionSpec} */ s) => s.rule.startsWith('C-');
  for (const spec of [...info.options.filter((s) => !common(s)), ...info.options.filter(common)]) {
    const value = optionValue(info, o, spec.key);
    if (spec.kind === 'setup') {
      if (value && typeof value === 'object' && 'random' in value) parts.push(m.t('info.setupRandom'), { seed: String(value.random) });
    } else if (spec.kind === 'seed') {
      if (!spec.when || optionValue(info, o, spec.when.key) === spec.when.value)
        parts.push(m.t(`info.${spec.key}`), { seed: String(value) });
    } else {
      const key = INFO_WORDS[spec.key]?.(value);
      if (key) parts.push(m.t(key));
    }
  }
  return parts;
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
  if (!p.legal) return refusal(m, g, s.previewPit, p);
  return describeMove(m, g, s.previewPit, p.trace ?? [], p.end, true);
}

/**
 * Why a move cannot be played, from the engine's preview of it.
 * @param {Messages} m
 * @param {GameState} g
 * @param {number | 'split'} move
 * @param {import('./engine.js').Preview} p
 */
export function refusal(m, g, move, p) {
  const n = g.pitsPerRow;
  const letter = move === 'split' ? m.t('record.split') : pitLetter(move, n);
  return m.t(`why.${p.reason ?? 'game-over'}`, { letter, forced: p.forced === null ? '' : pitLetter(p.forced, n) });
}

/**
 * Seeds captured in a trace, per side: during the move, and settled at its end.
 * @param {Step[]} trace
 */
function takings(trace) {
  const taken = { south: 0, north: 0 };
  const settled = { south: 0, north: 0 };
  for (const step of trace) {
    if (step.type === 'capture') (step.kind === 'settle' ? settled : taken)[step.to] += step.seeds;
  }
  return { taken, settled };
}

/**
 * A move in words, from its trace: laps, where it ends, captures, extra
 * move, passes, the end.
 * @param {Messages} m
 * @param {GameState} g the position the move is played from
 * @param {number | 'split'} move
 * @param {Step[]} trace
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
  const { taken, settled } = takings(trace);
  /** @type {Side | null} */
  let extra = null;
  /** @type {Side[]} */
  const passes = [];
  for (const step of trace) {
    if (step.type === 'extra-move') extra = step.side;
    if (step.type === 'pass') passes.push(step.side);
  }
  for (const side of /** @type {const} */ (['south', 'north'])) {
    if (taken[side] > 0) parts.push(m.t(`narrate.${mode}.capture`, { side: sideName(m, side), seeds: seedsObject(m, taken[side]) }));
  }
  if (extra) parts.push(m.t(`narrate.${mode}.extra`, { side: sideName(m, extra) }));
  for (const side of passes) parts.push(m.t(`narrate.${mode}.pass`, { side: sideName(m, side) }));
  for (const side of /** @type {const} */ (['south', 'north'])) {
    if (settled[side] > 0) parts.push(m.t(`narrate.${mode}.settle`, { side: sideName(m, side), seeds: seedsObject(m, settled[side]) }));
  }
  if (end) parts.push(m.t(`narrate.${mode}.end`));
  return parts.join(' ');
}

/**
 * Whether one more repetition of the position shown would end the game (C-6).
 * @param {GameState} g
 * @param {VariantInfo} info
 */
export function nearRepetition(g, info) {
  return !g.over && g.seen === info.repetition - 1;
}

/**
 * Who moves now, in words (and that one more repetition would end the game, C-6).
 * @param {Messages} m
 * @param {Seating} seating
 * @param {GameState} g
 * @param {VariantInfo} info
 */
export function turnLine(m, seating, g, info) {
  if (!g.toMove) return '';
  const line = saidOf(m, 'narrate.turn', seating, g.toMove);
  return nearRepetition(g, info) ? `${line} ${m.t('narrate.seenTwice')}` : line;
}

/**
 * The player bar's word for the side to move: "to move", "your move", "thinking…".
 * @param {Messages} m
 * @param {Seating} seating
 * @param {Side} side
 * @param {boolean} thinking the computer is choosing its move
 */
export function toMoveText(m, seating, side, thinking) {
  return thinking ? m.t('player.thinking') : saidOf(m, 'player.toMove', seating, side);
}

/**
 * The result in one line: "Game over: you (South) win, 52–46 (board empty)."
 * @param {Messages} m
 * @param {Seating} seating
 * @param {GameState} g
 */
export function resultLine(m, seating, g) {
  if (!g.end) return '';
  const params = { score: `${g.stores.south}–${g.stores.north}`, reason: m.t(`end.reason.${g.end.reason}`) };
  return g.end.winner ? saidOf(m, 'end.line', seating, g.end.winner, params) : m.t('end.lineDraw', params);
}

/**
 * The end panel's texts: who won, the score, why the game ended, and how
 * the seeds left were given out.
 * @param {Messages} m
 * @param {Seating} seating
 * @param {GameState} g a finished game
 * @param {VariantInfo} info
 */
export function endTexts(m, seating, g, info) {
  const end = /** @type {import('./engine.js').EndView} */ (g.end);
  const title = end.winner ? saidOf(m, 'end.wins', seating, end.winner) : m.t('end.draw');
  const score = m.t('end.score', { south: sideName(m, 'south'), north: sideName(m, 'north'), a: g.stores.south, b: g.stores.north });
  let extra = '';
  if (end.reason === 'four-left') {
    const rule = optionValue(info, g.options, 'lastFour');
    const seed = Number(optionValue(info, g.options, 'lotSeed'));
    extra = rule === 'lot' && g.lot ? m.t('end.lot', { seed, side: sideName(m, g.lot) }) : m.t(`end.lastFour.${rule}`);
  } else if (end.reason === 'repetition') {
    extra = m.t(info.split ? 'end.repetitionSplit' : 'end.repetitionRows');
  }
  return { title, score, reason: m.t(`end.why.${end.reason}`), extra };
}

/**
 * The words on the board for an animation event. A seed left on the board
 * is settled pit by pit; the banner names what the side takes in all.
 * @param {Messages} m
 * @param {Step} step
 * @param {GameState} after the position the move leads to
 * @param {Step[]} trace the whole move
 * @param {VariantInfo} info
 */
export function banner(m, step, after, trace, info) {
  switch (step.type) {
    case 'lift':
      return m.t('banner.lap', { n: step.lap });
    case 'capture': {
      const side = sideName(m, step.to);
      if (step.kind === 'mid-sow') return m.t('banner.midSow', { side, seeds: seedsObject(m, step.seeds) });
      if (step.kind === 'settle') {
        const seeds = seedsObject(m, takings(trace).settled[step.to]);
        if (after.end?.reason !== 'four-left') return m.t('banner.settle', { side, seeds });
        if (after.options.lastFour === 'lot' && after.lot) {
          return m.t('banner.lot', { seed: Number(optionValue(info, after.options, 'lotSeed')), side: sideName(m, after.lot) });
        }
        return m.t('banner.lastFour', { side, seeds });
      }
      return m.t('banner.capture', { side, seeds: seedsObject(m, step.seeds) });
    }
    case 'extra-move':
      return m.t('banner.extra', { side: sideName(m, step.side) });
    case 'pass':
      return m.t('banner.pass', { side: sideName(m, step.side) });
    case 'end':
      return m.t('banner.end');
    default:
      return '';
  }
}

/**
 * A proposal of the split (AM-9): its title and the question to the other player.
 * @param {Messages} m
 * @param {Seating} seating
 * @param {GameState} g
 * @param {Side} proposer
 */
export function splitOffer(m, seating, g, proposer) {
  const left = g.board.reduce((a, b) => a + b, 0);
  const answerer = other(proposer);
  return {
    title: saidOf(m, 'split.title', seating, proposer),
    text: saidOf(m, 'split.text', seating, answerer, { left: m.t('seeds', { n: left }), half: seedsObject(m, left / 2) }),
  };
}

/**
 * The answer to a proposal of the split, by the player of `side`.
 * @param {Messages} m
 * @param {Seating} seating
 * @param {Side} side
 * @param {boolean} accepted
 */
export function splitAnswer(m, seating, side, accepted) {
  return saidOf(m, accepted ? 'split.accepted' : 'split.declined', seating, side);
}

/**
 * Why the engine (or the autosave) refused a game, in the player's
 * language: the translation of its `code` (`load.<code>`), ids inside its
 * details translated too; never the engine's or a library's English.
 * @param {Messages} m
 * @param {unknown} err a ReadError (engine.js) or an Error with a `code`
 * @param {readonly string[]} [written] the moves as a link wrote them, to name a bad one so
 */
export function readError(m, err, written = []) {
  const { code, params } = /** @type {import('./engine.js').ReadError} */ (err instanceof Error ? err : {});
  const key = `load.${code}`;
  if (typeof code !== 'string' || m.t(key) === key) return m.t('load.unknown');
  /** @type {Record<string, string | number>} */
  const words = { ...params };
  if (typeof words.number === 'number' && written[words.number - 1] !== undefined) words.text = written[words.number - 1];
  // Ids inside the details (a rule broken, an option) have words too.
  for (const name of ['why', 'option']) {
    const idKey = `load.${name}.${String(words[name]).replaceAll('.', '-')}`;
    const text = m.t(idKey);
    if (name in words && text !== idKey) words[name] = text;
  }
  return m.t(key, words);
}

/**
 * A bad parameter of a link or an embed (link.js, embed.js, main.js):
 * `param.<code>` with its details; `allowed` lists the values it may take.
 * @typedef {object} Problem
 * @property {string} code
 * @property {Record<string, string | number>} [params]
 * @property {readonly (string | number)[]} [allowed]
 */

/**
 * A bad parameter in words: "the side to move (turn) must be south or north, not “east”".
 * @param {Messages} m
 * @param {Problem} p
 */
export function problemText(m, p) {
  const allowed = p.allowed ? new Intl.ListFormat(m.lang, { type: 'disjunction' }).format(p.allowed.map(String)) : '';
  // A value as it was written, cut short if it is long (a pasted page, a script).
  const params = Object.fromEntries(
    Object.entries(p.params ?? {}).map(([k, v]) => [k, typeof v === 'string' && v.length > 40 ? `${v.slice(0, 39)}…` : v]),
  );
  return m.t(`param.${p.code}`, { ...params, allowed });
}

/**
 * Bad parameters and an engine's refusal as one list, each said once.
 * @param {Messages} m
 * @param {readonly Problem[]} problems
 * @param {string | null} [refusal] why the engine refused the game, in words
 */
export function reasons(m, problems, refusal = null) {
  const all = [...new Set(problems.map((p) => problemText(m, p)))];
  if (refusal) all.push(refusal);
  return all.join('; ');
}

/**
 * Why a link could not be opened: its bad parameters and the engine's refusal.
 * @param {Messages} m
 * @param {readonly Problem[]} problems
 * @param {string | null} refusal why the engine refused the game, in words
 */
export function linkRefused(m, problems, refusal) {
  return m.t('link.bad', { reason: reasons(m, problems, refusal) });
}

/**
 * What of a link (or of the page's address) was ignored; '' when nothing was.
 * @param {Messages} m
 * @param {readonly Problem[]} problems
 */
export function linkIgnored(m, problems) {
  return problems.length ? m.t('link.ignored', { reason: reasons(m, problems) }) : '';
}
