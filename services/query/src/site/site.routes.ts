import type { FastifyInstance } from 'fastify';
import { success } from '@oj/platform';
import { readWebsiteConfig, type SiteQueryContext } from './site.queries';

export function siteRoutes(app: FastifyInstance, context: SiteQueryContext): void {
  app.get('/get-website-config', { config: { access: 'anon' } }, async () => success(await readWebsiteConfig(context)));

  app.route({
    method: ['GET', 'POST'],
    url: '/admin/config/get-web-config',
    config: { access: 'login', roles: ['root'], permission: 'system_info_admin' },
    handler: async () => {
      const {
        email: _email,
        openPublicDiscussion: _a,
        openGroupDiscussion: _b,
        openContestComment: _c,
        ...config
      } = await readWebsiteConfig(context);
      return success(config);
    },
  });
}
