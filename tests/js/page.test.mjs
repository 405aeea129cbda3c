// @ts-check
// The page's pure modules, without a browser: share links, pit letters,
// language choice, arrow-key neighbours and the trace player.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { VARIANTS } from './engine.mjs';
import { decodeLink, encodeLink } from '../../www/js/link.js';
import { letterPit, pitLetter } from '../../www/js/catalog.js';
import { sideOf, summarize, controller } from '../../www/js/state.js';

/** @param {string} id */
const info = (id) => /** @type {import('../../www/js/engine.js').VariantInfo} */ (VARIANTS.find((g) => g.id === id));
import { pickLanguage } from '../../www/js/i18n.js';
import { neighbour } from '../../www/js/input.js';
import { animate, finish, hurry } from '../../www/js/anim.js';

test('a share link carries game, options, setup number, moves and ply', () => {
  const text = encodeLink(info('mangala-iv'), { first: 'north', setup: { random: 4242 }, freeChoice: true }, [0, 8, 1], 2, {
    mode: 'computer',
    human: 'north',
    level: 3,
    players: { south: 'computer', north: 'you' },
  });
  assert.equal(text, 'game=mangala-iv&first=north&setup=random&seed=4242&free=1&moves=0.8.1&ply=2&mode=computer&side=north&level=3');
  const back = decodeLink(`#${text}`, VARIANTS);
  assert.ok(back);
  assert.deepEqual(back.game, {
    variant: 'mangala-iv',
    options: { first: 'north', setup: { random: 4242 }, freeChoice: true },
    moves: [0, 8, 1],
    ply: 2,
    start: undefined,
  });
  assert.deepEqual(back.seating, { mode: 'computer', human: 'north', level: 3 });
});

test('Anywoli and Sadeqa options round-trip; a split is a move', () => {
  const aw = decodeLink(encodeLink(info('anywoli'), { lastFour: 'lot', lotSeed: 7 }, [], 0), VARIANTS);
  assert.deepEqual(aw?.game, { variant: 'anywoli', options: { lastFour: 'lot', lotSeed: 7 }, moves: [], ply: undefined, start: undefined });
  const sq = decodeLink(encodeLink(info('sadeqa-iii'), { sadeqaSeeds: 'four' }, [2, 'split'], 2), VARIANTS);
  assert.deepEqual(sq?.game, {
    variant: 'sadeqa-iii',
    options: { sadeqaSeeds: 'four' },
    moves: [2, 'split'],
    ply: undefined,
    start: undefined,
  });
});

test('a set-up position travels in the link as board, stores and turn', () => {
  const start = {
    board: [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
    stores: { south: 48, north: 48 },
    turn: /** @type {const} */ ('north'),
  };
  const text = encodeLink(info('al-manqala'), {}, [7], 1, undefined, start);
  assert.equal(text, 'game=al-manqala&board=1.0.0.0.0.0.1.0.0.0.0.0.0.0&stores=48.48&turn=north&moves=7');
  assert.deepEqual(decodeLink(text, VARIANTS)?.game, { variant: 'al-manqala', options: {}, moves: [7], ply: undefined, start });
  // Without stores and turn: none captured, South to move (a bad count is named by link.js: link.test.mjs).
  assert.deepEqual(decodeLink('game=anywoli&board=2.3', VARIANTS)?.game?.start, {
    board: [2, 3],
    stores: { south: 0, north: 0 },
    turn: 'south',
  });
});

test('a link without a game is no link; bad values reach the engine as they are', () => {
  assert.equal(decodeLink('#lang=it'), null);
  assert.equal(decodeLink(''), null);
  const bad = decodeLink('game=anywoli&first=west&lot=abc&level=9', VARIANTS);
  assert.deepEqual(bad?.game, {
    variant: 'anywoli',
    options: { first: 'west', lotSeed: 'abc' },
    moves: [],
    ply: undefined,
    start: undefined,
  });
  assert.deepEqual(bad?.seating, {});
});

test("pits are lettered per side from the owner's left (C-1)", () => {
  assert.deepEqual(
    [0, 6, 7, 13].map((p) => pitLetter(p, 7)),
    ['a', 'g', 'A', 'G'],
  );
  assert.deepEqual(
    ['a', 'l', 'A', 'L', 'm', 'M', 'ab'].map((l) => letterPit(l, 12)),
    [0, 11, 12, 23, null, null, null],
  );
  assert.deepEqual(
    [0, 7, 8, 15].map((p) => sideOf(p, 8)),
    ['south', 'south', 'north', 'north'],
  );
});

test('who plays each side', () => {
  const s = {
    mode: /** @type {const} */ ('computer'),
    human: /** @type {const} */ ('north'),
    level: 2,
    players: { south: 'computer', north: 'you' },
  };
  assert.equal(controller(s, 'north'), 'human');
  assert.equal(controller(s, 'south'), 'computer');
  assert.equal(controller({ ...s, mode: 'demo' }, 'north'), 'computer');
  assert.equal(controller({ ...s, mode: 'two' }, 'south'), 'human');
});

test('the language comes from the first supported one the browser names', () => {
  assert.equal(pickLanguage(['de-DE', 'it-IT', 'en']), 'it');
  assert.equal(pickLanguage(['tl']), 'fil');
  assert.equal(pickLanguage(['el']), 'el');
  assert.equal(pickLanguage(['TR-tr']), 'tr');
  assert.equal(pickLanguage(['ja']), 'en');
  assert.equal(pickLanguage([]), 'en');
});

test('arrow keys go to the nearest pit in their direction', () => {
  // Two rows of three: South below (y = 1), North above (y = 0), North's pit 3 at the right.
  const c = [
    { x: 0, y: 100 },
    { x: 100, y: 100 },
    { x: 200, y: 100 },
    { x: 200, y: 0 },
    { x: 100, y: 0 },
    { x: 0, y: 0 },
  ];
  assert.equal(neighbour(c, 0, 1, 0), 1);
  assert.equal(neighbour(c, 2, 1, 0), null);
  assert.equal(neighbour(c, 1, 0, -1), 4);
  assert.equal(neighbour(c, 5, 1, 0), 4);
  assert.equal(neighbour(c, 3, 0, 1), 2);
});

/** @type {import('../../www/js/engine.js').Step[]} */
const TRACE = [
  // A two-lap sowing from pit 0 of a 2×2 board [2, 1, 1, 1], then a capture and an extra move.
  { type: 'lift', pit: 0, seeds: 2, lap: 1 },
  { type: 'sow', pit: 1 },
  { type: 'sow', pit: 2 },
  { type: 'lift', pit: 2, seeds: 2, lap: 2 },
  { type: 'sow', pit: 3 },
  { type: 'sow', pit: 0 },
  { type: 'capture', pit: 3, seeds: 2, to: 'south', kind: 'final' },
  { type: 'extra-move', side: 'south' },
];

test('a trace read in words: laps, last pit, captures, extra move', () => {
  const s = summarize(TRACE);
  assert.deepEqual(
    { laps: s.laps, sown: s.sown, last: s.last, origin: s.origin, taken: s.taken, extra: s.extra },
    { laps: 2, sown: 4, last: 0, origin: 0, taken: { south: 2, north: 0 }, extra: 'south' },
  );
});

test('the trace player ends on the board the trace leads to, and reports every event', async () => {
  /** @type {string[]} */
  const events = [];
  /** @type {import('../../www/js/state.js').Frame | null} */
  let last = null;
  await animate(
    TRACE,
    { board: [2, 1, 1, 1], stores: { south: 0, north: 0 } },
    {
      speed: () => 'instant',
      reduced: false,
      token: { cancelled: false },
      onFrame: (f) => {
        last = f;
      },
      onEvent: (step) => events.push(step.type),
    },
  );
  assert.ok(last);
  const frame = /** @type {import('../../www/js/state.js').Frame} */ (last);
  assert.deepEqual(frame.board, [1, 2, 0, 0]);
  assert.deepEqual(frame.stores, { south: 2, north: 0 });
  assert.equal(frame.hand, null);
  assert.deepEqual(events, ['lift', 'capture', 'extra-move']);
});

/**
 * Starts `TRACE` at `speed()` under mocked timers (so no time passes by
 * itself) and returns what it reports.
 * @param {() => import('../../www/js/state.js').Speed} speed
 * @param {import('../../www/js/anim.js').Token} token
 */
function animateFrozen(speed, token) {
  const seen = { events: /** @type {string[]} */ ([]), frame: /** @type {any} */ (null), done: false };
  const promise = animate(
    TRACE,
    { board: [2, 1, 1, 1], stores: { south: 0, north: 0 } },
    {
      speed,
      reduced: false,
      token,
      now: () => 0,
      onFrame: (f) => {
        seen.frame = f;
      },
      onEvent: (step) => seen.events.push(step.type),
    },
  ).then(() => {
    seen.done = true;
  });
  return { seen, promise };
}

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

test('a move at slow speed is finished at once when asked, every event still reported', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const token = { cancelled: false };
  const { seen, promise } = animateFrozen(() => 'slow', token);
  await settle();
  assert.equal(seen.done, false, 'a slow move waits for its timers');
  finish(token);
  await promise;
  assert.deepEqual(seen.frame.board, [1, 2, 0, 0]);
  assert.deepEqual(seen.frame.stores, { south: 2, north: 0 });
  assert.deepEqual(seen.events, ['lift', 'capture', 'extra-move']);
});

test('a change of speed applies in the middle of a move', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  /** @type {import('../../www/js/anim.js').Token} */
  const token = { cancelled: false };
  /** @type {import('../../www/js/state.js').Speed} */
  let speed = 'slow';
  const { seen, promise } = animateFrozen(() => speed, token);
  await settle();
  assert.equal(seen.done, false);
  speed = 'instant';
  hurry(token);
  await promise;
  assert.deepEqual(seen.frame.board, [1, 2, 0, 0]);
});
