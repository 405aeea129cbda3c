// @ts-check
/**
 * Maps pointer, touch and keys to pits. The page puts one button per pit
 * (`data-pit`) over the canvas; this module listens on their container.
 * @module input
 */

/**
 * @typedef {object} InputHandlers
 * @property {(pit: number) => void} play  a pit was chosen (click, tap, Enter, Space)
 * @property {(pit: number | null) => void} hover  the mouse is over a pit (or a finger rests on it), or none
 * @property {(pit: number | null) => void} focus  a pit got keyboard focus, or none
 * @property {() => {x: number, y: number}[]} centres  pit centres on screen, for arrow keys
 * @property {(letter: string) => number | null} letter  the pit a typed letter names
 */

/** How long a touch must rest on a pit to preview it instead of playing. */
const LONG_PRESS_MS = 450;

const ARROWS = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The nearest pit from `from` in direction (dx, dy), or null.
 * @param {{x: number, y: number}[]} centres
 * @param {number} from
 * @param {number} dx
 * @param {number} dy
 * @returns {number | null}
 */
export function neighbour(centres, from, dx, dy) {
  const a = centres[from];
  let best = null;
  let bestScore = Infinity;
  centres.forEach((b, i) => {
    if (i === from) return;
    const along = (b.x - a.x) * dx + (b.y - a.y) * dy;
    if (along <= 1) return;
    const across = Math.abs((b.x - a.x) * dy - (b.y - a.y) * dx);
    const score = along + across * 2.5;
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}

/**
 * @param {EventTarget | null} target
 * @returns {number | null}
 */
function pitOf(target) {
  const el = target instanceof Element ? target.closest('[data-pit]') : null;
  if (!el) return null;
  const pit = Number(/** @type {HTMLElement} */ (el).dataset.pit);
  return Number.isInteger(pit) ? pit : null;
}

/**
 * Listens on `layer`; returns the function that stops listening.
 * @param {HTMLElement} layer
 * @param {InputHandlers} on
 * @returns {() => void}
 */
export function bindInput(layer, on) {
  // Touch has no hover: a long press shows the preview and does not play.
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let pressTimer;
  let pressed = false;
  /** @param {PointerEvent} e */
  const down = (e) => {
    pressed = false;
    clearTimeout(pressTimer);
    const pit = pitOf(e.target);
    if (e.pointerType !== 'touch' || pit === null) return;
    pressTimer = setTimeout(() => {
      pressed = true;
      on.hover(pit);
    }, LONG_PRESS_MS);
  };
  const up = () => clearTimeout(pressTimer);
  /** @param {MouseEvent} e */
  const click = (e) => {
    const pit = pitOf(e.target);
    if (pit !== null) {
      e.preventDefault();
      if (pressed) pressed = false;
      else on.play(pit);
    }
  };
  /** @param {Event} e */
  const menu = (e) => {
    if (pitOf(e.target) !== null) e.preventDefault();
  };
  /** @param {PointerEvent} e */
  const over = (e) => {
    if (e.pointerType === 'touch') return;
    on.hover(pitOf(e.target));
  };
  /** @param {PointerEvent} e */
  const leave = (e) => {
    if (e.pointerType !== 'touch') on.hover(null);
  };
  /** @param {FocusEvent} e */
  const focusIn = (e) => on.focus(pitOf(e.target));
  /** @param {FocusEvent} e */
  const focusOut = (e) => {
    if (pitOf(e.relatedTarget) === null) on.focus(null);
  };
  /** @param {KeyboardEvent} e */
  const key = (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const from = pitOf(e.target);
    /** @type {number | null} */
    let to = null;
    if (e.key in ARROWS && from !== null) {
      const [dx, dy] = ARROWS[/** @type {keyof typeof ARROWS} */ (e.key)];
      to = neighbour(on.centres(), from, dx, dy);
      e.preventDefault();
    } else if (/^[a-zA-Z]$/.test(e.key)) {
      to = on.letter(e.key);
    }
    if (to !== null) {
      const button = layer.querySelector(`[data-pit="${to}"]`);
      if (button instanceof HTMLElement) {
        e.preventDefault();
        button.focus();
      }
    }
  };
  /** @type {[string, (e: any) => void][]} */
  const listeners = [
    ['pointerdown', down],
    ['pointerup', up],
    ['pointercancel', up],
    ['contextmenu', menu],
    ['click', click],
    ['pointerover', over],
    ['pointerleave', leave],
    ['focusin', focusIn],
    ['focusout', focusOut],
    ['keydown', key],
  ];
  for (const [type, fn] of listeners) layer.addEventListener(type, fn);
  return () => {
    for (const [type, fn] of listeners) layer.removeEventListener(type, fn);
    clearTimeout(pressTimer);
  };
}
