import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const apiServer = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  // `@/x` is src/x, so imports across the app do not climb `../../../` (also in tsconfig.json).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
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
