import fs from 'node:fs';
import path from 'node:path';

/*
 * The web app manifest (public/manifest.webmanifest, linked from _document) and the service worker
 * (public/sw.js): what a browser needs to install the shop and show its push notifications.
 */
const PUBLIC = path.join(process.cwd(), 'public');

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

const manifest = JSON.parse(fs.readFileSync(path.join(PUBLIC, 'manifest.webmanifest'), 'utf8')) as Record<string, unknown> & { icons: ManifestIcon[] };

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): string {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('the manifest names the shop, starts and scopes at the root, and opens standalone', () => {
  expect(manifest).toMatchObject({ id: '/', name: 'Lab shop', short_name: 'Lab shop', start_url: '/', scope: '/', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
});

test('every icon the manifest names exists in the size it claims, with 192 and 512 px PNGs and a maskable one', () => {
  for (const icon of manifest.icons) {
    const file = path.join(PUBLIC, icon.src);
    expect([icon.src, fs.existsSync(file)]).toEqual([icon.src, true]);
    if (icon.type === 'image/png') expect([icon.src, pngSize(file)]).toEqual([icon.src, icon.sizes]);
  }
  const png = manifest.icons.filter((i) => i.type === 'image/png');
  expect(png.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(png.some((i) => i.purpose === 'maskable')).toBe(true);
});

test("the service worker's notification icon is a file the shop serves", () => {
  const worker = fs.readFileSync(path.join(PUBLIC, 'sw.js'), 'utf8');
  const icon = /icon: '([^']+)'/.exec(worker)?.[1];
  expect(icon).toBeDefined();
  expect(fs.existsSync(path.join(PUBLIC, icon ?? ''))).toBe(true);
});
