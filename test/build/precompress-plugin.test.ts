// The build's precompression: .br and .gz twins that decode to the file, only for compressible files worth it.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressFolder } from '../../scripts/precompress-plugin.ts';

describe('precompressFolder', () => {
  it('writes brotli and gzip twins of large text files, none for small or binary ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lowest-precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = `export const words = ${JSON.stringify('lowest unique '.repeat(500))};`;
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), script);
    writeFileSync(join(dir, 'assets', 'app-3c4d.css'), '.card{border:3px solid black}\n'.repeat(100));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'logo-5e6f.png'), Buffer.alloc(4096, 7));

    await precompressFolder(dir);

    const js = join(dir, 'assets', 'app-1a2b.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${js}.br`).byteLength).toBeLessThan(script.length / 10);
    expect(existsSync(join(dir, 'assets', 'app-3c4d.css.br'))).toBe(true);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets', 'logo-5e6f.png.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets', 'logo-5e6f.png.gz'))).toBe(false);
  });
});
