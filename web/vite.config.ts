import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const apiServer = 'http://127.0.0.1:8080';
// One KaTeX for the app and @vscode/markdown-it-katex: npm nests a second copy under the plugin, which the plugin
// requires at load even though it is handed ours, and the CommonJS require would take katex.js beside our katex.mjs.
// Both names to the ES module: 270 kB less in the first chunk.
const katexModule = fileURLToPath(import.meta.resolve('katex'));

export default defineConfig({
  plugins: [react()],
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
