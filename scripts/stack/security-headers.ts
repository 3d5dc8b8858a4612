import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the web app (review F20), checked against the built app in Chromium
 * (tests/browser): Vite's module scripts and Monaco's editor worker are files of this origin, so no inline script
 * and no eval; Mantine and KaTeX set style attributes and Mantine injects <style> tags, hence 'unsafe-inline' for
 * styles only. Images may come from anywhere a statement links (HOJ statements embed outside images). No page
 * may frame the site (clickjacking): frame-ancestors 'none'.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'http:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/**
 * Helmet's headers on every reply (pages and API), with the policy above. Left off on purpose:
 * upgrade-insecure-requests and HSTS (a site reached over plain http on a LAN must keep working; a TLS proxy in
 * front sets HSTS). A route that needs a stricter policy (uploaded SVGs) sets its own header, which wins.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
  });
}
