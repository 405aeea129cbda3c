// @ts-check
/**
 * The "New game" dialog: the four games with their facts and character,
 * each game's options, and who plays.
 * @module chooser
 */

import { LEVELS, seatsFor } from './state.js';

/** @typedef {import('./engine.js').Options} Options */
/** @typedef {import('./engine.js').VariantInfo} VariantInfo */
/** @typedef {import('./state.js').Seating} Seating */
/** @typedef {import('./i18n.js').Messages} Messages */

/**
 * @typedef {object} Choice
 * @property {string} variant
 * @property {Options} options
 * @property {Seating} seating
 * @property {boolean} ritual  hold Mangala IV's ritual before play
 */

/**
 * @param {string} tag
 * @param {Record<string, string>} [attrs]
 * @param {(Node | string)[]} [children]
 */
function h(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') el.textContent = v;
    else el.setAttribute(k, v);
  }
  el.append(...children);
  return el;
}

/**
 * A row of radio buttons.
 * @param {string} name
 * @param {string} label
 * @param {[string, string][]} choices value, text
 * @param {string} value
 */
function radios(name, label, choices, value) {
  const id = `chooser-${name}-label`;
  const group = h('div', { class: 'field', role: 'radiogroup', 'aria-labelledby': id }, [
    h('span', { class: 'label', id, text: label }),
  ]);
  for (const [v, text] of choices) {
    const input = /** @type {HTMLInputElement} */ (h('input', { type: 'radio', name, value: v }));
    input.checked = v === value;
    group.append(h('label', {}, [input, h('span', { class: 'cap', text })]));
  }
  return group;
}

/**
 * A seed field with a "new seed" button.
 * @param {Messages} m
 * @param {string} name
 * @param {string} label
 * @param {string} value
 * @param {() => number} fresh
 */
function seedField(m, name, label, value, fresh) {
  const input = /** @type {HTMLInputElement} */ (
    h('input', { type: 'text', name, id: `chooser-${name}`, inputmode: 'numeric', autocomplete: 'off', class: 'seed-input' })
  );
  input.value = value;
  const again = h('button', { type: 'button', text: m.t('chooser.newSeed') });
  again.addEventListener('click', () => {
    input.value = String(fresh());
  });
  return h('div', { class: 'field' }, [
    h('label', { for: `chooser-${name}`, class: 'label', text: label }),
    input,
    again,
    h('span', { class: 'hint', text: m.t('chooser.seedHint') }),
  ]);
}

/**
 * @param {HTMLFormElement} form
 * @param {string} name
 */
function radioValue(form, name) {
  const el = /** @type {HTMLInputElement | null} */ (form.querySelector(`input[name="${name}"]:checked`));
  return el ? el.value : '';
}

/**
 * Opens the dialog; resolves with the player's choice, or null if cancelled.
 * @param {HTMLDialogElement} dialog
 * @param {Messages} m
 * @param {VariantInfo[]} variants
 * @param {Choice} initial
 * @param {() => number} fresh a new random seed
 * @returns {Promise<Choice | null>}
 */
export function openChooser(dialog, m, variants, initial, fresh) {
  const form = /** @type {HTMLFormElement} */ (dialog.querySelector('form'));
  const games = /** @type {HTMLElement} */ (dialog.querySelector('#chooser-games'));
  const optionsBox = /** @type {HTMLElement} */ (dialog.querySelector('#chooser-options'));
  const playersBox = /** @type {HTMLElement} */ (dialog.querySelector('#chooser-players'));
  const error = /** @type {HTMLElement} */ (dialog.querySelector('#chooser-error'));
  m.apply(dialog);
  error.textContent = '';

  // The games, as radio cards.
  games.replaceChildren(/** @type {Node} */ (games.querySelector('legend')));
  for (const v of variants) {
    const text = m.rules?.[v.id] ?? {};
    const input = /** @type {HTMLInputElement} */ (h('input', { type: 'radio', name: 'variant', value: v.id }));
    input.checked = v.id === initial.variant;
    games.append(
      h('label', { class: 'card' }, [
        input,
        h('span', { class: 'name', text: text.name ?? v.name }),
        h('span', { class: 'facts', text: text.summary ?? m.t('info.size', { n: v.pitsPerRow, seeds: v.seeds }) }),
        h('span', { class: 'region', text: text.region ?? '' }),
        h('span', { class: 'tagline', text: text.tagline ?? '' }),
      ]),
    );
  }

  const o = initial.options;
  const setupSeed = o.setup && typeof o.setup === 'object' ? String(o.setup.random) : '';

  const showOptions = () => {
    const variant = radioValue(form, 'variant') || initial.variant;
    const info = variants.find((v) => v.id === variant);
    const legend = /** @type {Node} */ (optionsBox.querySelector('legend'));
    optionsBox.replaceChildren(legend);
    const has = (/** @type {string} */ name) => Boolean(info?.options.includes(name));
    optionsBox.append(
      radios('first', m.t('chooser.first'), [
        ['south', m.t('chooser.firstSouth')],
        ['north', m.t('chooser.firstNorth')],
      ], o.first ?? 'south'),
    );
    if (has('setup')) {
      optionsBox.append(
        radios('setup', m.t('chooser.setup'), [
          ['even', m.t('chooser.setupEven')],
          ['random', m.t('chooser.setupRandom')],
        ], setupSeed ? 'random' : 'even'),
        seedField(m, 'seed', m.t('chooser.seed'), setupSeed, fresh),
      );
    }
    if (has('freeChoice')) {
      const box = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', name: 'free', id: 'chooser-free' }));
      box.checked = Boolean(o.freeChoice);
      optionsBox.append(h('div', { class: 'field' }, [h('label', {}, [box, m.t('chooser.free')])]));
      const ritual = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', name: 'ritual', id: 'chooser-ritual' }));
      ritual.checked = initial.ritual;
      optionsBox.append(
        h('div', { class: 'field' }, [h('label', {}, [ritual, m.t('chooser.ritual')])]),
        h('p', { class: 'hint', text: m.t('chooser.ritualHint') }),
      );
    }
    if (has('sadeqaSeeds')) {
      optionsBox.append(
        radios('seeds', m.t('chooser.seeds'), [
          ['six', m.t('chooser.seedsSix')],
          ['four', m.t('chooser.seedsFour')],
        ], o.sadeqaSeeds ?? 'six'),
      );
    }
    if (has('lastFour')) {
      optionsBox.append(
        radios('last', m.t('chooser.last'), [
          ['second-to-last', m.t('info.last.second-to-last')],
          ['first-final', m.t('info.last.first-final')],
          ['lot', m.t('info.last.lot')],
        ], o.lastFour ?? 'second-to-last'),
        seedField(m, 'lot', m.t('chooser.lotSeed'), o.lastFour === 'lot' ? String(o.lotSeed ?? '') : '', fresh),
      );
    }
  };

  const showPlayers = () => {
    const legend = /** @type {Node} */ (playersBox.querySelector('legend'));
    const mode = radioValue(form, 'mode') || initial.seating.mode;
    const side = radioValue(form, 'side') || initial.seating.human;
    const levelSelect = /** @type {HTMLSelectElement | null} */ (form.querySelector('select[name="level"]'));
    const level = levelSelect ? levelSelect.value : String(initial.seating.level);
    playersBox.replaceChildren(
      legend,
      radios('mode', m.t('chooser.mode'), [
        ['two', m.t('chooser.modeTwo')],
        ['computer', m.t('chooser.modeComputer')],
        ['demo', m.t('chooser.modeDemo')],
      ], mode),
    );
    if (mode === 'computer') {
      playersBox.append(
        radios('side', m.t('chooser.side'), [
          ['south', m.t('chooser.sideSouth')],
          ['north', m.t('chooser.sideNorth')],
        ], side),
      );
    }
    if (mode !== 'two') {
      const select = /** @type {HTMLSelectElement} */ (h('select', { name: 'level', id: 'chooser-level' }));
      for (const l of LEVELS) select.append(h('option', { value: String(l), text: m.t(`level.${l}`) }));
      select.value = level;
      playersBox.append(h('div', { class: 'field' }, [h('label', { for: 'chooser-level', class: 'label', text: m.t('chooser.level') }), select]));
    }
  };

  showOptions();
  showPlayers();

  return new Promise((resolve) => {
    /** @param {Event} e */
    const change = (e) => {
      const t = /** @type {HTMLInputElement} */ (e.target);
      if (t.name === 'variant') showOptions();
      if (t.name === 'mode') {
        showPlayers();
        // The radios were rebuilt: keep the keyboard on the one just chosen.
        /** @type {HTMLElement | null} */ (form.querySelector(`input[name="mode"][value="${t.value}"]`))?.focus();
      }
      if (t.name === 'seed' && t.value) {
        const random = /** @type {HTMLInputElement | null} */ (form.querySelector('input[name="setup"][value="random"]'));
        if (random) random.checked = true;
      }
    };
    /** @param {SubmitEvent} e */
    const submit = (e) => {
      e.preventDefault();
      const choice = read();
      if (choice) finish(choice);
    };
    const cancel = () => finish(null);
    /** @param {Event} e */
    const escape = (e) => {
      e.preventDefault();
      finish(null);
    };
    const cancelButton = /** @type {HTMLElement} */ (dialog.querySelector('#chooser-cancel'));
    /** @param {Choice | null} value */
    const finish = (value) => {
      form.removeEventListener('change', change);
      form.removeEventListener('submit', submit);
      cancelButton.removeEventListener('click', cancel);
      dialog.removeEventListener('cancel', escape);
      dialog.close();
      resolve(value);
    };

    /** @returns {Choice | null} */
    const read = () => {
      const variant = radioValue(form, 'variant');
      /** @type {Options} */
      const options = { first: radioValue(form, 'first') === 'north' ? 'north' : 'south' };
      /** @param {string} name @returns {number | null | false} */
      const seedOf = (name) => {
        const input = /** @type {HTMLInputElement | null} */ (form.querySelector(`input[name="${name}"]`));
        const text = (input?.value ?? '').trim();
        if (text === '') return null;
        const n = Number(text);
        if (!/^\d{1,15}$/.test(text) || !Number.isSafeInteger(n)) {
          error.textContent = m.t('chooser.badSeed', { value: text });
          input?.focus();
          return false;
        }
        return n;
      };
      if (variant === 'mangala-iv') {
        if (radioValue(form, 'setup') === 'random') {
          const seed = seedOf('seed');
          if (seed === false) return null;
          options.setup = { random: seed ?? fresh() };
        } else {
          options.setup = 'even';
        }
        options.freeChoice = /** @type {HTMLInputElement} */ (form.querySelector('#chooser-free')).checked;
      }
      if (variant === 'sadeqa-iii') options.sadeqaSeeds = radioValue(form, 'seeds') === 'four' ? 'four' : 'six';
      if (variant === 'anywoli') {
        const last = radioValue(form, 'last');
        options.lastFour = last === 'lot' || last === 'first-final' ? last : 'second-to-last';
        if (last === 'lot') {
          const seed = seedOf('lot');
          if (seed === false) return null;
          options.lotSeed = seed ?? fresh();
        }
      }
      const mode = /** @type {Seating['mode']} */ (radioValue(form, 'mode') || 'two');
      const human = radioValue(form, 'side') === 'north' ? 'north' : 'south';
      const levelSelect = /** @type {HTMLSelectElement | null} */ (form.querySelector('select[name="level"]'));
      const level = Number(levelSelect?.value ?? initial.seating.level) || 2;
      const ritualBox = /** @type {HTMLInputElement | null} */ (form.querySelector('#chooser-ritual'));
      return {
        variant,
        options,
        seating: { mode, human, level, players: seatsFor(mode, human) },
        ritual: ritualBox ? ritualBox.checked : initial.ritual,
      };
    };

    form.addEventListener('change', change);
    form.addEventListener('submit', submit);
    cancelButton.addEventListener('click', cancel);
    dialog.addEventListener('cancel', escape);
    dialog.showModal();
    const checked = /** @type {HTMLElement | null} */ (games.querySelector('input:checked'));
    checked?.focus();
  });
}
