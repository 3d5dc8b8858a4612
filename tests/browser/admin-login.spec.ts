import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { desktopViewport, phoneViewport } from '../support/browser';
import { useStackAndBrowser } from '../support/browser-stack';
import { logInThroughApi, registerThroughApi, tokenInPage } from '../support/journeys';

/**
 * The back office's own sign-in (admin §5.1): a plain user is refused at /admin/login with the server's message
 * and no session; root signs in there, lands on the dashboard with the site's figures and the previous login,
 * and signs out again, which ends the session.
 */

const plainUser = { username: 'ulla', password: 'secret1', email: 'ulla@example.com' };
const aPlusB = '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b; }\n';
const firefoxOnLinux = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

async function signInAtAdminLogin(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

describe('back-office sign-in and dashboard (admin §5.1)', () => {
  const { stack, browser } = useStackAndBrowser({ stack: { judgeWorkers: 0 }, browser: { locale: 'zh-CN' } });

  beforeAll(async () => {
    await registerThroughApi(stack, plainUser);
    // Root's first login, from "Firefox on Linux": the dashboard shows it as the previous login after the browser's.
    const firstLogin = await stack.request('/api/login', {
      method: 'POST',
      headers: { 'user-agent': firefoxOnLinux },
      body: { username: 'root', password: stack.rootPassword },
    });
    const root = firstLogin.headers.get('authorization') ?? '';
    const startMs = Date.now() + 3_600_000;
    const contest = await stack.request('/api/admin/contest', {
      method: 'POST',
      token: root,
      body: {
        title: 'Saturday Cup',
        type: 0,
        auth: 0,
        description: 'Two problems.',
        startTime: new Date(startMs).toISOString(),
        endTime: new Date(startMs + 7_200_000).toISOString(),
        duration: 7200,
      },
    });
    expect(contest.body.status, JSON.stringify(contest.body)).toBe(200);
    const user = await logInThroughApi(stack, plainUser.username, plainUser.password);
    const submitted = await stack.request('/api/submit-problem-judge', {
      method: 'POST',
      token: user,
      body: { pid: '1000', language: 'C++', code: aPlusB, cid: 0, gid: null, tid: null, isRemote: false },
    });
    expect(submitted.body.status, JSON.stringify(submitted.body)).toBe(200);
  });

  it('refuses a plain user with the server message and keeps no session', async () => {
    onTestFailed(() => void browser.screenshot('admin-login-refused-failure'));
    const { page } = browser;
    await signInAtAdminLogin(page, plainUser.username, plainUser.password);
    await expect
      .poll(() => page.getByTestId('admin-login-failure').textContent())
      .toBe('该账号并非管理员账号，无权登录！');
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(await tokenInPage(page)).toBe('');
    await browser.screenshot('admin-login-refused-desktop');
    await page.setViewportSize(phoneViewport);
    await browser.screenshot('admin-login-refused-phone');
    await page.setViewportSize(desktopViewport);
  });

  it('signs root in, shows the dashboard figures and the previous login, and signs out', async () => {
    onTestFailed(() => void browser.screenshot('admin-dashboard-failure'));
    const { page } = browser;
    await signInAtAdminLogin(page, 'root', stack.rootPassword);
    await page.waitForURL((url) => url.pathname === '/admin');
    const figure = (testId: string) => page.getByTestId(testId).textContent();
    await expect.poll(() => figure('dashboard-user-num')).toBe('2');
    expect(await figure('dashboard-recent-contest-num')).toBe('1');
    expect(await figure('dashboard-today-judge-num')).toBe('1');
    const previous = page.getByTestId('dashboard-previous-login');
    await expect.poll(() => previous.textContent()).toContain('127.0.0.1');
    expect(await previous.textContent()).toMatch(/Firefox 140.*Linux/);
    expect(await page.getByTestId('dashboard-username').textContent()).toBe('root');
    await page.getByText('欢迎回来，管理员 root').waitFor({ state: 'hidden' });
    await browser.screenshot('admin-dashboard-desktop');
    await page.setViewportSize(phoneViewport);
    await browser.screenshot('admin-dashboard-phone');
    await page.setViewportSize(desktopViewport);

    const token = await tokenInPage(page);
    await page.getByTestId('admin-logout').click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(await tokenInPage(page)).toBe('');
    const afterLogout = await stack.request('/api/admin/dashboard/get-dashboard-info', { token });
    expect(afterLogout.httpStatus).toBe(401);
    await browser.screenshot('admin-login-desktop');
    await page.setViewportSize(phoneViewport);
    await browser.screenshot('admin-login-phone');
    expect(browser.errors.filter((error) => !error.includes('401'))).toEqual([]);
  });

  it('shows a reload prompt, not a blank page, when a back-office page cannot be fetched, and the page after a reload', async () => {
    onTestFailed(() => void browser.screenshot('admin-chunk-load-failure'));
    const { page } = browser;
    await page.setViewportSize(desktopViewport);
    await signInAtAdminLogin(page, 'root', stack.rootPassword);
    await page.waitForURL((url) => url.pathname === '/admin');
    // As after a new deployment: the page's chunk under its old name is gone.
    const auditChunk = /\/assets\/admin-audit-page-[^/]*\.js$/;
    await page.route(auditChunk, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/admin/audit');
    await page.getByRole('alert').getByText('页面加载失败').waitFor();
    expect(await page.getByRole('link', { name: '审计记录' }).count()).toBeGreaterThan(0);
    await browser.screenshot('admin-chunk-load-failed-desktop');
    await page.setViewportSize(phoneViewport);
    await browser.screenshot('admin-chunk-load-failed-phone');
    await page.setViewportSize(desktopViewport);

    await page.unroute(auditChunk);
    await page.getByRole('button', { name: '刷新' }).click();
    await page.getByRole('heading', { name: '审计记录' }).waitFor();
    expect(await page.getByText('页面加载失败').count()).toBe(0);
  });
});
