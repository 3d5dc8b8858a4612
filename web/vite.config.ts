import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiServer = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
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
