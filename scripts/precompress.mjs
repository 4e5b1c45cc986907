// Precompresses the built web app: every text file of web/dist (JS, CSS, HTML, SVG, JSON, the manifest, the .wasm)
// gets a .br (brotli quality 11) and a .gz (gzip -9) twin, which the server sends as they are to a client that accepts
// them (@fastify/static `preCompressed`, server/src/app.ts): the best compression costs nothing per request.
// A twin that would not be smaller than its file is not written (the server then sends the file itself).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export const PRECOMPRESSED_EXTENSIONS = [
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.wasm',
  '.txt',
];
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function walk(dir) {
  const files = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) files.push(...walk(p));
    else files.push(p);
  }
  return files;
}

/** Writes the .br and .gz twins under `dir`; resolves with the totals (bytes before, brotli, gzip). */
export async function precompress(dir) {
  const files = walk(dir).filter((f) => PRECOMPRESSED_EXTENSIONS.includes(path.extname(f)));
  const totals = { files: files.length, bytes: 0, br: 0, gz: 0 };
  await Promise.all(
    files.map(async (file) => {
      const data = readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            [zlib.constants.BROTLI_PARAM_MODE]:
              path.extname(file) === '.wasm' ? zlib.constants.BROTLI_MODE_GENERIC : zlib.constants.BROTLI_MODE_TEXT,
          },
        }),
        gzip(data, { level: 9 }),
      ]);
      totals.bytes += data.length;
      if (br.length < data.length) {
        writeFileSync(`${file}.br`, br);
        totals.br += br.length;
      }
      if (gz.length < data.length) {
        writeFileSync(`${file}.gz`, gz);
        totals.gz += gz.length;
      }
    }),
  );
  return totals;
}
