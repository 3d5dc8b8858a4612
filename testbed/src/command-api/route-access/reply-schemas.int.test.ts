import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { startApiHarness, type ApiHarness } from '../api-harness';

/** What one registered route says it answers: a zod reply schema, a declared non-JSON reply, or nothing. */
function declaredReplyOf(route: RouteOptions): 'schema' | 'non-json' | 'none' {
  const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (response && Object.values(response).some((schema) => schema instanceof z.ZodType)) return 'schema';
  if ((route.config as { replyFormat?: string } | undefined)?.replyFormat) return 'non-json';
  return 'none';
}

describe('every route declares its reply (issue 12: replies are checked at the edge)', () => {
  let harness: ApiHarness;
  const declared = new Map<string, ReturnType<typeof declaredReplyOf>>();
  const collect = (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') declared.set(`${method} ${route.url}`, declaredReplyOf(route));
    }
  };

  beforeAll(async () => {
    harness = await startApiHarness(inject('databaseUrl'), { onRoute: collect });
  }, 60_000);
  afterAll(async () => {
    await harness.close();
  });

  it('has a reply schema, or a declared file, stream, socket or redirect reply, on every route', () => {
    expect(declared.size).toBeGreaterThan(100);
    const undeclared = [...declared].filter(([, reply]) => reply === 'none').map(([route]) => route);
    expect(undeclared.sort()).toEqual([]);
  });
});
