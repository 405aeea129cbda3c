// @ts-check
/**
 * The rules panel: each game's board, move, sowing, captures and end in the
 * translator's words (`www/i18n/rules.<lang>.json`), app conventions marked,
 * how the pits are named, the game's origin, and rule ids only in a
 * developer-visible attribute.
 * @module rules
 */

import { pitLetter } from './catalog.js';

/** @typedef {import('./i18n.js').Messages} Messages */

/**
 * Fills `body` with the rules of `variant`.
 * @param {HTMLElement} body
 * @param {Messages} m
 * @param {string} variant
 */
export function renderRules(body, m, variant) {
  const g = m.rules?.[variant];
  if (!g) {
    const p = document.createElement('p');
    p.textContent = m.t('rules.missing');
    body.replaceChildren(p);
    return;
  }
  const nodes = [];
  const facts = document.createElement('p');
  const strong = document.createElement('strong');
  strong.textContent = g.summary ?? '';
  facts.append(strong, document.createTextNode(` — ${g.region ?? ''}`));
  nodes.push(facts);
  if (g.tagline) {
    const tag = document.createElement('p');
    tag.textContent = g.tagline;
    nodes.push(tag);
  }
  for (const section of g.sections ?? []) {
    const h = document.createElement('h3');
    h.textContent = section.title;
    const ul = document.createElement('ul');
    for (const item of section.items ?? []) {
      const li = document.createElement('li');
      li.textContent = item.text;
      if (item.convention) {
        const tag = document.createElement('span');
        tag.className = 'convention';
        tag.textContent = m.t('rules.convention');
        li.append(' ', tag);
      }
      if (Array.isArray(item.ids)) li.dataset.ruleIds = item.ids.join(' ');
      ul.append(li);
    }
    nodes.push(h, ul);
  }
  nodes.push(...notation(m, g.size?.pitsPerRow));
  if (g.origin) {
    const h = document.createElement('h3');
    h.textContent = m.t('rules.origin');
    const p = document.createElement('p');
    p.className = 'origin';
    p.textContent = g.origin;
    nodes.push(h, p);
  }
  body.replaceChildren(...nodes);
}

/**
 * How the pits are named (catalog.js pitLetter, drawn on the board by
 * render.js): the letters of this game's rows, once.
 * @param {Messages} m
 * @param {number | undefined} n pits per row
 * @returns {HTMLElement[]}
 */
function notation(m, n) {
  if (!n) return [];
  const h = document.createElement('h3');
  h.textContent = m.t('notation.title');
  const p = document.createElement('p');
  p.className = 'notation';
  p.textContent = m.t('notation.text', {
    southFirst: pitLetter(0, n),
    southLast: pitLetter(n - 1, n),
    northFirst: pitLetter(n, n),
    northLast: pitLetter(2 * n - 1, n),
  });
  return [h, p];
}
