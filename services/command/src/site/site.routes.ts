import type { FastifyInstance } from 'fastify';
import { siteStream, type EventStore } from '@oj/events';
import { success, type Clock } from '@oj/platform';
import { handleCommand } from '../handling/handle-command';
import { awaitWrites, type AwaitProjections } from '../handling/await-projection';
import { setWebsiteConfig } from './set-website-config';
import { websiteConfigModel } from './website-config.state';
import { setWebConfigBody } from './site.contract';

export interface SiteDependencies {
  readonly store: EventStore;
  readonly clock: Clock;
  readonly newId: () => string;
  readonly awaitProjections: AwaitProjections;
}

export function siteRoutes(app: FastifyInstance, dependencies: SiteDependencies): void {
  app.put(
    '/admin/config/set-web-config',
    { config: { access: 'login', roles: ['root'], permission: 'system_info_admin' } },
    async (request) => {
      const body = setWebConfigBody.parse(request.body ?? {});
      const handled = await handleCommand(
        { store: dependencies.store, newEventId: dependencies.newId },
        siteStream,
        websiteConfigModel,
        setWebsiteConfig({ changes: body, setAt: dependencies.clock.now().toISOString() }),
        {
          correlationId: request.id,
          causationId: request.id,
          clientIp: request.ip,
          actorId: request.principal?.userId ?? '',
        },
      );
      await awaitWrites(dependencies.awaitProjections, handled.position);
      return success(null);
    },
  );
}
