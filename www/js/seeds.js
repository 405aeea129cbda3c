// @ts-check
/**
 * Seeds on the canvas: each drawn at a fixed place and colour per pit and
 * count (a deterministic hash, so a redraw never shuffles them), clustered
 * in a round pit or a long store.
 * @module seeds
 */

/** @typedef {import('./geometry.js').Rect} Rect */

/** The seeds' colours (render.js `PALETTE.seeds`). */
export const SEED_COLOURS = ['#efe2c4', '#d9b27c', '#9c6b45', '#b9b3a6', '#c7653f', '#e9cf98', '#7d6a55', '#dcc6a0'];

/**
 * A deterministic hash of two small numbers to [0, 1).
 * @param {number} a
 * @param {number} b
 */
export function hash(a, b) {
  let h = (a * 374761393 + b * 668265263) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/**
 * Seed size relative to the pit radius, by how many share the pit, in steps
 * so that one more seed does not resize the others.
 * @param {number} count
 */
function seedScale(count) {
  if (count <= 7) return 0.2;
  if (count <= 12) return 0.17;
  if (count <= 20) return 0.135;
  if (count <= 30) return 0.115;
  if (count <= 45) return 0.095;
  return 0.08;
}

/** Seeds drawn once each, by colour and size in device pixels: a seed is then one image, turned. */
const sprites = new Map();

/**
 * A seed of colour `colour` and radius `px` device pixels, lying flat, centred in its image.
 * @param {number} colour index into SEED_COLOURS
 * @param {number} px
 */
function sprite(colour, px) {
  const key = colour + SEED_COLOURS.length * Math.round(px * 16);
  let img = sprites.get(key);
  if (!img) {
    // The shadow reaches 1.27 radii from the centre; a pixel spare for the edge's smoothing.
    const half = Math.ceil(px * 1.3) + 1;
    img = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(2 * half, 2 * half) : document.createElement('canvas');
    img.width = img.height = 2 * half;
    const c = /** @type {CanvasRenderingContext2D} */ (img.getContext('2d'));
    c.translate(half, half);
    c.fillStyle = 'rgba(0, 0, 0, 0.35)';
    c.beginPath();
    c.ellipse(px * 0.12, px * 0.18, px * 1.15, px * 0.85, 0, 0, Math.PI * 2);
    c.fill();
    c.fillStyle = SEED_COLOURS[colour];
    c.beginPath();
    c.ellipse(0, 0, px * 1.15, px * 0.85, 0, 0, Math.PI * 2);
    c.fill();
    c.fillStyle = 'rgba(255, 255, 255, 0.35)';
    c.beginPath();
    c.ellipse(-px * 0.35, -px * 0.3, px * 0.45, px * 0.25, 0, 0, Math.PI * 2);
    c.fill();
    // A window resized many times leaves sizes it no longer shows: start again.
    if (sprites.size >= 512) sprites.clear();
    sprites.set(key, img);
  }
  return img;
}

/**
 * Draws one seed. The canvas's transform is `dpr` times the identity, as `draw` sets it, and is so
 * again after.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} s radius
 * @param {number} key stable identity for colour and angle
 * @param {number} dpr device pixels per CSS pixel
 */
export function seed(ctx, x, y, s, key, dpr) {
  const img = sprite(Math.floor(hash(key, 7) * SEED_COLOURS.length), s * dpr);
  const angle = hash(key, 11) * Math.PI;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const half = img.width / 2;
  // Turned about the seed's centre, in device pixels.
  ctx.setTransform(cos, sin, -sin, cos, x * dpr, y * dpr);
  ctx.drawImage(img, -half, -half);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
}

/**
 * Seeds clustered in a circle (a sunflower spiral, so one more seed does not
 * move the others).
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} cx
 * @param {number} cy
 * @param {number} radius
 * @param {number} count
 * @param {number} key
 * @param {number} dpr device pixels per CSS pixel
 */
export function clusterInCircle(ctx, cx, cy, radius, count, key, dpr) {
  const s = radius * seedScale(count);
  const step = s * 1.22;
  const limit = radius * 0.9 - s;
  for (let i = 0; i < count; i++) {
    const rho = step * Math.sqrt(i + 0.35);
    if (rho > limit) break;
    const theta = i * 2.39996 + hash(key, 3) * 6.283;
    const jitter = s * 0.25;
    seed(
      ctx,
      cx + rho * Math.cos(theta) + (hash(key, i * 2 + 1) - 0.5) * jitter,
      cy + rho * Math.sin(theta) + (hash(key, i * 2 + 2) - 0.5) * jitter,
      s,
      key * 131 + i,
      dpr,
    );
  }
}

/**
 * Seeds clustered in a rectangle: a loose grid filled across the short side
 * first, centred, so a few seeds make a small heap and many fill the box.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Rect} box
 * @param {number} count
 * @param {number} s seed radius
 * @param {number} key
 * @param {number} dpr device pixels per CSS pixel
 */
export function clusterInRect(ctx, box, count, s, key, dpr) {
  const gap = s * 2.2;
  const tall = box.h > box.w;
  const long = tall ? box.h : box.w;
  const short = tall ? box.w : box.h;
  const across = Math.max(1, Math.floor((short - gap * 0.3) / gap));
  const along = Math.max(1, Math.floor((long - gap * 0.3) / gap));
  const shown = Math.min(count, across * along);
  const used = Math.ceil(shown / across);
  const start = (long - (used - 1) * gap) / 2;
  const side0 = (short - (across - 1) * gap) / 2;
  for (let i = 0; i < shown; i++) {
    const a = start + Math.floor(i / across) * gap + (hash(key, i * 2) - 0.5) * s * 0.9;
    const b = side0 + (i % across) * gap + (hash(key, i * 2 + 1) - 0.5) * s * 0.9;
    const [x, y] = tall ? [box.x + b, box.y + a] : [box.x + a, box.y + b];
    seed(ctx, x, y, s, key * 977 + i, dpr);
  }
}
