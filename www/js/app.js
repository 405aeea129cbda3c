// @ts-check
/**
 * The composition root: builds the state and its one update path, the
 * board, the session, play, the panels and the bindings, and returns the
 * page's public face (api.js). Embedding creates it with `viewOnly` and
 * calls `destroy()`.
 * @module app
 */

import { createApi } from './api.js';
import { Board } from './board.js';
import { Computer } from './computer.js';
import { Game, randomSeed, saveFormat, variants } from './engine.js';
import { bindEvents } from './events.js';
import { Panels } from './panels.js';
import { Play } from './play.js';
import { Session } from './session.js';
import { Split } from './split.js';
import { Start } from './start.js';
import { createState } from './state.js';
import { Store } from './store.js';
import { keepBroken, readAutosave, watchAutosave, writeAutosave } from './storage.js';
import { announcer, findElements } from './view.js';
import { unwarn, warn } from './warnings.js';

/** @typedef {import('./i18n.js').Messages} Messages */

/**
 * What every part of the page shares.
 * @typedef {object} Context
 * @property {Document} doc
 * @property {import('./view.js').Elements} el
 * @property {Store} store  the state, changed only through `store.update`
 * @property {Messages} m  the current language's texts (replaced on a change of language)
 * @property {boolean} persist  autosave and remember preferences
 * @property {(text: string) => void} announce  says a text in the live region
 */

/**
 * The parts the public face works with.
 * @typedef {object} Parts
 * @property {Context} ctx
 * @property {Session} session
 * @property {Play} play
 * @property {Panels} panels
 * @property {Board} board
 * @property {() => void} destroy
 */

/**
 * @typedef {object} AppOptions
 * @property {Messages} messages
 * @property {boolean} [viewOnly]
 * @property {boolean} [persist] autosave and remember preferences (default true)
 * @property {Promise<import('./welcome.js').Start | null> | null} [welcome] a first visit's welcome,
 *   opened by main.js before the engine was in
 */

/**
 * Builds the page around the elements of `doc`.
 * @param {Document} doc
 * @param {AppOptions} opts
 * @returns {import('./api.js').Api}
 */
export function createApp(doc, opts) {
  const el = findElements(doc);
  const state = createState();
  Object.assign(state, { viewOnly: Boolean(opts.viewOnly), lang: opts.messages.lang });
  const store = new Store(state);
  /** @type {Context} */
  const ctx = { doc, el, store, m: opts.messages, persist: opts.persist ?? true, announce: announcer(el.live) };
  const board = new Board(ctx);
  /** Hints (hint.js), loaded when the Hint button is first pressed: no part of the first load. */
  /** @type {import('./hint.js').Hints | null} */
  let hints = null;
  /** Analysis mode (analysis.js), loaded when the Analyse button is first pressed. */
  /** @type {import('./analysis.js').Analysis | null} */
  let analysis = null;
  store.paint = (now) => {
    board.paint(now);
    hints?.frame();
    analysis?.frame();
  };
  const games = variants();
  const computer = new Computer();
  /** @type {Play} */
  let play;
  /** @type {Start} */
  let start;
  const shelf = { read: readAutosave, write: writeAutosave, keep: keepBroken, watch: watchAutosave };
  const session = new Session(store, { Game, randomSeed, saveFormat: saveFormat(), variants: games }, ctx.persist ? shelf : null, {
    messages: () => ctx.m,
    replaced: () => {
      play.reset();
      // A ritual still open belongs to the game being replaced.
      el.ritual.section.hidden = true;
      el.ritual.actions.replaceChildren();
      board.refit();
      if (el.end.open) el.end.close();
      // The welcome opened before the engine (`opts.welcome`) waits for the first game, not closed by it.
      if (el.start.open && !start.opened) el.start.close();
      el.splitOffer.hidden = true;
      el.shareBox.hidden = true;
      el.copyBox.hidden = true;
    },
    next: () => play.next(),
    end: () => panels.showEnd(),
    welcome: (first) => start.welcome(first),
    warn: (key) => warn(doc, ctx.m, key),
    unwarn: (key) => unwarn(doc, key),
  });
  const panels = new Panels(ctx, games, () => session.link());
  play = new Play(ctx, session, computer, board, () => panels.showEnd());
  const split = new Split(ctx, play);
  play.split = split;
  start = new Start(ctx, session, play, panels, opts.welcome);
  panels.loadPrefs();
  panels.fillLanguages();
  const hint = async () => {
    hints ??= new (await import('./hint.js')).Hints(ctx, session, computer);
    hints.toggle();
  };
  /** Records and embed codes (record.js), loaded when one of their buttons is first pressed. */
  /** @type {import('./record.js').Records | null} */
  let records = null;
  const record = async (/** @type {'copy' | 'embed' | 'paste'} */ action) => {
    records ??= new (await import('./record.js')).Records(ctx, session, games);
    records[action]();
  };
  const analyse = async () => {
    analysis ??= new (await import('./analysis.js')).Analysis(ctx, session, (ply) => play.jump(ply));
    analysis.toggle();
  };
  /** The position editor (editor.js), loaded when its button is first pressed. */
  /** @type {import('./editor.js').Editor | null} */
  let editor = null;
  const edit = async () => {
    editor ??= new (await import('./editor.js')).Editor(ctx, session, games);
    editor.open();
  };
  const unbind = bindEvents(ctx, { board, play, split, panels, start, hint, analyse, record, edit });
  const destroy = () => {
    play.reset();
    play.bump();
    store.stop();
    unbind();
    computer.terminate();
    analysis?.computer.terminate();
    session.destroy();
  };
  return createApi({ ctx, session, play, panels, board, destroy });
}
