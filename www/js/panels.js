// @ts-check
/**
 * The panels and settings around the board: the end of a game, the rules,
 * the share link, the language, and the preferences remembered between
 * visits.
 * @module panels
 */

import { AUTONYMS, LANGUAGES, loadMessages } from './i18n.js';
import { endTexts, resultLine } from './narrate.js';
import { renderRules } from './rules.js';
import { SPEEDS } from './state.js';
import { readPrefs, writePrefs } from './storage.js';

/** @typedef {import('./app.js').Context} Context */
/** @typedef {import('./engine.js').VariantInfo} VariantInfo */
/** @typedef {import('./i18n.js').Lang} Lang */

export class Panels {
  /**
   * @param {Context} ctx
   * @param {VariantInfo[]} variants
   * @param {() => string} link the share link's parameters of the game shown
   */
  constructor(ctx, variants, link) {
    this.ctx = ctx;
    this.variants = variants;
    this.link = link;
  }

  /** The end panel: who won, the score, why, how the seeds left went. */
  showEnd() {
    const { el, m, store } = this.ctx;
    const { game: g, seating, variant } = store.state;
    if (!g?.end || !variant) return;
    const texts = endTexts(m, seating, g, variant);
    el.endTitle.textContent = texts.title;
    el.endScore.textContent = texts.score;
    el.endReason.textContent = texts.reason;
    el.endExtra.textContent = texts.extra;
    el.endExtra.hidden = !texts.extra;
    store.update({ notice: resultLine(m, seating, g), noticeIsError: false });
    el.end.showModal();
  }

  /** The rules panel, open at the game shown (its texts fetched on first use). */
  async openRules() {
    const { el, m, doc, store } = this.ctx;
    await m.loadRules();
    if (el.rules.open) return;
    const current = store.state.game?.variant ?? this.variants[0].id;
    el.rulesGame.replaceChildren(
      ...this.variants.map((v) => {
        const o = doc.createElement('option');
        o.value = v.id;
        o.textContent = m.rules?.[v.id]?.name ?? v.name;
        return o;
      }),
    );
    el.rulesGame.value = current;
    this.showRules();
    el.rules.showModal();
  }

  /** The rules of the game picked in the panel, in the current language. */
  async showRules() {
    const m = this.ctx.m;
    await m.loadRules();
    // A language chosen meanwhile shows its own.
    if (m === this.ctx.m) renderRules(this.ctx.el.rulesBody, m, this.ctx.el.rulesGame.value);
  }

  /** The share link of the game shown, selected and copied when the browser lets us. */
  share() {
    const { el, m, store } = this.ctx;
    if (!store.state.game) return;
    const url = `${location.href.split('#')[0]}#${this.link()}`;
    el.shareLink.value = url;
    el.copyBox.hidden = true;
    el.shareBox.hidden = false;
    el.shareLink.select();
    const done = () => store.update({ notice: m.t('record.copied'), noticeIsError: false });
    if (navigator.clipboard && isSecureContext) {
      navigator.clipboard.writeText(url).then(done, () => store.update({ notice: m.t('record.copyByHand') }));
    } else {
      store.update({ notice: m.t('record.copyByHand') });
    }
  }

  /** The language menu, in each language's own name. */
  fillLanguages() {
    const { el, m, doc } = this.ctx;
    el.lang.replaceChildren(
      ...LANGUAGES.map((lang) => {
        const o = doc.createElement('option');
        o.value = lang;
        o.lang = lang;
        o.textContent = AUTONYMS[lang];
        return o;
      }),
    );
    el.lang.value = m.lang;
    el.lang.setAttribute('aria-label', m.t('app.language'));
  }

  /** @param {string} lang */
  async setLanguage(lang) {
    const ctx = this.ctx;
    const { el, doc, store } = ctx;
    const known = /** @type {readonly string[]} */ (LANGUAGES);
    if (!known.includes(lang)) return;
    try {
      ctx.m = await loadMessages(/** @type {Lang} */ (lang));
    } catch {
      el.lang.value = ctx.m.lang;
      store.update({ notice: ctx.m.t('app.languageFailed', { language: AUTONYMS[/** @type {Lang} */ (lang)] }), noticeIsError: true });
      return;
    }
    doc.documentElement.lang = lang;
    ctx.m.apply(doc);
    el.lang.value = lang;
    store.update({ lang, notice: store.state.noticeIsError ? store.state.notice : '' });
    this.savePrefs();
    if (el.rules.open) this.showRules();
  }

  /** Reads the preferences into the state and the settings' controls. */
  loadPrefs() {
    const { el, doc, store } = this.ctx;
    const prefs = this.ctx.persist ? readPrefs() : {};
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    const speed = SPEEDS.find((s) => s === prefs.speed) ?? (reduced ? 'fast' : 'normal');
    store.update({
      settings: {
        speed,
        autoForced: typeof prefs.autoForced === 'boolean' ? prefs.autoForced : null,
        ritual: prefs.ritual !== false,
      },
    });
    el.setRitual.checked = store.state.settings.ritual;
    el.setIds.checked = prefs.ruleIds === true;
    doc.documentElement.classList.toggle('show-ids', el.setIds.checked);
  }

  savePrefs() {
    if (!this.ctx.persist) return;
    const s = this.ctx.store.state;
    writePrefs({ ...s.settings, lang: s.lang, ruleIds: this.ctx.el.setIds.checked });
  }

  /**
   * Changes a setting, remembered for the next visit.
   * @param {Partial<import('./state.js').Settings>} patch
   */
  setSetting(patch) {
    const store = this.ctx.store;
    store.update({ settings: { ...store.state.settings, ...patch } });
    if ('ritual' in patch) this.ctx.el.setRitual.checked = store.state.settings.ritual;
    this.savePrefs();
  }
}
