// @ts-check
/**
 * The page's public face: what embedding (embed.js), main.js and tools
 * (`window.mancalaAtlas`) may do with it. Nothing else reaches inside.
 * @module api
 */

/** @typedef {import('./state.js').AppState} AppState */
/** @typedef {import('./state.js').Seating} Seating */
/** @typedef {import('./state.js').Speed} Speed */
/** @typedef {import('./session.js').Description} Description */
/** @typedef {import('./play.js').MoveListener} MoveListener */
/** @typedef {import('./narrate.js').Problem} Problem */

/**
 * @typedef {object} Api
 * @property {Readonly<AppState>} state  a copy of the page's state, to read
 * @property {() => import('./i18n.js').Messages} messages  the page's texts, in its language
 * @property {(linkText: string, problems?: Problem[]) => void} restore  opens a link's game, else
 *   the autosave, else a new game, drawn at once (the page's first frame)
 * @property {(text: string) => string | null} openLink  opens a share link's game (session.js)
 * @property {(desc: Description, seating?: Seating) => string | null} load  opens a described game
 *   and goes on; null, or why it could not (the game shown stays)
 * @property {() => Description | null} shown  the game shown, without the moves after it
 * @property {(given: Partial<Seating>) => Seating} seatingFrom  a complete seating
 * @property {(seating: Seating) => void} seat  changes who plays; the computer moves if it is its turn
 * @property {(name: 'speed' | 'lang', value: string) => void} setOption
 * @property {(text: string, isError?: boolean) => void} say  the notice over the board
 * @property {() => string} link  the share link's parameters of the game shown
 * @property {(move: number | 'split') => void} play  plays a move as a click would, unchecked by the page
 * @property {(listener: MoveListener) => () => void} subscribe  hears every move shown; returns the
 *   unsubscribe
 * @property {() => import('./geometry.js').Geometry | null} geometry  where the board's parts are drawn
 * @property {import('./computer.js').Computer} computer  the computer player (tools may replace its answers)
 * @property {() => void} destroy  stops everything and lets go of the page
 */

/**
 * @param {import('./app.js').Parts} parts
 * @returns {Api}
 */
export function createApi({ ctx, session, play, panels, board, destroy }) {
  const store = ctx.store;
  return {
    get state() {
      return Object.freeze({ ...store.state });
    },
    messages: () => ctx.m,
    restore: (linkText, problems) => {
      session.restore(linkText, problems);
      store.flush();
    },
    openLink: (text) => session.openLink(text),
    load(desc, seating = store.state.seating) {
      const error = session.open(desc, seating);
      if (error === null) play.next();
      return error;
    },
    shown: () => session.shown(),
    seatingFrom: (given) => session.seatingFrom(given),
    seat(seating) {
      play.interrupt();
      store.update({ seating });
      play.resume();
    },
    setOption(name, value) {
      if (name === 'lang') panels.setLanguage(value);
      else panels.setSetting({ speed: /** @type {Speed} */ (value) });
    },
    say: (text, isError = false) => store.update({ notice: text, noticeIsError: isError }),
    link: () => session.link(),
    play: (move) => play.playMove(move),
    subscribe(listener) {
      play.listeners.add(listener);
      return () => play.listeners.delete(listener);
    },
    geometry: () => board.geo,
    computer: play.computer,
    destroy,
  };
}
