import type { FastifyInstance } from 'fastify';
import { hojReply, success } from '@oj/platform';
import { adminWebConfig, siteSwitchesReply, websiteConfig } from '@oj/contracts';
import { readSiteSwitches, readWebsiteConfig, type SiteQueryContext } from './site.queries';

const systemAdmin = { access: 'login', roles: ['root'], permission: 'system_info_admin' } as const;

/** Remote-judge account lists are not kept (their passwords would sit in events): always empty. */
const remoteJudgeAccountLists = Object.fromEntries(
  ['hdu', 'cf', 'poj', 'atcoder', 'spoj', 'libreoj'].flatMap((oj) => [
    [`${oj}UsernameList`, []],
    [`${oj}PasswordList`, []],
  ]),
);

export function siteRoutes(app: FastifyInstance, context: SiteQueryContext): void {
  app.get('/get-website-config', { config: { access: 'anon' }, ...hojReply(websiteConfig) }, async () =>
    success(await readWebsiteConfig(context)),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/admin/config/get-web-config',
    config: systemAdmin,
    ...hojReply(adminWebConfig),
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

  app.route({
    method: ['GET', 'POST'],
    url: '/admin/switch/info',
    config: systemAdmin,
    ...hojReply(siteSwitchesReply),
    handler: async () => {
      const switches = await readSiteSwitches(context.db);
      const {
        defaultSubmitIntervalSeconds,
        defaultCreateGroupAcInitValue,
        defaultCreateDiscussionAcInitValue,
        defaultCreateCommentAcInitValue,
        ...flags
      } = switches;
      // HOJ's key names (admin §9.1).
      return success({
        ...flags,
        defaultSubmitInterval: defaultSubmitIntervalSeconds,
        defaultCreateGroupACInitValue: defaultCreateGroupAcInitValue,
        defaultCreateDiscussionACInitValue: defaultCreateDiscussionAcInitValue,
        defaultCreateCommentACInitValue: defaultCreateCommentAcInitValue,
        ...remoteJudgeAccountLists,
      });
    },
  });
}
