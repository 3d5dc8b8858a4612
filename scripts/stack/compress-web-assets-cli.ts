import path from 'node:path';
import { compressWebAssets } from './web-asset-compression';

// `tsx scripts/stack/compress-web-assets-cli.ts <dist dir>`: build-web-if-stale.sh runs it on each new build.
const [distDir] = process.argv.slice(2);
if (!distDir) {
  console.error('usage: tsx scripts/stack/compress-web-assets-cli.ts <dist dir>');
  process.exit(2);
}
const started = performance.now();
const files = await compressWebAssets(path.resolve(distDir));
console.log(`web app: ${files.length} assets compressed (.br, .gz) in ${Math.round(performance.now() - started)} ms`);
