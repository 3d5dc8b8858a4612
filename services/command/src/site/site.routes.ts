import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteStream, type EventStore, type SiteConfigEvent } from '@oj/events';
import type { Decide, StreamModel } from '../handling/decider';
import { success, type Clock } from '@oj/platform';
import { handleCommand } from '../handling/handle-command';
import { awaitWrites, type AwaitProjections } from '../handling/await-projection';
import { setWebsiteConfig } from './set-website-config';
import { websiteConfigModel } from './website-config.state';
import { setSiteSwitches } from './set-site-switches';
import { siteSwitchesModel } from './site-switches.state';
import { setWebConfigBody, updateSwitchesBody } from '@oj/contracts';

export interface SiteDependencies {
  readonly store: EventStore;
  readonly clock: Clock;
  readonly newId: () => string;
  readonly awaitProjections: AwaitProjections;
}

const systemAdmin = { access: 'login', roles: ['root'], permission: 'system_info_admin' } as const;

export function siteRoutes(app: FastifyInstance, dependencies: SiteDependencies): void {
  const handle = <State>(
    request: FastifyRequest,
    model: StreamModel<State, SiteConfigEvent>,
    decide: Decide<State, SiteConfigEvent>,
  ) =>
    handleCommand({ store: dependencies.store, newEventId: dependencies.newId }, siteStream, model, decide, {
      correlationId: request.id,
      causationId: request.id,
      clientIp: request.ip,
      actorId: request.principal?.userId ?? '',
    });

  app.put('/admin/switch/update', { config: systemAdmin }, async (request) => {
    const body = updateSwitchesBody.parse(request.body ?? {});
    const handled = await handle(
      request,
      siteSwitchesModel,
      setSiteSwitches({
        changes: {
          ...body,
          defaultSubmitIntervalSeconds: body.defaultSubmitInterval,
          defaultCreateGroupAcInitValue: body.defaultCreateGroupACInitValue,
          defaultCreateDiscussionAcInitValue: body.defaultCreateDiscussionACInitValue,
          defaultCreateCommentAcInitValue: body.defaultCreateCommentACInitValue,
        },
        setAt: dependencies.clock.now().toISOString(),
      }),
    );
    await awaitWrites(dependencies.awaitProjections, handled);
    return success(null);
  });

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
      await awaitWrites(dependencies.awaitProjections, handled);
      return success(null);
    },
  );
}
