// @ts-check
/**
 * Lasting warnings above the board (storage refused, another tab saving):
 * unlike `#notice`, which the next move clears, each stays until the
 * player closes it or its cause is gone. Texts are i18n keys, so a change
 * of language retranslates them (i18n.js `[data-i18n]`).
 * @module warnings
 */

/** @typedef {import('./i18n.js').Messages} Messages */

/**
 * Shows the warning `key` (once: a second call while it shows does nothing).
 * @param {Document} doc
 * @param {Messages} m
 * @param {string} key an i18n key; its last part names the box (`#warn-<part>`)
 */
export function warn(doc, m, key) {
  const id = `warn-${key.split('.').pop()}`;
  if (doc.getElementById(id)) return;
  const box = doc.createElement('div');
  box.id = id;
  box.className = 'notice error row';
  box.setAttribute('role', 'alert');
  const text = doc.createElement('span');
  text.dataset.i18n = key;
  text.textContent = m.t(key);
  const close = doc.createElement('button');
  close.type = 'button';
  close.dataset.i18n = 'storage.close';
  close.textContent = m.t('storage.close');
  close.addEventListener('click', () => box.remove());
  box.append(text, close);
  const anchor = doc.getElementById('notice');
  if (anchor) anchor.before(box);
  else doc.body.prepend(box);
}

/**
 * Removes the warning `key` if it shows.
 * @param {Document} doc
 * @param {string} key
 */
export function unwarn(doc, key) {
  doc.getElementById(`warn-${key.split('.').pop()}`)?.remove();
}
