// @ts-check
// `Messages#apply` (www/js/i18n.js) writes only what changes (issue 14: at start the page's
// English is already in its HTML, and a text written again is styled and laid out again).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Messages } from '../../www/js/i18n.js';

/** A stand-in element that counts what is written into it. */
function element(/** @type {Record<string, string>} */ dataset, text = '', attrs = /** @type {Record<string, string>} */ ({})) {
  const el = {
    dataset,
    writes: 0,
    text,
    get textContent() {
      return el.text;
    },
    set textContent(v) {
      el.writes++;
      el.text = v;
    },
    getAttribute: (/** @type {string} */ name) => attrs[name] ?? null,
    setAttribute: (/** @type {string} */ name, /** @type {string} */ v) => {
      el.writes++;
      attrs[name] = v;
    },
    attrs,
  };
  return el;
}

test('apply writes the texts and attributes that differ, and leaves the others alone', () => {
  const en = { app: { title: 'Mancala Atlas', menu: 'Menu' } };
  const it = { app: { title: 'Mancala Atlas', menu: 'Menù' } };
  const title = element({ i18n: 'app.title' }, 'Mancala Atlas');
  const nav = element({ i18nAttr: 'aria-label:app.menu' }, '', { 'aria-label': 'Menu' });
  const root = /** @type {any} */ ({
    querySelectorAll: (/** @type {string} */ sel) => (sel === '[data-i18n]' ? [title] : [nav]),
  });
  new Messages('en', en, en).apply(root);
  assert.deepEqual([title.writes, nav.writes], [0, 0]);
  new Messages('it', it, en).apply(root);
  assert.deepEqual([title.writes, nav.writes], [0, 1]);
  assert.equal(nav.attrs['aria-label'], 'Menù');
  title.text = 'old';
  new Messages('it', it, en).apply(root);
  assert.deepEqual([title.text, title.writes, nav.writes], ['Mancala Atlas', 1, 1]);
});
