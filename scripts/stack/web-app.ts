import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { platformMessages, sendError } from '@oj/platform';

export const defaultWebDistDir = path.resolve(import.meta.dirname, '../../web/dist');

/**
 * Serves the built web app from `distDir` at `/`, with the SPA fallback: a GET for any non-API path that is
 * not a file gets index.html, so deep links like /problem/1001 load the app. Unknown /api paths get the HOJ
 * envelope with 404 instead. Returns false (and serves a hint page) when the app is not built.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string = defaultWebDistDir): Promise<boolean> {
  const isBuilt = existsSync(path.join(distDir, 'index.html'));
  if (isBuilt) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      // The .br and .gz copies the web build writes beside each asset (web-asset-compression.ts), chosen
      // by the request's Accept-Encoding; a file without them is sent as it is.
      preCompressed: true,
      // Vite fingerprints everything under assets/, so those may be cached forever; index.html never.
      setHeaders: (reply, filePath) => {
        const isAsset = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
        reply.header('cache-control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(request, reply, { status: 404, httpStatus: 404, text: platformMessages.notFound });
    }
    if (!isBuilt) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build -w web` (npm start does this for you).\n');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return isBuilt;
}
