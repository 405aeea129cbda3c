// @ts-check
// docs/rules.md, the project's rules reference, against the team's reference it restates
// (shared/rules.md beside the repository, when this checkout has it): the same rules, id for id,
// in the same words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const docs = fileURLToPath(new URL('../../docs/rules.md', import.meta.url));
const shared = fileURLToPath(new URL('../../../shared/rules.md', import.meta.url));

/**
 * Each rule's text by id: a bullet `- **ID Title.** text…` up to the next bullet or heading,
 * whitespace folded.
 * @param {string} markdown
 * @returns {Map<string, string>}
 */
export function rulesOf(markdown) {
  const rules = new Map();
  const bullets = markdown.split(/\n(?=- \*\*|#)/);
  for (const b of bullets) {
    const m = /^- \*\*([A-Z]{1,2}-\d+)\b/.exec(b);
    if (m) rules.set(m[1], b.replace(/\s+/g, ' ').trim());
  }
  return rules;
}

test('docs/rules.md names every rule once, each family numbered from 1 without gaps', () => {
  const text = readFileSync(docs, 'utf8');
  const ids = [...text.matchAll(/^- \*\*([A-Z]{1,2}-\d+)\b/gm)].map((m) => m[1]);
  assert.equal(new Set(ids).size, ids.length, 'an id is used twice');
  /** @type {Record<string, number[]>} */
  const families = {};
  for (const id of ids) {
    const [family, n] = id.split('-');
    families[family] = [...(families[family] ?? []), Number(n)];
  }
  assert.deepEqual(Object.keys(families), ['C', 'MG', 'SQ', 'AM', 'AW', 'AN']);
  for (const [family, ns] of Object.entries(families)) {
    assert.deepEqual(
      ns,
      ns.map((_, i) => i + 1),
      `${family} is numbered 1, 2, 3, …`,
    );
  }
});

test('docs/rules.md agrees with shared/rules.md id for id (when that reference is beside the repository)', (t) => {
  if (!existsSync(shared)) {
    t.skip('no ../shared/rules.md in this checkout: docs/rules.md is the reference here');
    return;
  }
  const ours = rulesOf(readFileSync(docs, 'utf8'));
  const theirs = rulesOf(readFileSync(shared, 'utf8'));
  assert.deepEqual([...ours.keys()], [...theirs.keys()]);
  for (const [id, text] of theirs) assert.equal(ours.get(id), text, `${id} differs`);
});
