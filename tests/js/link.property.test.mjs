// @ts-check
// Property tests (fast-check) of the share-link codec (issue 12): a link the page writes reads
// back as the same game, and any text at all reads as a game, as no link, or as problems that
// every language can put in words — never a throw, never a key or a placeholder left showing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fc, optionsOf } from './arbitrary.mjs';
import { readFileSync } from 'node:fs';
import { Messages } from '../../www/js/i18n.js';
import { VARIANTS } from './engine.mjs';
import { decodeLink, encodeLink } from '../../www/js/link.js';
import { linkIgnored, linkRefused } from '../../www/js/narrate.js';

/** The games as the engine's `variants()` gives them (pits per row: rules MG-1, SQ-1, AM-1, AW-1). */
const GAMES = VARIANTS;
const LANGS = /** @type {const} */ (['en', 'it', 'el', 'fil', 'tr']);
/** @param {string} lang */
const table = (lang) => JSON.parse(readFileSync(new URL(`../../www/i18n/${lang}.json`, import.meta.url), 'utf8'));
const english = table('en');
const messages = LANGS.map((lang) => new Messages(lang, table(lang), english, {}));

/** A game as the page holds it: id, options, moves (engine numbers or `split`), ply, seating, start. */
const games = fc
  .constantFrom(...GAMES)
  .chain((g) =>
    fc.record({
      game: fc.constant(g),
      // The game's own options (a game is never given another's).
      options: optionsOf(g),
      moves: fc.array(fc.oneof(fc.nat(2 * g.pitsPerRow - 1), fc.constant(/** @type {const} */ ('split'))), { maxLength: 40 }),
      seating: fc.record({
        mode: fc.constantFrom('two', 'computer', 'demo'),
        human: fc.constantFrom('south', 'north'),
        level: fc.integer({ min: 1, max: 5 }),
        players: fc.constant({ south: 'p1', north: 'p2' }),
      }),
      start: fc.option(
        fc.record(
          {
            board: fc.array(fc.nat(98), { minLength: 2 * g.pitsPerRow, maxLength: 2 * g.pitsPerRow }),
            stores: fc.record({ south: fc.nat(98), north: fc.nat(98) }, { noNullPrototype: true }),
            turn: fc.constantFrom('south', 'north'),
          },
          { noNullPrototype: true },
        ),
        { nil: null },
      ),
    }),
  )
  .chain((g) => fc.record({ g: fc.constant(g), ply: fc.integer({ min: 0, max: g.moves.length }) }));

test('a link the page writes reads back as the same game, in letters or in numbers', () => {
  fc.assert(
    fc.property(games, fc.boolean(), ({ g, ply }, letters) => {
      const text = encodeLink(g.game, /** @type {any} */ (g.options), g.moves, ply, /** @type {any} */ (g.seating), g.start, letters);
      const d = decodeLink(`#${text}`, GAMES);
      assert.ok(d, text);
      assert.deepEqual(d.problems, [], text);
      const saved = /** @type {import('../../www/js/session.js').Description} */ (d.game);
      assert.equal(saved.variant, g.game.id);
      assert.deepEqual(saved.moves, g.moves);
      assert.equal(saved.ply ?? g.moves.length, ply);
      if (g.start) assert.deepEqual(saved.start, g.start);
      else assert.equal(saved.start, undefined);
      // The options the link keeps are the ones that differ from a game's defaults.
      if (g.options.first === 'north') assert.equal(saved.options.first, 'north');
      if (g.options.freeChoice) assert.equal(saved.options.freeChoice, true);
      if (g.seating.mode !== 'two') assert.equal(d.seating.mode, g.seating.mode);
    }),
    { numRuns: 500 },
  );
});

/** Text that looks like a link often enough to reach every branch of the decoder. */
const linkish = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          'game',
          'moves',
          'ply',
          'board',
          'stores',
          'turn',
          'first',
          'setup',
          'seed',
          'free',
          'seeds',
          'last',
          'lot',
          'mode',
          'side',
          'level',
          'lang',
          'embed',
          'theme',
          'computer',
          'allow',
          'x',
        ),
        fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('sadeqa-iii', 'anywoli', 'c.E.b', '-6', 'east', '1.x', '99', 'split', '')),
      ),
      { maxLength: 8 },
    )
    .map((pairs) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')),
);

/** The values of the link that its problems quote back, longest first. @param {{ params?: Record<string, unknown> }[]} problems */
const quotedValues = (problems) =>
  problems
    .flatMap((p) => Object.values(p.params ?? {}))
    .map(String)
    .filter((v) => v !== '')
    .sort((a, b) => b.length - a.length);

test('any text is a game, no link, or problems put in words in every language; it never throws', () => {
  fc.assert(
    fc.property(linkish, fc.constantFrom('#', '?', ''), (text, lead) => {
      const d = decodeLink(lead + text, GAMES);
      if (d === null) return;
      assert.ok(d.game !== null || d.problems.length > 0, 'no game and no reason');
      for (const m of messages) {
        for (const said of [linkRefused(m, d.problems, null), linkIgnored(m, d.problems)]) {
          assert.equal(typeof said, 'string');
          // No key shown as itself, no placeholder left unfilled — in the words around the values
          // the link itself brought, which are quoted as they came (`game=%7BA%7D` is "{A}").
          const words = quotedValues(d.problems).reduce((rest, value) => rest.split(value).join(''), said);
          assert.doesNotMatch(words, /\b(link|param|load)\.[a-z]/, said);
          assert.doesNotMatch(words, /\{[A-Za-z]+\}/, said);
        }
      }
    }),
    { numRuns: 2000 },
  );
});
