// @ts-check
// Checks the translations in www/i18n against English: same keys and
// placeholders for the UI strings, same structure and rule ids for the rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../../www/i18n/', import.meta.url));
// The project's rules reference (always in the repository: a missing file fails the test).
const rulesMd = fileURLToPath(new URL('../../docs/rules.md', import.meta.url));
const LANGS = ['it', 'el', 'fil', 'tr'];
const GAMES = ['mangala-iv', 'sadeqa-iii', 'al-manqala', 'anywoli'];
const SECTIONS = ['board', 'move', 'sowing', 'captures', 'end'];

/** @param {string} name */
function load(name) {
  const path = dir + name;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`${name}: ${/** @type {Error} */ (e).message}`);
  }
}

const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * A plural object: `{one, other, …}` (CLDR categories, `other` required),
 * chosen by the page with `Intl.PluralRules` on the `n` parameter.
 * @param {unknown} v
 * @returns {v is Record<string, string>}
 */
function isPlural(v) {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  const forms = /** @type {Record<string, unknown>} */ (v);
  return keys.includes('other') && keys.every((k) => PLURAL_FORMS.includes(k) && typeof forms[k] === 'string');
}

/**
 * Flattens nested string tables to "a.b.c" → string or plural object.
 * @param {unknown} obj
 * @param {string} prefix
 * @param {Map<string, string | Record<string, string>>} out
 */
function flatten(obj, prefix = '', out = new Map()) {
  if (typeof obj === 'string' || isPlural(obj)) {
    out.set(prefix, /** @type {string | Record<string, string>} */ (obj));
  } else if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
    for (const [k, v] of Object.entries(obj)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    throw new Error(`${prefix || '(root)'}: expected a string or an object of strings`);
  }
  return out;
}

/** @param {string} s */
function placeholders(s) {
  return [...new Set([...s.matchAll(/\{\s*([A-Za-z0-9_.]+)\s*\}/g)].map((m) => m[1]))].sort();
}

test('flatten and placeholders', () => {
  const flat = flatten({ a: 'x {n}', b: { c: 'y {m} {n} {m}', d: { one: '{n} seed', other: '{n} seeds' } } });
  assert.deepEqual([...flat.keys()], ['a', 'b.c', 'b.d']);
  assert.deepEqual(placeholders(String(flat.get('b.c'))), ['m', 'n']);
});

/**
 * Checks one translated value against the English one.
 * @param {string} lang
 * @param {string} key
 * @param {string | Record<string, string>} en
 * @param {string | Record<string, string> | undefined} tr
 */
function checkValue(lang, key, en, tr) {
  const where = `${lang}.json ${key}`;
  if (typeof en === 'string') {
    assert.equal(typeof tr, 'string', `${where}: expected a string`);
    const t = /** @type {string} */ (tr);
    assert.notEqual(t.trim(), '', `${where} is empty`);
    assert.deepEqual(placeholders(t), placeholders(en), `${where}: placeholders differ`);
    return;
  }
  // Plural object: the forms are the target language's own (Intl.PluralRules).
  assert.ok(isPlural(tr), `${where}: expected a plural object like en.json's`);
  const forms = /** @type {Record<string, string>} */ (tr);
  const allowed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  const enAll = [...new Set(Object.values(en).flatMap(placeholders))].sort();
  for (const [form, t] of Object.entries(forms)) {
    assert.ok(allowed.includes(/** @type {Intl.LDMLPluralRule} */ (form)), `${where}: "${form}" is no plural form of ${lang}`);
    assert.notEqual(t.trim(), '', `${where}.${form} is empty`);
    for (const p of placeholders(t)) assert.ok(enAll.includes(p), `${where}.${form}: unknown placeholder {${p}}`);
  }
  assert.deepEqual(placeholders(forms.other), placeholders(en.other), `${where}.other: placeholders differ`);
}

const hasUi = existsSync(`${dir}en.json`);
for (const lang of LANGS) {
  test(`${lang}.json has the keys and placeholders of en.json`, { skip: !hasUi && 'no en.json yet' }, () => {
    const en = flatten(load('en.json'));
    const tr = flatten(load(`${lang}.json`));
    const missing = [...en.keys()].filter((k) => !tr.has(k));
    const extra = [...tr.keys()].filter((k) => !en.has(k));
    assert.deepEqual({ missing, extra }, { missing: [], extra: [] }, `${lang}.json keys differ from en.json`);
    for (const [k, v] of en) checkValue(lang, k, v, tr.get(k));
  });
}

/**
 * The structure that must match across languages: everything but the words.
 * @param {Record<string, any>} rules
 */
function skeleton(rules) {
  return Object.fromEntries(
    Object.entries(rules).map(([id, g]) => [
      id,
      {
        name: g.name,
        size: g.size,
        sections: g.sections.map((/** @type {any} */ s) => ({
          id: s.id,
          items: s.items.map((/** @type {any} */ i) => ({ ids: i.ids, convention: i.convention })),
        })),
      },
    ]),
  );
}

const TEXTS = ['region', 'tagline', 'summary', 'origin'];

for (const lang of ['en', ...LANGS]) {
  test(`rules.${lang}.json is well formed`, () => {
    const rules = load(`rules.${lang}.json`);
    assert.deepEqual(Object.keys(rules), GAMES);
    const known = new Set([...readFileSync(rulesMd, 'utf8').matchAll(/\*\*([A-Z]{1,2}-\d+)\b/g)].map((m) => m[1]));
    assert.ok(known.size > 40, 'docs/rules.md names the rules');
    for (const id of GAMES) {
      const g = rules[id];
      for (const f of ['name', ...TEXTS]) {
        assert.equal(typeof g[f], 'string', `${lang} ${id}.${f}`);
        assert.notEqual(g[f].trim(), '', `${lang} ${id}.${f} is empty`);
      }
      assert.deepEqual(
        g.sections.map((/** @type {{id: string}} */ s) => s.id),
        SECTIONS,
        `${lang} ${id} sections`,
      );
      for (const s of g.sections) {
        assert.equal(typeof s.title, 'string', `${lang} ${id}/${s.id} title`);
        assert.ok(s.items.length > 0, `${lang} ${id}/${s.id} has no items`);
        for (const item of s.items) {
          assert.deepEqual(Object.keys(item).sort(), ['convention', 'ids', 'text'], `${lang} ${id}/${s.id} item keys`);
          assert.equal(typeof item.text, 'string');
          assert.notEqual(item.text.trim(), '');
          assert.equal(typeof item.convention, 'boolean');
          assert.ok(Array.isArray(item.ids) && item.ids.length > 0, `${lang} ${id}/${s.id}: item without ids`);
          for (const r of item.ids) assert.ok(known.has(r), `${lang} ${id}: unknown rule id ${r}`);
          // Rule ids belong in the developer field, never in the player's text.
          assert.doesNotMatch(item.text, /\b(C|MG|SQ|AM|AW)-\d+\b/, `${lang} ${id}: rule id in text`);
        }
      }
    }
  });
}

for (const lang of LANGS) {
  test(`rules.${lang}.json has the structure and rule ids of rules.en.json`, () => {
    assert.deepEqual(skeleton(load(`rules.${lang}.json`)), skeleton(load('rules.en.json')));
  });
}

test('the Turkish ritual name is kept in every language', () => {
  for (const lang of ['en', ...LANGS]) {
    const text = JSON.stringify(load(`rules.${lang}.json`)['mangala-iv']);
    assert.ok(text.includes('Tek mi, Çift mi?'), `rules.${lang}.json`);
  }
});

/**
 * The numbers a text mentions (10 000 written with any spacing counts once).
 * @param {string} text
 * @param {RegExp} [pattern]
 */
function numbers(text, pattern = /\d+/g) {
  return [...new Set(text.replace(/(\d)[\s\u00a0\u202f.,](?=\d{3}\b)/g, '$1').match(pattern) ?? [])].sort();
}

for (const lang of LANGS) {
  test(`rules.${lang}.json mentions the same numbers as rules.en.json`, () => {
    const en = load('rules.en.json');
    const tr = load(`rules.${lang}.json`);
    for (const id of GAMES) {
      for (const f of ['summary', 'tagline']) {
        assert.deepEqual(numbers(tr[id][f]), numbers(en[id][f]), `${lang} ${id}.${f}`);
      }
      // Origins may spell a century out ("Ottocento"); the years must agree.
      assert.deepEqual(numbers(tr[id].origin, /\b\d{4}\b/g), numbers(en[id].origin, /\b\d{4}\b/g), `${lang} ${id}.origin`);
      en[id].sections.forEach((/** @type {any} */ s, /** @type {number} */ si) => {
        s.items.forEach((/** @type {any} */ item, /** @type {number} */ ii) => {
          const text = tr[id].sections[si].items[ii].text;
          assert.deepEqual(numbers(text), numbers(item.text), `${lang} ${id}/${s.id} item ${ii + 1}`);
        });
      });
    }
  });
}
