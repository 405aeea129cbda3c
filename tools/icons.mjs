// Renders the app icons (www/icons/*.png) from the game's own art, www/favicon.svg, in
// Debian's Chromium through Playwright (the project's npm packages, node_modules/ at the root).
// The output depends only on the SVG and the browser, so re-running it reproduces the PNGs.
//
//   npm ci && node tools/icons.mjs
//
// icon-192.png, icon-512.png: the board on a transparent background ("any" purpose).
// maskable-512.png: the board inside the central safe zone (a circle of 40% of the size) on a
// full-bleed background of the theme colour, for launchers that cut icons into shapes.
import { readFile, writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const root = new URL('../', import.meta.url);

/** The manifest's theme colour, behind the maskable icon. */
const THEME = '#0b6148';

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
];

const svg = (await readFile(new URL('www/favicon.svg', root), 'utf8')).trim();
if (!svg.startsWith('<svg') || !svg.includes('viewBox="0 0 64 64"')) {
  throw new Error('www/favicon.svg: expected a square <svg viewBox="0 0 64 64">');
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--force-color-profile=srgb', '--font-render-hinting=none'],
});
try {
  for (const { file, size, maskable } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    // The board is 60 of the art's 64 units wide; a maskable icon keeps it to 62% of the size,
    // so that its corners stay inside the safe circle.
    const art = maskable ? Math.round((size * 0.62 * 64) / 60) : size;
    const background = maskable ? THEME : 'transparent';
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:${background};width:${size}px;height:${size}px;` +
        `display:grid;place-items:center">${svg.replace('<svg ', `<svg width="${art}" height="${art}" `)}</body></html>`,
    );
    const png = await page.screenshot({ omitBackground: !maskable, type: 'png' });
    await writeFile(new URL(`www/icons/${file}`, root), png);
    console.log(`www/icons/${file}: ${size}×${size}, ${png.length} bytes`);
    await page.close();
  }
} finally {
  await browser.close();
}
