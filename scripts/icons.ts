/**
 * `npm run icons`: renders the icon master (public/icon.svg) to the PNG sizes the manifests use
 * (public/icon/16.png … 128.png) with headless Chromium, so the PNGs always match the SVG. The PNGs are
 * committed: building the extension needs no browser. `--preview FILE` also writes a sheet of every size,
 * enlarged without smoothing, on a light and a dark toolbar colour, to judge how the icon reads.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

import { chromium } from 'playwright-core';

import { browserPath } from './lib/browsers';

export const ICON_SIZES = [16, 32, 48, 96, 128] as const;

const root = resolve(import.meta.dirname, '..');
const svg = await readFile(resolve(root, 'public/icon.svg'), 'utf8');
const previewIndex = process.argv.indexOf('--preview');
const previewPath = previewIndex > 0 ? process.argv[previewIndex + 1] : undefined;

const browser = await chromium.launch({
  executablePath: browserPath('chromium'),
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  const pngs = new Map<number, Buffer>();
  for (const size of ICON_SIZES) {
    await page.setViewportSize({ width: size, height: size });
    // The browser rasterises the vector at the target size (sharper than scaling one large bitmap down).
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}img{display:block}</style><img width="${size}" height="${size}" src="${dataUrl}">`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    pngs.set(size, png);
    const path = resolve(root, `public/icon/${size}.png`);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, png);
    console.log(`wrote public/icon/${size}.png (${png.length} bytes)`);
  }
  if (previewPath) {
    const cells = (background: string) =>
      `<div style="display:flex;gap:24px;align-items:flex-end;padding:24px;background:${background}">${ICON_SIZES.map(
        (size) => {
          const src = `data:image/png;base64,${pngs.get(size)!.toString('base64')}`;
          // Each size is shown at its own pixels and enlarged 4× (pixelated) to see every pixel.
          return `<div style="display:flex;gap:12px;align-items:flex-end"><img src="${src}" width="${size}"><img src="${src}" width="${size * 4}" style="image-rendering:pixelated"></div>`;
        },
      ).join('')}</div>`;
    await page.setViewportSize({ width: 1900, height: 400 });
    await page.setContent(
      `<body style="margin:0">${cells('#f1f3f4')}${cells('#ffffff')}${cells('#35363a')}${cells('#1f1f1f')}</body>`,
    );
    await page.screenshot({ path: resolve(previewPath), fullPage: true });
    console.log(`wrote ${previewPath}`);
  }
} finally {
  await browser.close();
}
