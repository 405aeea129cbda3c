// @ts-check
// The store's redraws (www/js/store.js): one per frame however often asked, and the page's first
// drawn at once (issue 14: the first frame's work not waiting for the display's next refresh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Store } from '../../www/js/store.js';

/** A frame clock to drive by hand: `requestAnimationFrame` callbacks run when `frame()` is called. */
function frames() {
  /** @type {Map<number, (now: number) => void>} */
  const pending = new Map();
  let next = 1;
  const g = /** @type {any} */ (globalThis);
  g.requestAnimationFrame = (/** @type {(now: number) => void} */ cb) => {
    pending.set(next, cb);
    return next++;
  };
  g.cancelAnimationFrame = (/** @type {number} */ id) => void pending.delete(id);
  return {
    pending,
    frame(/** @type {number} */ now) {
      const due = [...pending.values()];
      pending.clear();
      for (const cb of due) cb(now);
    },
  };
}

test('updates ask for one redraw in the next frame, however many', () => {
  const clock = frames();
  /** @type {number[]} */
  const painted = [];
  const store = new Store(/** @type {any} */ ({ notice: '' }), (now) => painted.push(now));
  store.update({ notice: 'a' });
  store.update({ notice: 'b' });
  assert.deepEqual(painted, []);
  assert.equal(clock.pending.size, 1);
  clock.frame(16);
  assert.deepEqual(painted, [16]);
  assert.equal(store.state.notice, 'b');
});

test('flush draws the redraw asked for at once, and not again at the next frame', () => {
  const clock = frames();
  /** @type {string[]} */
  const painted = [];
  const store = new Store(/** @type {any} */ ({}), () => painted.push('paint'));
  store.flush();
  assert.deepEqual(painted, [], 'nothing asked for, nothing drawn');
  store.update({});
  store.flush();
  assert.deepEqual(painted, ['paint']);
  assert.equal(clock.pending.size, 0);
  clock.frame(16);
  assert.deepEqual(painted, ['paint']);
  // Asked for again afterwards: the next frame draws it.
  store.schedule();
  clock.frame(33);
  assert.deepEqual(painted, ['paint', 'paint']);
});
