// @ts-check
/**
 * The first visit's start: the four games, each one click from a game
 * against the computer or between two players on this device. The games
 * and their texts come from the rules files (by way of the strings:
 * `Messages#games`, `Messages#game`), so this module names none and needs
 * no engine: a first visit's welcome opens before it is in (main.js).
 * @module welcome
 */

/** @typedef {import('./i18n.js').Messages} Messages */

/**
 * @typedef {object} Start
 * @property {string} variant
 * @property {'computer' | 'two'} mode
 */

/**
 * @param {string} tag
 * @param {string} className
 * @param {string} [text]
 */
function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Opens the start dialog; resolves with the game and mode chosen, or null
 * when the player closes it to look around first.
 * @param {HTMLDialogElement} dialog holds `#start-games` and `#start-close`
 * @param {Messages} m
 * @param {string[]} games the games' ids, in order
 * @returns {Promise<Start | null>}
 */
export function openWelcome(dialog, m, games) {
  const list = /** @type {HTMLElement} */ (dialog.querySelector('#start-games'));
  const close = /** @type {HTMLButtonElement} */ (dialog.querySelector('#start-close'));
  m.apply(dialog);
  list.replaceChildren(
    ...games.map((id) => {
      const text = m.game(id);
      const name = text.name ?? id;
      const card = el('li', 'start-card');
      card.dataset.variant = id;
      const buttons = el('div', 'row');
      for (const mode of /** @type {const} */ (['computer', 'two'])) {
        const b = /** @type {HTMLButtonElement} */ (el('button', mode === 'computer' ? 'primary' : '', m.t(`start.${mode}`)));
        b.type = 'button';
        b.value = mode;
        b.setAttribute('aria-label', m.t(`start.${mode}Game`, { game: name }));
        buttons.append(b);
      }
      card.append(el('h3', 'name', name), el('p', 'facts', text.summary ?? ''), el('p', 'region', text.region ?? ''), buttons);
      return card;
    }),
  );
  return new Promise((resolve) => {
    /** @param {Start | null} value */
    const finish = (value) => {
      list.removeEventListener('click', pick);
      close.removeEventListener('click', dismiss);
      dialog.removeEventListener('cancel', dismiss);
      dialog.removeEventListener('close', closed);
      if (dialog.open) dialog.close();
      resolve(value);
    };
    /** @param {Event} e */
    const pick = (e) => {
      const b = e.target instanceof Element ? e.target.closest('button') : null;
      const card = b?.closest('[data-variant]');
      if (!b || !(card instanceof HTMLElement)) return;
      finish({ variant: card.dataset.variant ?? '', mode: b.value === 'computer' ? 'computer' : 'two' });
    };
    /** @param {Event} e */
    const dismiss = (e) => {
      e.preventDefault();
      finish(null);
    };
    // Closed from outside (another game was opened meanwhile): nothing was chosen.
    const closed = () => finish(null);
    list.addEventListener('click', pick);
    dialog.addEventListener('close', closed);
    close.addEventListener('click', dismiss);
    dialog.addEventListener('cancel', dismiss);
    dialog.showModal();
    /** @type {HTMLElement | null} */ (list.querySelector('button'))?.focus();
  });
}

/**
 * Resolves once the page's first contentful paint is on screen, or after a second at most.
 * @returns {Promise<void>}
 */
function firstPaint() {
  return new Promise((resolve) => {
    const seen = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = setTimeout(() => done(), 1000);
    const done = () => {
      seen.disconnect();
      clearTimeout(timer);
      resolve();
    };
    seen.observe({ type: 'paint', buffered: true });
  });
}

/**
 * Opens the welcome as {@link openWelcome} does, but where the first paint already shows it
 * (`html.welcome`, js/first-paint.js) only once that paint is on screen: opened sooner, the dialog
 * is laid out anew before the paint is presented, and its text counts as painted only later (the
 * page's largest paint). Null if the early welcome was let go meanwhile ({@link dropWelcome}).
 * @param {HTMLDialogElement} dialog
 * @param {Messages} m
 * @param {string[]} games
 * @returns {Promise<Start | null>}
 */
export async function openWelcomeOnPaint(dialog, m, games) {
  const root = document.documentElement;
  if (root.classList.contains('welcome')) {
    await firstPaint();
    if (!root.classList.contains('welcome')) return null;
  }
  const opened = openWelcome(dialog, m, games);
  dropWelcome(); // the dialog now open is the welcome drawn early
  return opened;
}

/** Lets go of the welcome drawn in the first paint (`html.welcome`), if it is still there. */
export function dropWelcome() {
  document.documentElement.classList.remove('welcome');
}
