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

/** Whether the route declares a zod schema for its body, query or path parameters (request-schemas.ts). */
function declaresRequest(route: RouteOptions): boolean {
  const schema = route.schema as { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
  return [schema?.body, schema?.querystring, schema?.params].some((part) => part instanceof z.ZodType);
}

/** The request parts a route's handler reads (`request.query`, …) without declaring their schema. */
function undeclaredPartsRead(route: RouteOptions): string[] {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const source = String(route.handler);
  const parts = [
    ['query', 'querystring'],
    ['body', 'body'],
    ['params', 'params'],
  ] as const;
  return parts
    .filter(
      ([read, declared]) => new RegExp(`request\\.${read}\\b`).test(source) && !(schema[declared] instanceof z.ZodType),
    )
    .map(([read]) => read);
}

/**
 * The writes that declare no request schema, each with its reason; a new one must be added here on purpose
 * (issue 12: routes declare their request schemas, and lint bans parsing one in a handler).
 */
const writesWithoutRequestSchema: Readonly<Record<string, string>> = {
  'POST /api/admin/config/get-judge-service-info': 'a read HOJ makes with POST; no input',
  'POST /api/admin/config/get-service-info': 'a read HOJ makes with POST; no input',
  'POST /api/admin/config/get-web-config': 'a read HOJ makes with POST; no input',
  'POST /api/admin/switch/info': 'a read HOJ makes with POST; no input',
  'POST /api/admin/dashboard/get-sessions':
    "HOJ posts the uid as a bare form value; the caller's own sessions are shown",
  'POST /api/file/upload-avatar': 'multipart: the file is read from the stream with its own size limit',
  'POST /api/file/upload-carouse-img': 'multipart: the file is read from the stream with its own size limit',
  'POST /api/file/upload-carousel-img': 'multipart: the file is read from the stream with its own size limit',
};

describe('every route declares its reply (issue 12: replies are checked at the edge)', () => {
  let harness: ApiHarness;
  const declared = new Map<string, ReturnType<typeof declaredReplyOf>>();
  const readingUndeclared: string[] = [];
  const partsReadUndeclared: string[] = [];
  const collect = (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') declared.set(`${method} ${route.url}`, declaredReplyOf(route));
      for (const part of undeclaredPartsRead(route)) partsReadUndeclared.push(`${method} ${route.url} ${part}`);
      if (['POST', 'PUT', 'DELETE'].includes(method) && !declaresRequest(route)) {
        readingUndeclared.push(`${method} ${route.url}`);
      }
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

  it('declares the schema of every request part a handler reads', () => {
    expect(partsReadUndeclared.sort()).toEqual([]);
  });

  it('declares a request schema on every write, except those that read no input or read a multipart stream', () => {
    expect(readingUndeclared.sort()).toEqual(Object.keys(writesWithoutRequestSchema).sort());
  });
});
