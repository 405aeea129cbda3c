// @ts-check
// No source file over 500 lines (issue 13 §3): the page's modules and styles (www) and each
// crate's sources (crates/*/src). Tests and generated files aside: a Rust file's inline
// `#[cfg(test)]` module is a test, and the text data of www/i18n is no source.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const LIMIT = 500;
const SOURCE = /\.(js|mjs|css|html|rs)$/;

/**
 * Every source file under `dir`.
 * @param {string} dir
 * @returns {string[]}
 */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return SOURCE.test(e.name) ? [path] : [];
  });
}

/**
 * The lines of a source file that count: a Rust file's up to its test module.
 * @param {string} path
 */
function length(path) {
  const lines = readFileSync(path, 'utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  const tests = path.endsWith('.rs') ? lines.findIndex((l) => l.startsWith('#[cfg(test)]')) : -1;
  return tests >= 0 ? tests : lines.length;
}

/** @param {string[]} files @returns {string[]} the files over the limit, with their length */
function tooLong(files) {
  return files.flatMap((f) => {
    const n = length(f);
    return n > LIMIT ? [`${relative(root, f)}: ${n} lines`] : [];
  });
}

test('no file of the page is over 500 lines', () => {
  assert.deepEqual(tooLong(sources(join(root, 'www'))), []);
});

test("no crate's source file is over 500 lines", () => {
  const crates = readdirSync(join(root, 'crates')).map((c) => join(root, 'crates', c, 'src'));
  assert.deepEqual(tooLong(crates.flatMap(sources)), []);
});
