// @ts-check
/**
 * Runs before the first paint, inlined into `index.html` by `cargo xtask dist` (allowed by its hash
 * in the page's CSP): marks `html.embed` for an embed, so that the site's header is never drawn in
 * one, and `html.welcome` for what is surely a first visit in English (no game asked for, nothing
 * stored, English asked for first), so that the welcome's title and intro, already in the page,
 * are drawn in the first paint where the dialog will open (app.css). main.js decides the rest as
 * before.
 */
(() => {
  const html = document.documentElement;
  const query = new URLSearchParams(location.search);
  if (query.get('embed') === '1') {
    html.classList.add('embed');
    return;
  }
  let stored = true;
  try {
    // storage.js's PREFIX: a save or preferences mean this is no first visit.
    stored = Object.keys(localStorage).some((key) => key.startsWith('mancala-atlas:'));
  } catch {}
  // The page is written in English: only a visitor who asks for it first gets the early welcome
  // (another language's first visit opens it once main.js has its strings).
  const english = (query.get('lang') ?? navigator.language).toLowerCase().split(/[-_]/)[0] === 'en';
  const asks = location.hash !== '' || [...query.keys()].some((key) => key !== 'lang');
  if (english && !asks && !stored) html.classList.add('welcome');
})();
