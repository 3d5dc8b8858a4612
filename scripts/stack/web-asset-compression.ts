import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What compresses well; fonts in woff/woff2 and images are compressed already. */
const compressible = new Set(['.js', '.css', '.svg', '.json', '.ttf', '.eot', '.map', '.txt']);
/** Below this a compressed copy saves less than the headers it costs. */
const smallestWorthBytes = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the built web app's assets/,
 * for `@fastify/static`'s `preCompressed` (scripts/stack/web-app.ts); web/vite.config.ts runs it after each build.
 * A first visit then downloads 296 kB of script (Brotli) instead of 1,049 (docs/performance.md, "The web app's
 * first chunk"). Brotli at quality 9, not 11: 11 took 9 s for the code editor's chunk on a slow host, for 7–9 %
 * less. A copy no smaller than the file is not written. Returns the files it compressed.
 */
export async function compressWebAssets(distDir: string): Promise<string[]> {
  const assetsDir = path.join(distDir, 'assets');
  const names = (await readdir(assetsDir)).filter((name) => compressible.has(path.extname(name)));
  const compressed = await Promise.all(
    names.map(async (name) => {
      const file = path.join(assetsDir, name);
      const content = await readFile(file);
      if (content.length < smallestWorthBytes) return [];
      const [brotliCopy, gzipCopy] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 9,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: 9 }),
      ]);
      const written = [];
      if (brotliCopy.length < content.length) written.push(writeFile(`${file}.br`, brotliCopy));
      if (gzipCopy.length < content.length) written.push(writeFile(`${file}.gz`, gzipCopy));
      await Promise.all(written);
      return written.length > 0 ? [name] : [];
    }),
  );
  return compressed.flat();
}
