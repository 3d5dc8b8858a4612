import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressWebAssets } from '../scripts/stack/web-asset-compression';

const apiServer = 'http://127.0.0.1:8080';
// One KaTeX for the app and @vscode/markdown-it-katex: npm nests a second copy under the plugin, which the plugin
// requires at load even though it is handed ours, and the CommonJS require would take katex.js beside our katex.mjs.
// Both names to the ES module: 270 kB less in the first chunk.
const katexModule = fileURLToPath(import.meta.resolve('katex'));

/** Brotli and gzip copies beside each built asset, which the API process sends by Accept-Encoding. */
const compressedCopies = (): Plugin => {
  let outDir = '';
  return {
    name: 'oj-compressed-copies',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const started = performance.now();
      const files = await compressWebAssets(outDir);
      console.log(`${files.length} assets compressed (.br, .gz) in ${Math.round(performance.now() - started)} ms`);
    },
  };
};

export default defineConfig({
  plugins: [react(), compressedCopies()],
  // `@/x` is src/x, so imports across the app do not climb `../../../` (also in tsconfig.json).
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: /^katex$/, replacement: katexModule },
    ],
  },
  server: {
    proxy: {
      // The websocket entry must come first: /api would otherwise claim it as plain HTTP.
      '/api/ws': { target: apiServer, ws: true, changeOrigin: true },
      '/api': { target: apiServer, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api/ws': { target: apiServer, ws: true, changeOrigin: true },
      '/api': { target: apiServer, changeOrigin: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
