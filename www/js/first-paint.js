// @ts-check
/**
 * Runs before the first paint, inlined into `index.html` by `cargo xtask dist` (allowed by its hash
 * in the page's CSP): marks `html.embed` for an embed, so that the site's header is never drawn in
 * one, and `html.welcome` for what is surely a first visit in English (no game asked for, nothing
 * stored, English wanted), so that the welcome's title and intro, already in the page, are drawn in
 * the first paint where the dialog will open (app.css). main.js decides the rest as before.
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
    stored = Object.keys(localStorage).some((key) => key.startsWith('mancala-atlas:'));
  } catch {}
  // As i18n.js's pickLanguage: the first language the site has (Tagalog read as Filipino).
  const known = ['en', 'it', 'el', 'fil', 'tl', 'tr'];
  const spoken = navigator.languages.map((tag) => tag.toLowerCase().split(/[-_]/)[0]).find((l) => known.includes(l));
  const english = query.has('lang') ? query.get('lang') === 'en' : (spoken ?? 'en') === 'en';
  const asks = location.hash !== '' || [...query.keys()].some((key) => key !== 'lang');
  if (english && !asks && !stored) html.classList.add('welcome');
})();
