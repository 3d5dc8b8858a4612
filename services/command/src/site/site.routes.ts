import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteStream, type SiteConfigEvent } from '@oj/events';
import type { Decide, StreamModel } from '../handling/decider';
import { hojReply, success, type ZodRequests } from '@oj/platform';
import type { CommandContext } from '../command-context';
import { runCommand } from '../handling/run-command';
import { setWebsiteConfig } from './set-website-config';
import { websiteConfigModel } from './website-config.state';
import { setSiteSwitches } from './set-site-switches';
import { siteSwitchesModel } from './site-switches.state';
import { noData, setWebConfigBody, updateSwitchesBody } from '@oj/contracts';

const systemAdmin = { config: { access: 'login', roles: ['root'], permission: 'system_info_admin' } } as const;

export function siteRoutes(server: FastifyInstance, dependencies: CommandContext): void {
  const app = server.withTypeProvider<ZodRequests>();
  const handle = <State>(
    request: FastifyRequest,
    model: StreamModel<State, SiteConfigEvent>,
    decide: Decide<State, SiteConfigEvent>,
  ) => runCommand(dependencies, request, siteStream, model, decide);

  app.put(
    '/admin/switch/update',
    { ...systemAdmin, ...hojReply(noData, { body: updateSwitchesBody }) },
    async (request) => {
      const { body } = request;
      await handle(
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
      return success(null);
    },
  );

  app.put(
    '/admin/config/set-web-config',
    { ...systemAdmin, ...hojReply(noData, { body: setWebConfigBody }) },
    async (request) => {
      await handle(
        request,
        websiteConfigModel,
        setWebsiteConfig({ changes: request.body, setAt: dependencies.clock.now().toISOString() }),
      );
      return success(null);
    },
  );
}
