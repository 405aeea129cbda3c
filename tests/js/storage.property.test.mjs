// @ts-check
// Property tests (fast-check) of the autosave reader (issue 12): any text stored under the
// autosave key reads as a game and a seating or is refused with a code the page translates —
// never another exception, never JSON.parse's own words — and what the page writes reads back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fc } from './arbitrary.mjs';
import { formatOf, parseAutosave } from '../../www/js/storage.js';

/** Text that is often JSON, and often nearly an autosave. */
const stored = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.json({ maxDepth: 3 }),
  fc
    .record(
      {
        save: fc.oneof(fc.string({ maxLength: 40 }), fc.json({ maxDepth: 2 }), fc.integer()),
        seating: fc.oneof(
          fc.anything({ maxDepth: 2 }),
          fc.record({
            mode: fc.constantFrom('two', 'computer', 'demo', 'x'),
            human: fc.constantFrom('south', 'north', 3),
            level: fc.integer({ min: -1, max: 9 }),
            players: fc.record({
              south: fc.constantFrom('p1', 'p2', 'you', 'computer', '<b>'),
              north: fc.constantFrom('p1', 'p2', 'you', 'computer'),
            }),
          }),
        ),
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
);

test('any stored text reads as an autosave or is refused with a translated code; it never throws anything else', () => {
  fc.assert(
    fc.property(stored, (text) => {
      let read;
      try {
        read = parseAutosave(text);
      } catch (err) {
        const code = /** @type {{code?: unknown}} */ (err).code;
        assert.ok(code === 'not-json' || code === 'malformed', `${text}: ${err}`);
        return;
      }
      assert.equal(typeof read.save, 'string');
      assert.equal(typeof read.seating, 'object');
      // Players reach a sentence only as one of the pairs their mode seats.
      const players = read.seating.players;
      if (players)
        assert.ok(['p1', 'p2', 'you', 'computer'].includes(players.south) && ['p1', 'p2', 'you', 'computer'].includes(players.north), text);
      const format = formatOf(text);
      assert.ok(format === null || Number.isInteger(format), text);
    }),
    { numRuns: 3000 },
  );
});

test('an autosave the page writes reads back: the same game and seating, and its format', () => {
  /** A seating the page writes: a mode, where the human sits, and the pair of players it seats. */
  const seated = (/** @type {string} */ mode, /** @type {string} */ human, /** @type {{south: string, north: string}} */ players) =>
    fc.record(
      { mode: fc.constant(mode), human: fc.constant(human), level: fc.integer({ min: 1, max: 5 }), players: fc.constant(players) },
      { noNullPrototype: true },
    );
  const seating = fc.oneof(
    seated('two', 'south', { south: 'p1', north: 'p2' }),
    seated('two', 'north', { south: 'p2', north: 'p1' }),
    seated('computer', 'south', { south: 'you', north: 'computer' }),
    seated('computer', 'north', { south: 'computer', north: 'you' }),
  );
  fc.assert(
    fc.property(fc.nat(9), fc.array(fc.nat(23).map(String), { maxLength: 30 }), seating, (format, moves, seats) => {
      const save = JSON.stringify({ format, variant: 'anywoli', moves });
      const text = JSON.stringify({ save, seating: seats });
      assert.deepEqual(parseAutosave(text), { save, seating: seats });
      assert.equal(formatOf(text), format);
    }),
    { numRuns: 500 },
  );
});
