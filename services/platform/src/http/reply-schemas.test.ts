import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error';
import { installErrorHandler } from './error-handler';
import { success } from './envelope';
import { bareReply, hojReply, installReplyChecking, type ReplyCheckMode } from './reply-schemas';

const row = z.object({ id: z.number().int(), name: z.string() });

async function appWith(mode: ReplyCheckMode, data: unknown): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  installReplyChecking(app, mode);
  app.get('/enveloped', hojReply(row), async () => success(data));
  app.get('/bare', bareReply(row), async () => data);
  app.get('/undeclared', async () => ({ anything: data }));
  app.get('/refused', hojReply(row), async () => {
    throw new ApiError(404, { 'zh-CN': '不存在', 'en-US': 'missing' });
  });
  await app.ready();
  return app;
}

describe('reply checking at the edge', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('sends a matching reply as the handler made it, fields the schema does not name included', async () => {
    app = await appWith('reject', { id: 1, name: 'a', extra: true });
    const reply = await app.inject('/enveloped');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: 200, msg: 'success', data: { id: 1, name: 'a', extra: true } });
  });

  it('turns a mismatching reply into the 500 envelope in reject mode, bare or enveloped', async () => {
    app = await appWith('reject', { id: 'one', name: 'a' });
    for (const url of ['/enveloped', '/bare']) {
      const reply = await app.inject(url);
      expect(reply.statusCode).toBe(500);
      expect(reply.json()).toMatchObject({ status: 500, data: null });
    }
  });

  it('checks nothing in off mode', async () => {
    app = await appWith('off', { id: 'one', name: 'a' });
    const reply = await app.inject('/enveloped');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ data: { id: 'one' } });
  });

  it('sends a mismatching reply unchanged in log mode', async () => {
    app = await appWith('log', { id: 'one', name: 'a' });
    const reply = await app.inject('/bare');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ id: 'one', name: 'a' });
  });

  it("sends a refusal with HTTP 200 (HOJ's caught business error) unchecked: it is not the declared reply", async () => {
    app = await appWith('reject', { id: 1, name: 'a' });
    const reply = await app.inject({ url: '/refused', headers: { 'accept-language': 'en-US' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: 404, msg: 'missing', data: null });
  });

  it('leaves error envelopes and routes without a schema to plain JSON', async () => {
    app = await appWith('reject', 7);
    expect((await app.inject('/undeclared')).json()).toEqual({ anything: 7 });
    expect((await app.inject('/missing')).statusCode).toBe(404);
  });
});
