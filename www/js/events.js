// @ts-check
/**
 * Binds the page's controls, keys and size changes to the parts that act
 * on them; returns the function that unbinds them all.
 * @module events
 */

import { bindInput } from './input.js';
import { letterPit } from './catalog.js';

/** @typedef {import('./app.js').Context} Context */

/**
 * @typedef {object} Parts
 * @property {import('./board.js').Board} board
 * @property {import('./play.js').Play} play
 * @property {import('./split.js').Split} split
 * @property {import('./panels.js').Panels} panels
 * @property {import('./start.js').Start} start
 * @property {() => void} hint  the Hint button (hint.js, loaded on first use)
 * @property {() => void} analyse  the Analyse button (analysis.js, loaded on first use)
 * @property {(action: 'copy' | 'embed' | 'paste') => void} record  the record's and embed code's buttons
 *   (record.js, loaded on first use)
 * @property {() => void} edit  the position editor's button (editor.js, loaded on first use)
 */

/**
 * @param {Context} ctx
 * @param {Parts} parts
 * @returns {() => void}
 */
export function bindEvents(ctx, { board, play, split, panels, start, hint, analyse, record, edit }) {
  const { el, doc, store } = ctx;
  /** @type {(() => void)[]} */
  const cleanups = [];
  /**
   * @param {EventTarget} target
   * @param {string} type
   * @param {(e: any) => void} fn
   * @param {AddEventListenerOptions} [opts]
   */
  const on = (target, type, fn, opts) => {
    target.addEventListener(type, fn, opts);
    cleanups.push(() => target.removeEventListener(type, fn, opts));
  };
  cleanups.push(
    bindInput(el.pits, {
      play: (pit) => play.clickPit(pit),
      hover: (pit) => play.showPreview(pit),
      focus: (pit) => {
        store.update({ focus: pit });
        play.showPreview(pit);
      },
      centres: () => board.geo?.pits ?? [],
      letter: (letter) => (store.state.game ? letterPit(letter, store.state.game.pitsPerRow) : null),
    }),
  );
  // The board is fitted to its width and to the window's height.
  const observer = new ResizeObserver(() => board.resized());
  observer.observe(el.board);
  cleanups.push(() => observer.disconnect());
  on(/** @type {Window} */ (doc.defaultView), 'resize', () => board.resized());

  on(el.newGame, 'click', () => start.choose());
  on(el.openRules, 'click', () => panels.openRules());
  on(el.undo, 'click', () => play.undo());
  on(el.redo, 'click', () => play.redo());
  on(el.first, 'click', () => play.jump(0));
  on(el.last, 'click', () => play.jump(store.state.game?.moves.length ?? 0));
  on(el.forced, 'click', () => {
    const f = store.state.game?.forced;
    if (f !== null && f !== undefined) play.clickPit(f);
  });
  on(el.split, 'click', () => split.propose());
  on(el.resume, 'click', () => play.resume());
  on(el.hint, 'click', hint);
  on(el.analyse, 'click', analyse);
  on(el.splitAccept, 'click', () => split.answer(true));
  on(el.splitDecline, 'click', () => split.answer(false));
  on(el.speed, 'change', () => {
    panels.setSetting({ speed: /** @type {import('./state.js').Speed} */ (el.speed.value) });
    play.speedChanged();
  });
  // A click on the board, Escape or Space finishes a move that is still playing out. The click
  // is caught before the pits see it, so it never plays a pit too.
  on(
    el.board,
    'click',
    (/** @type {MouseEvent} */ e) => {
      if (store.state.phase !== 'moving') return;
      e.stopPropagation();
      play.finishMove();
    },
    { capture: true },
  );
  on(el.moves, 'click', (e) => {
    const b = e.target instanceof Element ? e.target.closest('button[data-ply]') : null;
    if (b) play.jump(Number(/** @type {HTMLElement} */ (b).dataset.ply));
  });
  on(el.share, 'click', () => panels.share());
  on(el.recordCopy, 'click', () => record('copy'));
  on(el.embedCopy, 'click', () => record('embed'));
  on(el.recordOpen, 'click', () => record('paste'));
  on(el.editor, 'click', edit);
  on(el.lang, 'change', () => panels.setLanguage(el.lang.value));
  on(el.setForced, 'change', () => {
    panels.setSetting({ autoForced: el.setForced.checked });
    if (el.setForced.checked) play.next();
  });
  on(el.setRitual, 'change', () => panels.setSetting({ ritual: el.setRitual.checked }));
  on(el.setIds, 'change', () => {
    doc.documentElement.classList.toggle('show-ids', el.setIds.checked);
    panels.savePrefs();
  });
  on(el.endReview, 'click', () => el.end.close());
  on(el.endAgain, 'click', () => {
    el.end.close();
    start.again();
  });
  on(el.endNew, 'click', () => {
    el.end.close();
    start.choose();
  });
  on(el.rulesGame, 'change', () => panels.showRules());
  on(el.rulesClose, 'click', () => el.rules.close());
  on(doc, 'keydown', (/** @type {KeyboardEvent} */ e) => {
    const t = e.target;
    if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement) return;
    const inDialog = t instanceof Element && Boolean(t.closest('dialog[open]'));
    const plain = !e.ctrlKey && !e.metaKey && !e.altKey;
    if (store.state.phase === 'moving' && !inDialog && (e.key === 'Escape' || e.key === ' ') && plain) {
      e.preventDefault();
      play.finishMove();
      return;
    }
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) {
      e.preventDefault();
      play.undo();
    } else if (key === 'y' || (key === 'z' && e.shiftKey)) {
      e.preventDefault();
      play.redo();
    }
  });
  return () => {
    for (const undo of cleanups.splice(0)) undo();
  };
}
