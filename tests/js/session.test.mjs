// @ts-check
// The session without a browser (issue 13 §3): where the first game comes from (a link, the
// autosave, a new game), what is said when a link or an autosave cannot be read, what is kept
// aside, and the autosave after every change — with a stand-in engine, shelf and page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import './engine.mjs';
import { Messages } from '../../www/js/i18n.js';
import { Session } from '../../www/js/session.js';
import { createState } from '../../www/js/state.js';
import { Store } from '../../www/js/store.js';

/** @typedef {import('../../www/js/session.js').Engine} Engine */
/** @typedef {import('../../www/js/engine.js').Game} Game */

// The store asks for a frame; node has none to give.
/** @type {any} */ (globalThis).requestAnimationFrame ??= () => 1;

const en = new Messages('en', JSON.parse(readFileSync(new URL('../../www/i18n/en.json', import.meta.url), 'utf8')), {}, {});
/** @type {import('../../www/js/engine.js').VariantInfo[]} */
const VARIANTS = [
  {
    id: 'first-game',
    name: 'First',
    pitsPerRow: 7,
    seeds: 98,
    storesOnBoard: false,
    relay: true,
    ritual: false,
    split: false,
    repetition: 3,
    options: [],
  },
  {
    id: 'second-game',
    name: 'Second',
    pitsPerRow: 8,
    seeds: 96,
    storesOnBoard: false,
    relay: true,
    ritual: false,
    split: false,
    repetition: 3,
    options: [],
  },
];

/**
 * A stand-in for the engine's game: its save is its variant, options and moves as JSON; a
 * variant it does not know is refused with the engine's `unknown-game` code.
 */
class FakeGame {
  /** @param {{variant: string, options: object, moves: string[], ply?: number}} saved */
  constructor(saved) {
    this.saved = saved;
    this.freed = false;
  }

  /** @param {string} variant @param {object} [options] */
  static create(variant, options = {}) {
    return FakeGame.load(JSON.stringify({ format: 1, variant, options, moves: [] }));
  }

  /**
   * @param {string} variant
   * @param {object} options
   * @param {string[]} moves
   * @param {number | undefined} ply
   */
  static replay(variant, options, moves, ply) {
    return FakeGame.load(JSON.stringify({ format: 1, variant, options, moves, ply }));
  }

  /** @param {string} text */
  static load(text) {
    const saved = JSON.parse(text);
    if (!VARIANTS.some((v) => v.id === saved.variant)) {
      throw Object.assign(new Error('unknown game'), { code: 'unknown-game', params: { name: saved.variant } });
    }
    return new FakeGame(saved);
  }

  state() {
    const { variant, options, moves, ply = moves.length } = this.saved;
    const pitsPerRow = VARIANTS.find((v) => v.id === variant)?.pitsPerRow;
    return /** @type {any} */ ({
      variant,
      options,
      pitsPerRow,
      over: false,
      end: null,
      ply,
      moves: moves.map((move) => ({ move })),
      start: null,
    });
  }

  save() {
    return JSON.stringify(this.saved);
  }

  free() {
    this.freed = true;
  }
}

/**
 * A session over a stand-in engine and shelf, and a log of what it asked of the page.
 * @param {{autosave?: string | null, writes?: boolean, persist?: boolean}} [given]
 */
function setup({ autosave = null, writes = true, persist = true } = {}) {
  const store = new Store(createState());
  /** @type {string[]} */
  const asked = [];
  /** @type {string[]} */
  const written = [];
  /** @type {string[]} */
  const kept = [];
  const shelf = {
    read: () => autosave,
    write: (/** @type {{save: string}} */ a) => {
      written.push(a.save);
      return writes;
    },
    keep: (/** @type {string} */ text) => void kept.push(text),
    watch: () => () => {},
  };
  /** @type {Engine} */
  const engine = { Game: /** @type {any} */ (FakeGame), randomSeed: () => 42, saveFormat: 1, variants: VARIANTS };
  const session = new Session(store, engine, persist ? shelf : null, {
    messages: () => en,
    replaced: () => void asked.push('replaced'),
    next: () => void asked.push('next'),
    end: () => void asked.push('end'),
    welcome: (first) => void asked.push(first ? 'welcome' : 'no welcome'),
    warn: (key) => void asked.push(`warn ${key}`),
    unwarn: (key) => void asked.push(`unwarn ${key}`),
  });
  return { store, session, asked, written, kept };
}

test("a first visit starts the first game of the engine's list and offers the games", () => {
  const { store, session, asked, written } = setup();
  session.restore('');
  assert.equal(store.state.game?.variant, 'first-game');
  assert.deepEqual(store.state.seating, { mode: 'two', human: 'south', level: 2, players: { south: 'p1', north: 'p2' } });
  assert.deepEqual(asked, ['replaced', 'welcome', 'next']);
  assert.deepEqual(written, []);
  assert.equal(store.state.notice, '');
});

test('a share link opens its game, says so, and is saved at once', () => {
  const { store, session, asked, written } = setup();
  session.restore('#game=second-game&moves=a.B&mode=computer&side=north&level=4');
  assert.deepEqual(store.state.game?.moves, [{ move: 0 }, { move: 9 }]);
  assert.equal(store.state.game?.variant, 'second-game');
  assert.deepEqual(store.state.seating, { mode: 'computer', human: 'north', level: 4, players: { south: 'computer', north: 'you' } });
  assert.equal(store.state.notice, 'This game was opened from a shared link.');
  assert.equal(store.state.noticeIsError, false);
  assert.deepEqual(asked, ['replaced', 'unwarn storage.otherTab', 'next', 'no welcome']);
  assert.deepEqual(
    written.map((w) => JSON.parse(w).moves),
    [[0, 9]],
  );
});

test('a link the engine refuses keeps the game shown and says why', () => {
  const { store, session, asked } = setup();
  session.restore('');
  const game = store.state.game;
  assert.equal(
    session.openLink('#game=second-game&ply=x'),
    'This link could not be opened: the move to show (ply) must be a whole number, not "x".',
  );
  assert.equal(store.state.game, game);
  assert.equal(
    store.state.notice,
    'This link could not be opened: the move to show (ply) must be a whole number, not "x". The game on the board stays as it was.',
  );
  assert.equal(store.state.noticeIsError, true);
  assert.equal(session.openLink('#moves=a.b'), '', 'no game named: no link');
  assert.deepEqual(asked, ['replaced', 'welcome', 'next']);
});

test('the autosave comes back with its players; a broken one is kept aside and replaced', () => {
  const good = JSON.stringify({
    save: JSON.stringify({ format: 1, variant: 'second-game', options: {}, moves: ['3'] }),
    seating: { mode: 'computer', human: 'south', level: 5, players: { south: 'you', north: 'computer' } },
  });
  const back = setup({ autosave: good });
  back.session.restore('');
  assert.deepEqual(back.store.state.game?.moves, [{ move: '3' }]);
  assert.equal(back.store.state.seating.level, 5);
  assert.deepEqual(back.asked, ['replaced', 'no welcome', 'next'], 'a saved game: a welcome opened early is let go');
  assert.deepEqual(back.kept, []);

  const broken = JSON.stringify({ save: JSON.stringify({ format: 1, variant: 'gone-game', options: {}, moves: [] }) });
  const lost = setup({ autosave: broken });
  lost.session.restore('');
  assert.equal(lost.store.state.game?.variant, 'first-game');
  assert.deepEqual(lost.kept, [broken]);
  assert.equal(lost.written.length, 1, 'the new game replaces the broken autosave');
  assert.match(lost.store.state.notice, /^The saved game could not be restored: .+\. A new game was started; the old save is kept\.$/);
  assert.equal(lost.store.state.noticeIsError, true);
  assert.deepEqual(lost.asked, ['replaced', 'unwarn storage.otherTab', 'no welcome', 'next']);
});

test('a browser that refuses storage is told once; an embedded page saves nothing', () => {
  const { session, asked } = setup({ writes: false });
  session.restore('#game=first-game');
  assert.equal(session.start('second-game', {}, session.seatingFrom({})), null);
  assert.deepEqual(asked, ['replaced', 'warn storage.unsaved', 'next', 'no welcome', 'replaced']);
  const embedded = setup({ persist: false });
  embedded.session.restore('');
  assert.deepEqual(embedded.asked, ['replaced', 'no welcome', 'next'], 'no welcome, no autosave');
});

test('a game that cannot start leaves the one shown and says why; a random setup is drawn anew', () => {
  const { store, session } = setup();
  session.restore('');
  const game = session.game;
  assert.equal(
    session.start('no-such-game', {}, session.seatingFrom({})),
    'unknown game "no-such-game": choose mangala-iv, sadeqa-iii, al-manqala or anywoli',
  );
  assert.equal(session.game, game);
  assert.deepEqual(session.replayOptions(/** @type {any} */ ({ options: { setup: { random: 7 }, first: 'north' } })), {
    setup: { random: 42 },
    first: 'north',
  });
  assert.equal(store.state.game?.variant, 'first-game');
});

test('the game shown, described without the moves after it, and its share link', () => {
  const { session } = setup();
  session.restore('#game=second-game&moves=a.B.c&ply=2');
  assert.equal(session.link(), 'game=second-game&moves=a.B.c&ply=2');
  assert.deepEqual(session.shown(), { variant: 'second-game', options: {}, moves: [0, 9], ply: undefined, start: undefined });
});

test("the autosave's standing is in the state: off, on from the first save, refused once", () => {
  /** @type {string[]} */
  const asked = [];
  /** @type {(() => void)[]} */
  const heard = [];
  let writes = true;
  const store = new Store(createState());
  const shelf = {
    read: () => null,
    write: () => writes,
    keep: () => {},
    watch: (/** @type {() => void} */ saved) => {
      heard.push(saved);
      return () => void asked.push('unwatch');
    },
  };
  /** @type {Engine} */
  const engine = { Game: /** @type {any} */ (FakeGame), randomSeed: () => 42, saveFormat: 1, variants: VARIANTS };
  const session = new Session(store, engine, shelf, {
    messages: () => en,
    replaced: () => {},
    next: () => {},
    end: () => {},
    welcome: () => {},
    warn: (key) => void asked.push(`warn ${key}`),
    unwarn: (key) => void asked.push(`unwarn ${key}`),
  });
  assert.deepEqual(Object.keys(session).sort(), ['engine', 'game', 'hooks', 'shelf', 'store', 'unwatch'], 'no flag beside the state');
  session.restore('');
  assert.equal(store.state.saving, 'off', 'a first visit writes nothing and hears no other tab');
  assert.equal(heard.length, 0);
  session.start('second-game', {}, session.seatingFrom({}));
  assert.equal(store.state.saving, 'on');
  assert.equal(heard.length, 1);
  heard[0]();
  writes = false;
  session.start('first-game', {}, session.seatingFrom({}));
  assert.equal(store.state.saving, 'refused');
  session.start('second-game', {}, session.seatingFrom({}));
  writes = true;
  session.start('first-game', {}, session.seatingFrom({}));
  assert.equal(store.state.saving, 'refused', 'told once, for the whole visit');
  assert.equal(heard.length, 1, 'other tabs are heard once');
  session.destroy();
  assert.deepEqual(asked, [
    'unwarn storage.otherTab',
    'warn storage.otherTab',
    'warn storage.unsaved',
    'unwarn storage.otherTab',
    'unwatch',
  ]);
});
