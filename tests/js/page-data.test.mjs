// @ts-check
// The page names games only as data (issue 13 §2): no game id and no rule number in the code of
// www/js, where what a game has comes from the engine's variants(). Comments and JSDoc may cite
// rules (and should, beside the line that applies one); the texts (www/i18n) and docs are data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { VARIANTS } from './engine.mjs';

const js = fileURLToPath(new URL('../../www/js/', import.meta.url));

/**
 * The code of a module without its comments.
 * @param {string} text
 */
function code(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');
}

/** A rule number of docs/rules.md: C-6, MG-3, SQ-1, AM-9, AW-7. */
const RULE = /\b(C|MG|SQ|AM|AW)-\d+\b/g;

/**
 * Every game id and rule number in the code of `text`, as `line: word`.
 * @param {string} text
 * @param {readonly string[]} ids
 */
function named(text, ids) {
  return code(text)
    .split('\n')
    .flatMap((line, i) => {
      const words = [...ids.filter((id) => line.includes(id)), ...(line.match(RULE) ?? [])];
      return words.map((w) => `${i + 1}: ${w}`);
    });
}

test('the page names no game and no rule in its code', () => {
  const ids = VARIANTS.map((v) => v.id);
  assert.deepEqual(ids, ['mangala-iv', 'sadeqa-iii', 'al-manqala', 'anywoli']);
  /** @type {string[]} */
  const found = [];
  for (const file of readdirSync(js).filter((f) => f.endsWith('.js'))) {
    for (const hit of named(readFileSync(`${js}${file}`, 'utf8'), ids)) found.push(`${file}:${hit}`);
  }
  assert.deepEqual(found, []);
});

test('what counts: code, not comments', () => {
  const text = [
    "if (g.variant === 'anywoli') return; // AW-7",
    '/** MG-3: the ritual. */',
    "const limit = rules['C-6'];",
    "const url = 'https://example.org/al-manqala';",
  ].join('\n');
  assert.deepEqual(named(text, ['anywoli', 'al-manqala']), ['1: anywoli', '3: C-6', '4: al-manqala']);
});
