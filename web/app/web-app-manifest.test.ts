// The game installs on a phone: index.html links a manifest whose icons exist as PNGs of the sizes it claims.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const web = join(import.meta.dirname, '..');
const publicFile = (path: string) => join(web, 'public', path);

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('web app manifest and icons', () => {
  const manifest = JSON.parse(readFileSync(publicFile('manifest.webmanifest'), 'utf8')) as {
    name: string;
    display: string;
    theme_color: string;
    start_url: string;
    icons: { src: string; sizes: string; type: string }[];
  };

  it('names the game, opens standalone at / and has the accent as theme colour', () => {
    expect(manifest).toMatchObject({
      name: 'LOWEST UNIQUE',
      display: 'standalone',
      start_url: '/',
      theme_color: '#ffe600',
    });
  });

  it('lists 192 and 512 px PNG icons that exist at those sizes', () => {
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of manifest.icons) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(icon.type).toBe('image/png');
      expect(pngSize(publicFile(icon.src.replace(/^\//, '')))).toEqual({ width, height });
    }
  });

  it('is linked from index.html with the favicon and theme colour', () => {
    const html = readFileSync(join(web, 'index.html'), 'utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
    expect(html).toContain('<meta name="theme-color" content="#ffe600" />');
    expect(readFileSync(publicFile('favicon.svg'), 'utf8')).toMatch(/^<svg /);
  });
});
