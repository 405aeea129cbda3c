// The embedding side of the postMessage API (see README "Embed in a wiki"), as a wiki widget
// would write it: it sizes the iframe to the game's height and keeps what it hears in
// `window.received` for the tests; `window.send(message)` posts to the game.
const frame = /** @type {HTMLIFrameElement} */ (document.getElementById('game'));
const src = new URLSearchParams(location.search).get('src');
/** @type {{origin: string, data: any}[]} */
const received = [];
Object.assign(window, {
  received,
  /** @param {unknown} message */
  send: (message) => frame.contentWindow?.postMessage(message, '*'),
});
addEventListener('message', (e) => {
  if (e.source !== frame.contentWindow || e.data?.ns !== 'mancala-atlas') return;
  received.push({ origin: e.origin, data: e.data });
  if (e.data.type === 'resize' && Number.isFinite(e.data.height)) frame.style.height = `${e.data.height}px`;
});
if (src) frame.src = src;
