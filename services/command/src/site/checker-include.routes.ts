import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteStream, type CheckerIncludeEvent, type EventStore } from '@oj/events';
import { largeBodyLimitBytes, principalOf, success, type BlobStore, type Clock } from '@oj/platform';
import { awaitWrites, type AwaitProjections } from '../handling/await-projection';
import { fold, type Decide } from '../handling/decider';
import { handleCommand } from '../handling/handle-command';
import { assertUploadableCheckerInclude, removeCheckerInclude, uploadCheckerInclude } from './checker-include-commands';
import { checkerIncludeNameQuery, uploadCheckerIncludeBody, type CheckerIncludeList } from '@oj/contracts';
import { checkerIncludesModel, type CheckerIncludesState } from './checker-include.state';

export interface CheckerIncludeDependencies {
  readonly store: EventStore;
  /** DATA_DIR/blobs, shared with the judge processes, which read the include by hash when they compile. */
  readonly blobs: BlobStore;
  readonly clock: Clock;
  readonly newId: () => string;
  readonly awaitProjections: AwaitProjections;
}

const rootOnly = { config: { access: 'login', roles: ['root'] } } as const;
const path = '/admin/judge/checker-include';

/**
 * Site-wide checker includes (docs/judging.md "Checker includes and checker compilation"): root uploads,
 * replaces, lists and deletes them; judges read the `site` stream when they compile a checker.
 */
export function checkerIncludeRoutes(app: FastifyInstance, dependencies: CheckerIncludeDependencies): void {
  const handle = async (request: FastifyRequest, decide: Decide<CheckerIncludesState, CheckerIncludeEvent>) => {
    const handled = await handleCommand(
      { store: dependencies.store, newEventId: dependencies.newId },
      siteStream,
      checkerIncludesModel,
      decide,
      {
        correlationId: request.id,
        causationId: request.id,
        clientIp: request.ip,
        actorId: request.principal?.userId ?? '',
      },
    );
    await awaitWrites(dependencies.awaitProjections, handled);
  };

  // The list folds the stream here rather than in a read model: a handful of events, read by root only.
  app.get(path, rootOnly, async () => {
    const state = fold(checkerIncludesModel, await dependencies.store.readStream(siteStream));
    const list: CheckerIncludeList = Object.entries(state)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, entry]) => ({ name, ...entry }));
    return success(list);
  });

  // A header is sent as JSON text, larger than the default body limit allows (testlib.h is about 200 KB).
  app.post(path, { ...rootOnly, bodyLimit: largeBodyLimitBytes }, async (request) => {
    const body = uploadCheckerIncludeBody.parse(request.body ?? {});
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

  app.delete(path, rootOnly, async (request) => {
    const { name } = checkerIncludeNameQuery.parse(request.query);
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
