import { describe, expect, it } from 'vitest';
import { interpretReply, isAdminPath, isLoginPath } from './api-outcome';

describe('interpretReply', () => {
  it('unwraps data from an HTTP 200 reply whose body status is 200', () => {
    expect(interpretReply(200, { status: 200, msg: 'success', data: { a: 1 } })).toEqual({ ok: true, data: { a: 1 } });
  });

  it('accepts an HTTP 200 envelope without a status', () => {
    expect(interpretReply(200, { data: [1] })).toEqual({ ok: true, data: [1] });
  });

  it('fails with the server message when the body status is not 200, without any session reaction', () => {
    expect(interpretReply(200, { status: 400, msg: '验证码不正确', data: null })).toEqual({
      ok: false,
      status: 400,
      message: { text: '验证码不正确' },
      reaction: 'none',
    });
  });

  it('only toasts a body 401 under HTTP 200 (api-core §0.2)', () => {
    expect(interpretReply(200, { status: 401, msg: 'closed' })).toMatchObject({
      ok: false,
      status: 401,
      reaction: 'none',
    });
  });

  it('asks to sign in again on HTTP 401', () => {
    expect(interpretReply(401, { status: 401, msg: '登录状态已失效，请重新登录！' })).toEqual({
      ok: false,
      status: 401,
      message: { text: '登录状态已失效，请重新登录！' },
      reaction: 'sign-in-again',
    });
  });

  it('refreshes roles on HTTP 403', () => {
    expect(interpretReply(403, { status: 403, msg: 'no permission' })).toMatchObject({ reaction: 'refresh-roles' });
  });

  it('uses the catalogue text for HTTP 404 whatever the body says', () => {
    expect(interpretReply(404, { status: 404, msg: 'Not Found' })).toMatchObject({
      message: { key: 'errors:notFound' },
    });
  });

  it('shows the server message for other statuses, or the catalogue text when there is none', () => {
    expect(interpretReply(500, { status: 500, msg: 'Server Error!' })).toMatchObject({
      message: { text: 'Server Error!' },
    });
    expect(interpretReply(502, undefined)).toMatchObject({ status: 502, message: { key: 'errors:serverError' } });
  });

  it('treats a 2xx reply that is not an envelope as a server error', () => {
    expect(interpretReply(200, undefined)).toMatchObject({ ok: false, message: { key: 'errors:serverError' } });
  });
});

describe('request classes', () => {
  it('marks /admin calls as admin and only the two login calls as token-free', () => {
    expect(isAdminPath('/admin/login')).toBe(true);
    expect(isAdminPath('/administrator')).toBe(false);
    expect(isLoginPath('/login')).toBe(true);
    expect(isLoginPath('/admin/login')).toBe(true);
    expect(isLoginPath('/logout')).toBe(false);
  });
});
