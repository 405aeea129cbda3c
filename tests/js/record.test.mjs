// @ts-check
// Game records (issue 11 §4, record.js): the text "Copy record" writes — exact lines for a game
// in progress, a set-up position with options and a finished game — and what reading one says
// when it is no record, names an unknown game or holds an illegal move; a property test (fast-check)
// that any game played by the engine's rules reads back from its record as the same game; and the
// embed code's iframe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fc, optionsOf } from './arbitrary.mjs';
import { readFileSync } from 'node:fs';
import { VARIANTS, wasm } from './engine.mjs';
import { Messages } from '../../www/js/i18n.js';
import { embedCode, played, readRecord, recordError, writeRecord } from '../../www/js/record.js';
import { readError, reasons } from '../../www/js/narrate.js';

/** @param {string} lang */
const table = (lang) => JSON.parse(readFileSync(new URL(`../../www/i18n/${lang}.json`, import.meta.url), 'utf8'));
const english = table('en');
const en = new Messages('en', english, english, {});
const tr = new Messages('tr', table('tr'), english, {});

/** @param {string} id */
const info = (id) => /** @type {import('../../www/js/engine.js').VariantInfo} */ (VARIANTS.find((v) => v.id === id));

/**
 * The engine's `Game.replay` as engine.js gives it: its state's position alongside the rest.
 * @type {typeof import('../../www/js/engine.js').Game.replay}
 */
const replay = (variant, options, moves, ply, start) => {
  const g = wasm.Game.replay(variant, options, moves, ply, start);
  return /** @type {any} */ ({
    state: () => {
      const { position, ...s } = g.state();
      return { ...s, ...position, pitsPerRow: info(variant).pitsPerRow };
    },
    free: () => g.free(),
  });
};

/**
 * A game's record, from its moves.
 * @param {string} variant
 * @param {Record<string, unknown>} options
 * @param {(number | string)[]} moves
 * @param {import('../../www/js/engine.js').StartView} [start]
 */
function recordOf(variant, options, moves, start) {
  const g = replay(variant, options, moves, undefined, start);
  try {
    return writeRecord(info(variant), played(g.state(), replay));
  } finally {
    g.free();
  }
}

test("a game in progress: the game's name and id, then its moves as the move list shows them", () => {
  assert.equal(recordOf('sadeqa-iii', {}, ['c', 'E', 'b']), 'Mancala Atlas — Sadeqa III (sadeqa-iii)\nMoves: 1. c 2. E 3. b');
  // No move yet: the first line alone.
  assert.equal(recordOf('anywoli', {}, []), 'Mancala Atlas — Anywoli (anywoli)');
});

test('options that differ from the defaults, a set-up position, and how the game ended (AM-4, AM-8)', () => {
  // Al-manqala's feeding rule (AM-4): South must sow g, the pit that reaches North's empty row.
  const start = {
    board: [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
    stores: { south: 48, north: 48 },
    turn: /** @type {const} */ ('south'),
  };
  const text = recordOf('al-manqala', { first: 'north' }, [6], start);
  assert.equal(
    text,
    [
      'Mancala Atlas — Al-manqala (al-manqala)',
      'Options: first=north',
      'Board: 1.0.0.0.0.0.1.0.0.0.0.0.0.0',
      'Stores: 48.48',
      'Turn: south',
      'Moves: 1. g',
    ].join('\n'),
  );
  // A finished game ends with its result (the hint spec's Sadeqa III position, played out by its first legal moves).
  const sadeqa = {
    board: [1, 1, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 1, 1, 1, 0],
    stores: { south: 43, north: 44 },
    turn: /** @type {const} */ ('south'),
  };
  const g = play('sadeqa-iii', {}, Array(200).fill(0), sadeqa);
  const { moves, position } = g.state();
  g.free();
  assert.equal(position.over, true);
  const finished = recordOf(
    'sadeqa-iii',
    {},
    moves.map((/** @type {{move: number}} */ mv) => mv.move),
    sadeqa,
  );
  const winner = position.end.winner === 'south' ? 'South wins' : position.end.winner === 'north' ? 'North wins' : 'a draw';
  assert.equal(
    finished.split('\n').at(-1),
    `Result: South ${position.stores.south} – North ${position.stores.north}, ${winner} (${position.end.reason})`,
  );
  assert.equal(position.stores.south + position.stores.north, 96);
});

test('a long game goes on over several lines of at most 72 characters, and reads back', () => {
  const g = play('anywoli', {}, [...Array(40).keys()], undefined);
  const moves = g.state().moves.map((/** @type {{move: number}} */ mv) => mv.move);
  g.free();
  const text = recordOf('anywoli', {}, moves);
  const lines = text.split('\n');
  assert.ok(lines.length > 3, text);
  for (const line of lines) assert.ok(line.length <= 72, line);
  assert.match(lines[2], /^ {2}\d+\. [a-lA-L]/);
  assert.deepEqual(readRecord(text, VARIANTS).link?.game?.moves, moves);
});

test('reading: not a record, an unknown game, an unknown line, an unknown option — named in words', () => {
  assert.deepEqual(readRecord('moves: a b c', VARIANTS), { error: { code: 'notRecord' } });
  assert.equal(
    recordError(en, { code: 'notRecord' }),
    'This text is not a game record: a record starts with a line such as “Mancala Atlas — Sadeqa III (sadeqa-iii)”.',
  );
  const unknown = readRecord('Mancala Atlas — Oware (oware)\nMoves: 1. a', VARIANTS).link;
  assert.ok(unknown);
  assert.equal(unknown.game, null);
  assert.equal(
    en.t('transcript.bad', { reason: reasons(en, unknown.problems) }),
    'This record could not be opened: unknown game "oware": choose mangala-iv, sadeqa-iii, al-manqala, or anywoli.',
  );
  const line = readRecord('Mancala Atlas — Sadeqa III (sadeqa-iii)\n\nPlayers: me and you\nMoves: 1. c', VARIANTS);
  assert.deepEqual(line, { error: { code: 'line', params: { line: 3, text: 'Players: me and you' } } });
  assert.equal(
    recordError(en, /** @type {any} */ (line).error),
    'This record could not be opened: line 3 (“Players: me and you”) is not part of a record: each line starts with Options, Board, Stores, Turn, Moves or Result.',
  );
  assert.equal(
    recordError(tr, /** @type {any} */ (line).error),
    'Bu kayıt açılamadı: 3. satır (“Players: me and you”) bir kaydın parçası değil: her satır Options, Board, Stores, Turn, Moves ya da Result ile başlar.',
  );
  const option = readRecord('Mancala Atlas — Sadeqa III (sadeqa-iii)\nOptions: speed=fast seeds=four', VARIANTS).link;
  assert.deepEqual(option?.game?.options, { sadeqaSeeds: 'four' });
  assert.deepEqual(option?.problems, [{ code: 'unknown', params: { name: 'speed=fast' } }]);
});

test('an illegal move is named by its number and as the record wrote it (the engine checks every move)', () => {
  const text = 'Mancala Atlas — Sadeqa III (sadeqa-iii)\nMoves: 1. c 2. E 3. b\n  4. b 5. a';
  const link = readRecord(text, VARIANTS).link;
  const game = link?.game;
  assert.ok(link && game);
  assert.deepEqual(game.moves, [2, 12, 1, 1, 0]);
  assert.throws(
    () => replay(game.variant, game.options, game.moves, undefined, undefined),
    (/** @type {unknown} */ err) => {
      assert.equal(readError(en, err, link.written), 'move 4 ("b") cannot be played: not your pit');
      return true;
    },
  );
  // Numbers written close to their moves, and the engine's pit numbers, read the same.
  assert.deepEqual(readRecord('Mancala Atlas — Sadeqa III (sadeqa-iii)\nMoves: 1.c 2.E 3. 1', VARIANTS).link?.game?.moves, [2, 12, 1]);
});

/** A game played by the rules: a game, its options, choices among the legal moves, maybe set up from a position it reached. */
const games = fc.constantFrom(...VARIANTS).chain((v) =>
  fc.record({
    variant: fc.constant(v.id),
    options: optionsOf(v),
    choices: fc.array(fc.nat(), { maxLength: 120 }),
    setUpAfter: fc.option(fc.nat(30), { nil: null }),
  }),
);

/**
 * Plays a game's choices (each picks one of the legal moves) until it is over.
 * @param {string} variant
 * @param {Record<string, unknown>} options
 * @param {number[]} choices
 * @param {import('../../www/js/engine.js').StartView | undefined} start
 */
function play(variant, options, choices, start) {
  const g = wasm.Game.replay(variant, options, [], undefined, start);
  for (const choice of choices) {
    const { position } = g.state();
    if (position.over || !position.legal.length) break;
    g.play(String(position.legal[choice % position.legal.length]));
  }
  return g;
}

test('any game played by the rules reads back from its record as the same game (fast-check)', () => {
  fc.assert(
    fc.property(games, ({ variant, options, choices, setUpAfter }) => {
      /** @type {import('../../www/js/engine.js').StartView | undefined} */
      let start;
      if (setUpAfter !== null) {
        const before = play(variant, options, choices.slice(0, setUpAfter), undefined);
        const { position } = before.state();
        before.free();
        if (position.over || !position.toMove) return;
        start = { board: position.board, stores: position.stores, turn: position.toMove };
      }
      const g = play(variant, options, choices.slice(setUpAfter ?? 0), start);
      const moves = g.state().moves.map((/** @type {{move: number | 'split'}} */ mv) => mv.move);
      const text = recordOf(variant, options, moves, start);
      const read = readRecord(text, VARIANTS).link;
      assert.ok(read?.game, text);
      assert.deepEqual(read.problems, [], text);
      const again = wasm.Game.replay(read.game.variant, read.game.options, read.game.moves, read.game.ply, read.game.start);
      assert.deepEqual(again.state(), g.state(), text);
      assert.equal(again.save(), g.save(), text);
      again.free();
      g.free();
    }),
    { numRuns: 300 },
  );
});

test('any text at all reads as a game, as problems, or as no record; never a throw', () => {
  const recordish = fc.oneof(
    fc.string({ maxLength: 120 }),
    fc
      .array(
        fc.oneof(fc.constantFrom('Options: ', 'Board: ', 'Stores: ', 'Turn: ', 'Moves: ', 'Result: ', '  '), fc.string({ maxLength: 4 })),
        {
          maxLength: 12,
        },
      )
      .map(
        (parts) => `Mancala Atlas — X (${['sadeqa-iii', 'anywoli', 'x'][parts.length % 3]})\n${parts.join(parts.length % 2 ? '\n' : ' ')}`,
      ),
  );
  fc.assert(
    fc.property(recordish, (text) => {
      const read = readRecord(text, VARIANTS);
      if (read.error) assert.doesNotMatch(recordError(en, read.error), /\{[a-z]+\}|transcript\./);
      else assert.ok(read.link.game !== null || read.link.problems.length > 0);
    }),
    { numRuns: 1000 },
  );
});

test("the embed code: the page with embed=1, the game, its position, moves and ply, in the README's iframe", () => {
  const g = replay('sadeqa-iii', {}, ['c', 'E', 'b'], 1, undefined).state();
  assert.equal(
    embedCode('https://example.org/mancala/', info('sadeqa-iii'), g, 'Sadeqa III, a game of Mancala Atlas'),
    '<iframe src="https://example.org/mancala/?embed=1&amp;game=sadeqa-iii&amp;moves=c.E.b&amp;ply=1&amp;mode=view" title="Sadeqa III, a game of Mancala Atlas" width="100%" height="460" style="border:0" loading="lazy"></iframe>',
  );
  const start = {
    board: [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
    stores: { south: 48, north: 48 },
    turn: /** @type {const} */ ('south'),
  };
  const p = replay('al-manqala', { first: 'north' }, [], undefined, start).state();
  assert.equal(
    embedCode('https://example.org/mancala/', info('al-manqala'), p, 'A "puzzle" <here>'),
    '<iframe src="https://example.org/mancala/?embed=1&amp;game=al-manqala&amp;first=north&amp;board=1.0.0.0.0.0.1.0.0.0.0.0.0.0&amp;stores=48.48&amp;turn=south" title="A &quot;puzzle&quot; &lt;here>" width="100%" height="460" style="border:0" loading="lazy"></iframe>',
  );
});
