// A Vite build step: writes a brotli (.br) and a gzip (.gz) twin beside every compressible file of the build, so
// the server sends compressed bytes without compressing per request (server/static-web.ts picks the twin).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Smaller files gain less than a round trip's worth; the server sends them as they are. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? filesUnder(join(folder, entry.name)) : Promise.resolve([join(folder, entry.name)]),
    ),
  );
  return nested.flat();
}

/** Maximum settings: the work happens once per build, the bytes are saved on every visit. */
async function writeTwins(file: string): Promise<void> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
      },
    }),
    gzipAsync(content, { level: zlib.Z_BEST_COMPRESSION }),
  ]);
  // A twin that saves nothing would only cost the client a decode.
  await Promise.all([
    br.byteLength < content.byteLength ? writeFile(`${file}.br`, br) : Promise.resolve(),
    gz.byteLength < content.byteLength ? writeFile(`${file}.gz`, gz) : Promise.resolve(),
  ]);
}

/** Writes the twins of every compressible file of at least MIN_BYTES under `folder`. */
export async function precompressFolder(folder: string): Promise<void> {
  const files = (await filesUnder(folder)).filter((file) => COMPRESSIBLE.test(file));
  const large = await Promise.all(files.map(async (file) => ((await stat(file)).size >= MIN_BYTES ? file : null)));
  await Promise.all(large.filter((file) => file !== null).map(writeTwins));
}

export function precompress(): Plugin {
  return {
    name: 'lowest-unique:precompress',
    apply: 'build',
    // After every file of the build (index.html included) is on disk.
    async writeBundle(output) {
      if (output.dir !== undefined) await precompressFolder(output.dir);
    },
  };
}
