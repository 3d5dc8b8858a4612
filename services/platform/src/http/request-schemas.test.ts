import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installErrorHandler } from './error-handler';
import { success } from './envelope';
import { hojReply, installReplyChecking } from './reply-schemas';
import { installRequestChecking, type ZodRequests } from './request-schemas';

const pageQuery = z.object({ currentPage: z.coerce.number().int().min(1).default(1) });
const tagBody = z.object({ name: z.string().min(1), color: z.string().optional() });
const namedTagBody = z.object({ name: z.string({ error: 'tags.nameRequired' }).min(1) });
const echoed = z.object({ currentPage: z.number(), name: z.string().optional() });

describe('request checking at the edge', () => {
  let app: FastifyInstance | undefined;
  let handled = 0;
  afterEach(async () => {
    await app?.close();
    handled = 0;
  });

  async function start(): Promise<FastifyInstance> {
    const server = Fastify({ logger: false });
    installErrorHandler(server, { 'tags.nameRequired': { 'zh-CN': '标签名不能为空', 'en-US': 'name required' } });
    installReplyChecking(server, 'reject');
    installRequestChecking(server);
    const routes = server.withTypeProvider<ZodRequests>();
    routes.get('/page', hojReply(echoed, { query: pageQuery }), async (request) => {
      handled += 1;
      // Typed by the schema: a number, defaulted, not the raw string.
      const page: number = request.query.currentPage;
      return success({ currentPage: page });
    });
    routes.post('/tag', hojReply(echoed, { body: tagBody, query: pageQuery }), async (request) => {
      handled += 1;
      return success({ currentPage: request.query.currentPage, name: request.body.name });
    });
    routes.post('/named-tag', hojReply(echoed, { body: namedTagBody }), async () => success({ currentPage: 1 }));
    await server.ready();
    return server;
  }

  it('hands the handler the parsed value: coerced and defaulted', async () => {
    app = await start();
    expect((await app.inject('/page?currentPage=3')).json()).toMatchObject({ data: { currentPage: 3 } });
    expect((await app.inject('/page')).json()).toMatchObject({ data: { currentPage: 1 } });
  });

  it('answers a bad part with the 400 envelope and never runs the handler', async () => {
    app = await start();
    const reply = await app.inject('/page?currentPage=zero');
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ status: 400, data: null });
    // A present but malformed field is a format error (HOJ's 参数格式解析失败), not a missing one.
    expect(reply.json()).toMatchObject({ msg: '参数格式解析失败！' });
    const missing = await app.inject({ method: 'POST', url: '/tag?currentPage=1', payload: { color: 'red' } });
    expect(missing.json()).toMatchObject({ status: 400, msg: '缺少必需的请求参数：name' });
    const body = await app.inject({ method: 'POST', url: '/tag', payload: { name: 7 } });
    expect(body.statusCode).toBe(400);
    expect(handled).toBe(0);
  });

  it("names a missing body's field with the schema's own message", async () => {
    app = await start();
    const reply = await app.inject({ method: 'POST', url: '/named-tag', headers: { 'accept-language': 'en-US' } });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ status: 400, msg: 'name required', data: null });
    const accepted = await app.inject({ method: 'POST', url: '/tag?currentPage=2', payload: { name: 'dp' } });
    expect(accepted.json()).toMatchObject({ data: { currentPage: 2, name: 'dp' } });
  });

  it('refuses to start with a request schema that is not zod', async () => {
    const server = Fastify({ logger: false });
    installRequestChecking(server);
    server.get('/x', { schema: { querystring: { type: 'object' } } }, async () => ({}));
    await expect(server.ready()).rejects.toThrow(/not a zod schema/);
    await server.close();
  });
});
