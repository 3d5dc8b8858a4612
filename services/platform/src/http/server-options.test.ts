import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installReplyChecking } from './reply-schemas';
import { installRequestChecking } from './request-schemas';
import { apiServerOptions, clientCorrelationIdOf, defaultBodyLimitBytes } from './server-options';

describe('apiServerOptions', () => {
  it('F18: makes the request id itself, whatever X-Correlation-Id the client sends', async () => {
    const app = Fastify({ ...apiServerOptions({ name: 'test', logLevel: 'silent' }) });
    app.get('/id', async (request) => ({ id: request.id }));

    const reply = await app.inject({ url: '/id', headers: { 'x-correlation-id': 'chosen-by-the-client' } });

    expect(reply.json<{ id: string }>().id).not.toBe('chosen-by-the-client');
    expect(reply.json<{ id: string }>().id).toMatch(/^[0-9a-f-]{36}$/);
    await app.close();
  });

  it('F18: logs a proxy correlation id only when it is short and plain', () => {
    expect(clientCorrelationIdOf({ 'x-correlation-id': 'proxy-7f3a:1' })).toBe('proxy-7f3a:1');
    expect(clientCorrelationIdOf({ 'x-correlation-id': 'x'.repeat(65) })).toBeUndefined();
    expect(clientCorrelationIdOf({ 'x-correlation-id': 'a b\u202e' })).toBeUndefined();
    expect(clientCorrelationIdOf({})).toBeUndefined();
  });

  it('F1: refuses a JSON body over the default limit before any handler runs', async () => {
    const app = Fastify({ ...apiServerOptions({ name: 'test', logLevel: 'silent' }) });
    let handled = false;
    app.post('/echo', async () => {
      handled = true;
      return {};
    });

    const reply = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(defaultBodyLimitBytes) }),
    });

    expect(reply.statusCode).toBe(413);
    expect(handled).toBe(false);
    await app.close();
  });

  it('has no JSON-schema compilers: a route with a schema outside the checking plugins fails the start', async () => {
    const app = Fastify({ ...apiServerOptions({ name: 'test', logLevel: 'silent' }) });
    app.post('/unchecked', { schema: { body: z.object({ n: z.number() }) } }, async () => ({}));

    await expect(app.ready()).rejects.toThrow('POST /unchecked declares a schema outside a plugin');
    await app.close();
  });

  it('checks a route’s zod schemas inside a plugin that installs the checking', async () => {
    const app = Fastify({ ...apiServerOptions({ name: 'test', logLevel: 'silent' }) });
    await app.register(async (plugin) => {
      installRequestChecking(plugin);
      installReplyChecking(plugin, 'reject');
      const schema = { body: z.object({ n: z.number() }), response: { 200: z.object({ twice: z.number() }) } };
      plugin.post('/twice', { schema }, async (request) => ({ twice: (request.body as { n: number }).n * 2 }));
    });

    const accepted = await app.inject({ method: 'POST', url: '/twice', payload: { n: 21 } });
    const refused = await app.inject({ method: 'POST', url: '/twice', payload: { n: 'x' } });

    expect(accepted.json()).toEqual({ twice: 42 });
    expect(refused.statusCode).toBe(400);
    await app.close();
  });
});
