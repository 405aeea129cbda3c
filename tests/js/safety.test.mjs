// @ts-check
// The page's safety rules (issue 6), checked in the sources: the Content-Security-Policy of
// www/index.html allows only the site's own files plus 'wasm-unsafe-eval', and no script turns
// text into code or markup (no eval, no Function constructor, no innerHTML and kin), so nothing
// from a link, a saved game or a message can become HTML or script.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const www = fileURLToPath(new URL('../../www/', import.meta.url));

test('index.html has a CSP of the site itself plus wasm-unsafe-eval', () => {
  const html = readFileSync(`${www}index.html`, 'utf8');
  const metas = [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/g)];
  assert.equal(metas.length, 1);
  const policy = Object.fromEntries(
    metas[0][1].split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );
  assert.deepEqual(policy, {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'style-src': ["'self'"],
    'img-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
  });
  // Before anything that loads: the policy must come first in <head>.
  assert.ok(html.indexOf('Content-Security-Policy') < html.indexOf('<link'));
  assert.ok(!/<script(?![^>]*\bsrc=)[^>]*>/.test(html), 'no inline scripts');
  assert.ok(!/\son[a-z]+=/.test(html), 'no inline event handlers');
  assert.ok(!/\sstyle="/.test(html), 'no style attributes');
});

test('no script turns text into code or markup', () => {
  const files = [
    'sw.js',
    ...readdirSync(`${www}js`)
      .filter((f) => f.endsWith('.js'))
      .map((f) => `js/${f}`),
  ];
  const banned = [
    /\.innerHTML\b/,
    /\.outerHTML\b/,
    /\binsertAdjacentHTML\b/,
    /\bdocument\.write\b/,
    /\beval\s*\(/,
    /\bnew\s+Function\s*\(/,
    /\bset(Timeout|Interval)\s*\(\s*['"`]/,
    /\bcreateContextualFragment\b/,
    /\bsrcdoc\b/,
  ];
  /** @type {string[]} */
  const found = [];
  for (const file of files) {
    readFileSync(`${www}${file}`, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const code = line.replace(/\/\/.*$/, '').replace(/\/\*.*?\*\//g, '');
        if (/^\s*\*/.test(line)) return; // JSDoc
        for (const re of banned) if (re.test(code)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  assert.deepEqual(found, []);
});
