import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler';
import { formBodyLimitBytes, installFormBodyParser, parseFormBody } from './form-body';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('parseFormBody', () => {
  it('reads name=value pairs as strings, the last of a repeated name winning', () => {
    expect(parseFormBody('uid=u1&limit=10&limit=20&q=a+b%21')).toEqual({ uid: 'u1', limit: '20', q: 'a b!' });
  });

  it('reads a body without = or & as the bare value axios sends for a string (get-sessions)', () => {
    expect(parseFormBody('000000000000000000000000000000r1')).toBe('000000000000000000000000000000r1');
    expect(parseFormBody('a%20b')).toBe('a b');
  });
});

describe('installFormBodyParser', () => {
  async function echoServer() {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    installFormBodyParser(app);
    installFormBodyParser(app); // a second plugin on the same instance: no duplicate-parser error
    app.post('/echo', async (request) => ({ body: request.body }));
    await app.ready();
    return app;
  }

  it('hands a form body to the route instead of answering 415', async () => {
    const app = await echoServer();
    const reply = await app.inject({ method: 'POST', url: '/echo', headers: form, payload: 'a=1&b=two' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ body: { a: '1', b: 'two' } });
    await app.close();
  });

  it('refuses a form over the small limit and a malformed escape with HOJ envelopes', async () => {
    const app = await echoServer();
    const big = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: form,
      payload: `a=${'x'.repeat(formBodyLimitBytes)}`,
    });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ status: 400 });
    const malformed = await app.inject({ method: 'POST', url: '/echo', headers: form, payload: '%E0%A4%A' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 400 });
    await app.close();
  });
});
