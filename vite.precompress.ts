import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images (png, jpg, webp, avif, woff2) are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.map',
  '.txt',
  '.xml',
  '.ico',
  '.wasm',
]);

/** Below this a compressed copy saves too little to be worth a file (the server's own threshold). */
export const MIN_PRECOMPRESS_BYTES = 1024;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The gzip copy of a file: Zopfli for what browsers run or render (its deflate streams are a few
 * percent smaller than zlib's best and any gzip reader inflates them), zlib's level 9 for source
 * maps, which are large, fetched only by developer tools and not worth the slower compression.
 */
function gzipCopy(file: string, body: Buffer): Promise<Uint8Array> {
  return path.extname(file).toLowerCase() === '.map'
    ? gzipAsync(body, { level: constants.Z_BEST_COMPRESSION })
    : zopfliGzip(body, { numiterations: 15 });
}

/** Writes `file.br` (Brotli, quality 11) and `file.gz` (gzip: Zopfli, or zlib's level 9) beside each compressible file. */
export async function precompressFolder(
  folder: string,
): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const file of await filesUnder(folder)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())) continue;
    if ((await stat(file)).size < MIN_PRECOMPRESS_BYTES) continue;
    const body = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipCopy(file, body),
    ]);
    // A variant no smaller than the file would only cost the client decoding time.
    if (br.length < body.length) await writeFile(`${file}.br`, br);
    if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
    totals.files += 1;
    totals.bytes += body.length;
    totals.brotliBytes += Math.min(br.length, body.length);
  }
  return totals;
}

/**
 * Precompresses the web build once it is written, so the server sends Brotli or gzip without
 * compressing per request. Only the web build uses it: the desktop client loads its files from
 * disk through app:// and needs none.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'ironsight:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { files, bytes, brotliBytes } = await precompressFolder(outDir);
      this.info?.(
        `precompressed ${files} files: ${(bytes / 1024).toFixed(0)} KB, ${(brotliBytes / 1024).toFixed(0)} KB as Brotli`,
      );
    },
  };
}
