import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteStream, type CheckerIncludeEvent } from '@oj/events';
import { hojReply, largeBodyLimitBytes, principalOf, success, type ZodRequests } from '@oj/platform';
import type { CommandContext } from '../command-context';
import { fold, type Decide } from '../handling/decider';
import { runCommand } from '../handling/run-command';
import { assertUploadableCheckerInclude, removeCheckerInclude, uploadCheckerInclude } from './checker-include-commands';
import {
  checkerIncludeList,
  checkerIncludeNameQuery,
  noData,
  uploadCheckerIncludeBody,
  type CheckerIncludeList,
} from '@oj/contracts';
import { checkerIncludesModel, type CheckerIncludesState } from './checker-include.state';

const rootOnly = { config: { access: 'login', roles: ['root'] } } as const;
const path = '/admin/judge/checker-include';

/**
 * Site-wide checker includes (docs/judging.md "Checker includes and checker compilation"): root uploads,
 * replaces, lists and deletes them; judges read the `site` stream when they compile a checker.
 */
export function checkerIncludeRoutes(server: FastifyInstance, dependencies: CommandContext): void {
  const app = server.withTypeProvider<ZodRequests>();
  const handle = (request: FastifyRequest, decide: Decide<CheckerIncludesState, CheckerIncludeEvent>) =>
    runCommand(dependencies, request, siteStream, checkerIncludesModel, decide);

  // The list folds the stream here rather than in a read model: a handful of events, read by root only.
  app.get(path, { ...rootOnly, ...hojReply(checkerIncludeList) }, async () => {
    const state = fold(checkerIncludesModel, await dependencies.store.readStream(siteStream));
    const list: CheckerIncludeList = Object.entries(state)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, entry]) => ({ name, ...entry }));
    return success(list);
  });

  // A header is sent as JSON text, larger than the default body limit allows (testlib.h is about 200 KB).
  const upload = {
    ...rootOnly,
    ...hojReply(noData, { body: uploadCheckerIncludeBody }),
    bodyLimit: largeBodyLimitBytes,
  };
  app.post(path, upload, async (request) => {
    const { body } = request;
    const bytes = Buffer.from(body.content, 'utf8');
    const command = {
      name: body.name.trim(),
      sizeBytes: bytes.length,
      uploadedBy: principalOf(request).username,
      uploadedAt: dependencies.clock.now().toISOString(),
    };
    assertUploadableCheckerInclude(command.name, command.sizeBytes);
    const sha256 = await dependencies.blobs.put(bytes);
    await handle(request, uploadCheckerInclude({ ...command, sha256 }));
    return success(null);
  });

  app.delete(path, { ...rootOnly, ...hojReply(noData, { query: checkerIncludeNameQuery }) }, async (request) => {
    const { name } = request.query;
    await handle(
      request,
      removeCheckerInclude({
        name,
        removedBy: principalOf(request).username,
        removedAt: dependencies.clock.now().toISOString(),
      }),
    );
    return success(null);
  });
}
