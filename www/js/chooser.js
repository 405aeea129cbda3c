// @ts-check
/**
 * The "New game" dialog: the four games with their facts and character,
 * each game's options, and who plays.
 * @module chooser
 */

import { OPTION_PARAMS, applies } from './link.js';
import { levelNumbers } from './catalog.js';
import { DEFAULT_LEVEL, seatsFor } from './state.js';

/** @typedef {import('./engine.js').Options} Options */
/** @typedef {import('./engine.js').VariantInfo} VariantInfo */
/** @typedef {import('./engine.js').OptionSpec} OptionSpec */
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
  const group = h('div', { class: 'field', role: 'radiogroup', 'aria-labelledby': id }, [h('span', { class: 'label', id, text: label })]);
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
 * The dialog's words for each option (i18n keys), by option key: its label
 * and each value's; a setup's seed has a label of its own.
 * @type {Record<string, {label: string, value?: (v: string) => string, seed?: string}>}
 */
const WORDS = {
  first: { label: 'chooser.first', value: (v) => (v === 'north' ? 'chooser.firstNorth' : 'chooser.firstSouth') },
  setup: { label: 'chooser.setup', value: (v) => (v === 'random' ? 'chooser.setupRandom' : 'chooser.setupEven'), seed: 'chooser.seed' },
  freeChoice: { label: 'chooser.free' },
  sadeqaSeeds: { label: 'chooser.seeds', value: (v) => (v === 'four' ? 'chooser.seedsFour' : 'chooser.seedsSix') },
  lastFour: { label: 'chooser.last', value: (v) => `info.last.${v}` },
  lotSeed: { label: 'chooser.lotSeed' },
};

/**
 * The field of one option, by its kind, showing `o`'s value (else the default).
 * @param {Messages} m
 * @param {OptionSpec} spec
 * @param {Record<string, unknown>} o
 * @param {() => number} fresh
 * @returns {HTMLElement[]}
 */
function optionField(m, spec, o, fresh) {
  const name = OPTION_PARAMS[spec.key];
  const words = WORDS[spec.key];
  const word = (/** @type {string} */ v) => m.t(words.value?.(v) ?? v);
  const value = o[spec.key] ?? spec.default;
  switch (spec.kind) {
    case 'choice':
      return [
        radios(
          name,
          m.t(words.label),
          (spec.values ?? []).map((v) => [v, word(v)]),
          String(value),
        ),
      ];
    case 'setup': {
      const seed = value && typeof value === 'object' && 'random' in value ? String(value.random) : '';
      return [
        radios(
          name,
          m.t(words.label),
          ['even', 'random'].map((v) => [v, word(v)]),
          seed ? 'random' : 'even',
        ),
        seedField(m, 'seed', m.t(words.seed ?? words.label), seed, fresh),
      ];
    }
    case 'flag': {
      const box = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', name, id: `chooser-${name}` }));
      box.checked = Boolean(value);
      return [h('div', { class: 'field' }, [h('label', {}, [box, m.t(words.label)])])];
    }
    default:
      return [seedField(m, name, m.t(words.label), applies(spec, o) ? String(o[spec.key] ?? '') : '', fresh)];
  }
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

  const o = /** @type {Record<string, unknown>} */ (initial.options);

  const showOptions = () => {
    const variant = radioValue(form, 'variant') || initial.variant;
    const info = variants.find((v) => v.id === variant);
    const legend = /** @type {Node} */ (optionsBox.querySelector('legend'));
    optionsBox.replaceChildren(legend);
    for (const spec of info?.options ?? []) optionsBox.append(...optionField(m, spec, o, fresh));
    if (info?.ritual) {
      const ritual = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', name: 'ritual', id: 'chooser-ritual' }));
      ritual.checked = initial.ritual;
      optionsBox.append(
        h('div', { class: 'field' }, [h('label', {}, [ritual, m.t('chooser.ritual')])]),
        h('p', { class: 'hint', text: m.t('chooser.ritualHint') }),
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
      radios(
        'mode',
        m.t('chooser.mode'),
        [
          ['two', m.t('chooser.modeTwo')],
          ['computer', m.t('chooser.modeComputer')],
          ['demo', m.t('chooser.modeDemo')],
        ],
        mode,
      ),
    );
    if (mode === 'computer') {
      playersBox.append(
        radios(
          'side',
          m.t('chooser.side'),
          [
            ['south', m.t('chooser.sideSouth')],
            ['north', m.t('chooser.sideNorth')],
          ],
          side,
        ),
      );
    }
    if (mode !== 'two') {
      const select = /** @type {HTMLSelectElement} */ (h('select', { name: 'level', id: 'chooser-level' }));
      for (const l of levelNumbers()) select.append(h('option', { value: String(l), text: m.t(`level.${l}`) }));
      select.value = level;
      playersBox.append(
        h('div', { class: 'field' }, [h('label', { for: 'chooser-level', class: 'label', text: m.t('chooser.level') }), select]),
      );
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
    const dismiss = (e) => {
      e.preventDefault();
      finish(null);
    };
    const cancelButton = /** @type {HTMLElement} */ (dialog.querySelector('#chooser-cancel'));
    /** @param {Choice | null} value */
    const finish = (value) => {
      form.removeEventListener('change', change);
      form.removeEventListener('submit', submit);
      cancelButton.removeEventListener('click', cancel);
      dialog.removeEventListener('cancel', dismiss);
      dialog.close();
      resolve(value);
    };

    /** @returns {Choice | null} */
    const read = () => {
      const variant = radioValue(form, 'variant');
      /** @type {Record<string, unknown>} */
      const options = {};
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
      const info = variants.find((v) => v.id === variant);
      for (const spec of info?.options ?? []) {
        const name = OPTION_PARAMS[spec.key];
        if (spec.kind === 'choice') {
          const value = radioValue(form, name);
          options[spec.key] = spec.values?.includes(value) ? value : spec.default;
        } else if (spec.kind === 'flag') {
          options[spec.key] = /** @type {HTMLInputElement} */ (form.querySelector(`#chooser-${name}`)).checked;
        } else if (spec.kind === 'setup') {
          const seed = radioValue(form, name) === 'random' ? seedOf('seed') : null;
          if (seed === false) return null;
          options[spec.key] = radioValue(form, name) === 'random' ? { random: seed ?? fresh() } : spec.default;
        } else if (applies(spec, options)) {
          const seed = seedOf(name);
          if (seed === false) return null;
          options[spec.key] = seed ?? fresh();
        }
      }
      const mode = /** @type {Seating['mode']} */ (radioValue(form, 'mode') || 'two');
      const human = radioValue(form, 'side') === 'north' ? 'north' : 'south';
      const levelSelect = /** @type {HTMLSelectElement | null} */ (form.querySelector('select[name="level"]'));
      const level = Number(levelSelect?.value ?? initial.seating.level) || DEFAULT_LEVEL;
      const ritualBox = /** @type {HTMLInputElement | null} */ (form.querySelector('#chooser-ritual'));
      return {
        variant,
        options: /** @type {Options} */ (options),
        seating: { mode, human, level, players: seatsFor(mode, human) },
        ritual: ritualBox ? ritualBox.checked : initial.ritual,
      };
    };

    form.addEventListener('change', change);
    form.addEventListener('submit', submit);
    cancelButton.addEventListener('click', cancel);
    dialog.addEventListener('cancel', dismiss);
    dialog.showModal();
    const checked = /** @type {HTMLElement | null} */ (games.querySelector('input:checked'));
    checked?.focus();
  });
}
