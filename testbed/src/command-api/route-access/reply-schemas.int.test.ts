import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { startApiHarness, type ApiHarness } from '../api-harness';

/** A schema that checks nothing: a reply declared with it (or its envelope's data) is not declared at all. */
const checksNothing = (schema: z.ZodType): boolean => {
  if (schema instanceof z.ZodUnknown || schema instanceof z.ZodAny) return true;
  const data = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>).data : undefined;
  return data !== undefined && (data instanceof z.ZodUnknown || data instanceof z.ZodAny);
};

/** What one registered route says it answers: a zod reply schema, a declared non-JSON reply, or nothing. */
function declaredReplyOf(route: RouteOptions): 'schema' | 'non-json' | 'none' {
  const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
  const schemas = Object.values(response ?? {}).filter((schema) => schema instanceof z.ZodType);
  if (schemas.length > 0 && !schemas.some(checksNothing)) return 'schema';
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

  it('has a reply schema that checks something, or a declared file, stream, socket or redirect reply, on every route', () => {
    expect(declared.size).toBeGreaterThan(100);
    const undeclared = [...declared].filter(([, reply]) => reply === 'none').map(([route]) => route);
    expect(undeclared.sort()).toEqual([]);
  });
});
