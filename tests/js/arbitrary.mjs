// @ts-check
// fast-check (one of the project's npm packages: the root package.json; cargo xtask test runs
// `npm ci`) and the arbitraries the property tests share, built from the engine's own option
// schema (`variants()`), so a test never re-spells a game's options.
import { createRequire } from 'node:module';

export const fc = /** @type {typeof import('fast-check')} */ (createRequire(new URL('../../package.json', import.meta.url))('fast-check'));

/** @typedef {import('../../www/js/engine.js').VariantInfo['options'][number]} OptionSpec */

/** A value for an option of each kind the schema has. @type {Record<OptionSpec['kind'], (o: OptionSpec) => import('fast-check').Arbitrary<unknown>>} */
const BY_KIND = {
  choice: (o) => fc.constantFrom(...(o.values ?? [])),
  flag: () => fc.boolean(),
  seed: () => fc.nat(999_999_999),
  setup: () => fc.oneof(fc.constant('even'), fc.record({ random: fc.nat(999_999_999) })),
};

/** Options of game `v`, each present or not, with a value of its kind (never another game's option).
 * @param {import('../../www/js/engine.js').VariantInfo} v */
export function optionsOf(v) {
  const each = Object.fromEntries(v.options.map((o) => [o.key, BY_KIND[o.kind](o)]));
  return fc.record(each, { requiredKeys: [], noNullPrototype: true });
}
