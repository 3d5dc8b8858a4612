import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error';
import { installErrorHandler, installNotFoundEnvelope } from './error-handler';

async function appWithRoutes() {
  const app = Fastify({ logger: false });
  await app.register(
    async (scope) => {
      installErrorHandler(scope, { 'test.nameRequired': { 'zh-CN': '名字不能为空', 'en-US': 'The name is required' } });
      scope.post('/zod', async (request) =>
        z.object({ name: z.string({ error: 'test.nameRequired' }) }).parse(request.body),
      );
      scope.get('/query', async (request) => z.object({ email: z.string() }).parse(request.query));
      scope.get('/business', async () => {
        throw new ApiError(400, { 'zh-CN': '错{n}', 'en-US': 'wrong {n}' }, { n: 2 });
      });
      scope.get('/denied', async () => {
        throw new ApiError(401, { 'zh-CN': '请您先登录！', 'en-US': 'Please login first!' }, {}, { httpStatus: 401 });
      });
      scope.get('/crash', async () => {
        throw new TypeError('boom: secret detail');
      });
    },
    { prefix: '/api' },
  );
  installNotFoundEnvelope(app);
  return app;
}

describe('installErrorHandler', () => {
  it('answers a business error with HTTP 200 and the status in the body, in the caller language', async () => {
    const app = await appWithRoutes();
    const zh = await app.inject({ url: '/api/business' });
    expect(zh.statusCode).toBe(200);
    expect(zh.json()).toEqual({ status: 400, msg: '错2', data: null });
    const en = await app.inject({ url: '/api/business', headers: { 'accept-language': 'en-US' } });
    expect(en.json().msg).toBe('wrong 2');
  });

  it('answers a zod failure with HTTP 400 and the field message', async () => {
    const app = await appWithRoutes();
    const reply = await app.inject({ method: 'POST', url: '/api/zod', payload: {} });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ status: 400, msg: '名字不能为空', data: null });
    const missing = await app.inject({ url: '/api/query', headers: { 'accept-language': 'en' } });
    expect(missing.json().msg).toBe('The required request parameters are missing: email');
  });

  it('answers malformed JSON with HTTP 400', async () => {
    const app = await appWithRoutes();
    const reply = await app.inject({
      method: 'POST',
      url: '/api/zod',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().status).toBe(400);
  });

  it('answers HTTP 401 with the Url-Type header echoed', async () => {
    const app = await appWithRoutes();
    const reply = await app.inject({ url: '/api/denied', headers: { 'url-type': 'admin' } });
    expect(reply.statusCode).toBe(401);
    expect(reply.headers['url-type']).toBe('admin');
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('hides an unknown error behind a generic 500', async () => {
    const app = await appWithRoutes();
    const reply = await app.inject({ url: '/api/crash' });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({ status: 500, msg: '服务器错误！请稍后再试！', data: null });
    expect(reply.body).not.toContain('secret detail');
  });

  it('answers an unknown path with an envelope 404', async () => {
    const app = await appWithRoutes();
    const reply = await app.inject({ url: '/api/nowhere' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().status).toBe(404);
  });
});
