// @ts-check
/**
 * Starts the page: language, engine, the app, and the game to show (a share
 * link, the autosave, or a new game). Marks `<html data-ready="true">` once
 * the board is interactive.
 * @module main
 */

import { createApp } from './app.js';
import { initEngine } from './engine.js';
import { loadMessages, pickLanguage } from './i18n.js';
import { embedProblems, languageProblems } from './link.js';
import { readAutosave, readPrefs } from './storage.js';
import { dropWelcome, openWelcomeOnPaint } from './welcome.js';

// For tests and tools: the site ships its modules bundled (`cargo xtask dist`), so `js/main.js` is
// the one module of the page a script can import, and these are the page's own instances.
export { Game, initEngine } from './engine.js';
export { chipRect } from './render.js';

/**
 * What the page says when it cannot start, in each language: the texts files may be what failed
 * to load, so these few words travel with the script.
 */
/** @type {Record<string, string> & {en: string}} */
const CANNOT_START = {
  en: 'Mancala Atlas could not start. It needs a browser with JavaScript modules and WebAssembly; reloading the page may help.',
  it: 'Mancala Atlas non è riuscito ad avviarsi. Serve un browser con moduli JavaScript e WebAssembly; ricaricare la pagina può aiutare.',
  el: 'Το Mancala Atlas δεν μπόρεσε να ξεκινήσει. Χρειάζεται πρόγραμμα περιήγησης με αρθρώματα JavaScript και WebAssembly· ίσως βοηθήσει να ξαναφορτώσεις τη σελίδα.',
  fil: 'Hindi nakapagsimula ang Mancala Atlas. Kailangan nito ng browser na may JavaScript modules at WebAssembly; baka makatulong ang pag-reload ng pahina.',
  tr: 'Mancala Atlas başlatılamadı. JavaScript modülleri ve WebAssembly destekleyen bir tarayıcı gerekiyor; sayfayı yenilemek işe yarayabilir.',
};

/** Shows a failure to start in place of the board, in the reader's language; the cause goes to the console. */
function fail(/** @type {unknown} */ err) {
  console.error(err);
  const box = document.getElementById('loading');
  if (box) {
    const asked = new URLSearchParams(location.search).get('lang');
    box.textContent = CANNOT_START[pickLanguage([...(asked ? [asked] : []), ...navigator.languages])] ?? CANNOT_START.en;
    box.setAttribute('role', 'alert');
  }
  dropWelcome();
  document.documentElement.dataset.ready = 'error';
}

/**
 * Whether this is a first visit, known before the engine is in: no game asked for (no hash, no
 * parameter but a known language), none saved, not embedded; then the app's restore offers the
 * welcome (Session#restore).
 * @param {URLSearchParams} query
 */
function firstVisit(query) {
  const asks = [...query.keys()].some((key) => key !== 'lang') || location.hash !== '';
  return !asks && !languageProblems(query.get('lang')).length && readAutosave() === null;
}

/** Resolves once the next frame is painted (a task after its animation frame callbacks). */
function afterNextPaint() {
  return new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
}

async function main() {
  const query = new URLSearchParams(location.search);
  // Embedding (`?embed=1`): no site chrome, no autosave of the host's visitor's
  // own game; `mode=view` shows a game to step through without playing. The
  // class is set first, before anything is fetched.
  const embed = query.get('embed') === '1';
  document.documentElement.classList.toggle('embed', embed);
  // A first visit's first paint is already the page (`html.welcome`, js/first-paint.js): its texts
  // and the engine are fetched just after that paint, so that nothing it does not need has loaded
  // before it (Lighthouse's estimate of the largest paint waits for all that had: 1.9–2.1 s instead
  // of 1.3 in half the runs when this script ran first).
  if (document.documentElement.classList.contains('welcome')) await afterNextPaint();
  const prefs = readPrefs();
  const wanted = [query.get('lang') ?? '', String(prefs.lang ?? ''), ...navigator.languages].filter(Boolean);
  const lang = pickLanguage(wanted);
  // A language whose texts cannot be fetched falls back to English (they travel with the site).
  // The embed API is fetched alongside, only for an embed (never part of the site's first load).
  const texts = loadMessages(lang).catch(() => loadMessages('en'));
  const started = Promise.all([embed ? import('./embed.js') : null, initEngine()]);
  const messages = await texts;
  document.documentElement.lang = messages.lang;
  messages.apply(document);
  // A first visit's welcome needs only the strings: it opens now, over "Loading the board…", not
  // waiting for the engine (or, drawn in the first paint already, once that paint is on screen);
  // the board comes under it.
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById('start'));
  const welcome = !embed && firstVisit(query) ? openWelcomeOnPaint(dialog, messages, messages.games()) : null;
  if (!welcome) dropWelcome();
  const [embedding] = await started;
  // Only now is the page styled and laid out (still unseen until its first frame): once, with its texts.
  document.documentElement.classList.add('starting');
  const app = createApp(document, { messages, viewOnly: embed && query.get('mode') === 'view', persist: !embed, welcome });
  const forget = () => {
    if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  };
  // Bad parameters of the page itself join the link's in one message (and, embedded, an `error` event).
  const problems = [...languageProblems(query.get('lang')), ...(embed ? embedProblems(query) : [])];
  app.restore(location.hash || location.search, problems);
  forget();
  if (embedding) embedding.startEmbed(app, document, query);
  // The service worker's install fetches the whole site: not before the first frame.
  else
    afterNextPaint()
      .then(() => import('./pwa.js'))
      .then(({ registerServiceWorker }) => registerServiceWorker(() => app.messages()));
  // A link pasted into the address bar of an open page changes only the hash.
  addEventListener('hashchange', () => {
    if (app.openLink(location.hash) !== '') forget();
  });
  // For tools and embedding.
  /** @type {any} */ (window).mancalaAtlas = app;
}

main().catch(fail);
