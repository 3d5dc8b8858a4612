/* eslint-disable max-lines -- every route of the shell at both widths, from one route table. */
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { phoneViewport, waitForPath, type BrowserSession } from '../support/browser';
import { useStackAndBrowsers } from '../support/browser-stack';
import type { TestStack } from '../support/stack';

/** Spec 002 §2.12 with ids filled in; each path must show a page (its own or the "coming" card), never a blank. */
const publicRoutes = [
  '/problem',
  '/problem/1000',
  '/training',
  '/training/1',
  '/training/1/problems',
  '/training/1/problem/1000',
  '/training/1/rank',
  '/training/1/problem/1000/full-screen',
  '/contest',
  '/contest/acm-scoreboard/1',
  '/contest/oi-scoreboard/1',
  '/status',
  '/submission-detail/1',
  '/acm-rank',
  '/oi-rank',
  '/user-home?uid=1',
  '/discussion',
  '/discussion/1000',
  '/discussion-detail/1',
  '/group',
  '/introduction',
  '/developer',
];
const signedInRoutes = [
  '/contest/1',
  '/contest/1/',
  '/contest/1/problems',
  '/contest/1/problem/A',
  '/contest/1/problem/A/submission-detail/9',
  '/contest/1/problem/A/full-screen',
  '/contest/1/submissions?onlyMine=true',
  '/contest/1/announcements',
  '/contest/1/rank',
  '/contest/1/ac-info',
  '/contest/1/rejudge',
  '/contest/1/comment',
  '/contest/1/print',
  '/contest/1/admin-print',
  '/contest/1/scroll-board',
  '/setting',
  '/group/1',
  '/group/1/announcement',
  '/group/1/problem',
  '/group/1/problem/1000',
  '/group/1/problem/1000/full-screen',
  '/group/1/training',
  '/group/1/training/2',
  '/group/1/training/2/problems',
  '/group/1/training/2/problem/1000',
  '/group/1/training/2/problem/1000/full-screen',
  '/group/1/training/2/rank',
  '/group/1/contest',
  '/group/1/status',
  '/group/1/submission-detail/9',
  '/group/1/discussion',
  '/group/1/discussion/1000',
  '/group/1/discussion-detail/3',
  '/group/1/member',
  '/group/1/setting',
  '/group/1/rank',
  '/message/',
  '/message/discuss',
  '/message/reply',
  '/message/like',
  '/message/sys',
  '/message/mine',
  '/admin',
  '/admin/dashboard',
  '/admin/user',
  '/admin/problems',
  '/admin/problem/edit/1000',
  '/admin/contest/1/problem/A/edit',
  '/admin/conf',
];

/** Errors of the page's own scripts; failed resource loads (an API call not built yet) are the API's business. */
const scriptErrors = (browser: BrowserSession) =>
  browser.errors.filter((error) => !error.startsWith('Failed to load resource'));

/** Client-side navigation, as a click on a link would do, so the sweep needs no full page loads. */
const navigate = (page: Page, path: string) =>
  page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);

/**
 * The route shows something in the main area that is not the 404 page: the "coming" card today, the real page once a
 * later release plugs it in.
 */
async function expectPageAt(page: Page, path: string): Promise<void> {
  await page.waitForFunction(() => (document.querySelector('main')?.childElementCount ?? 0) > 0, null, {
    timeout: 20_000,
  });
  expect(await page.getByTestId('not-found').count(), path).toBe(0);
}

/** Signs in as the stack's super admin through the API and stores the session the way the web app does. */
async function signInAsRoot(stack: TestStack, page: Page): Promise<void> {
  const reply = await stack.request<{ uid: string; username: string; roleList: string[] } | null>('/api/login', {
    body: { username: 'root', password: stack.rootPassword },
  });
  const token = reply.headers.get('authorization');
  if (!token) throw new Error(`root login failed: ${JSON.stringify(reply.body)}`);
  const subject = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string };
  const user = reply.body.data ?? { uid: subject.sub, username: 'root', roleList: ['root'] };
  await page.evaluate(
    ([storedToken, storedUser]) => {
      localStorage.setItem('token', storedToken ?? '');
      localStorage.setItem('userInfo', storedUser ?? '');
    },
    [token, JSON.stringify(user)],
  );
}

// One stack for both widths: each width has its own browser (profile, storage), and only root's sign-in writes.
const {
  stack,
  browsers: [desktopBrowser, phoneBrowser],
} = useStackAndBrowsers({
  stack: { judgeWorkers: 0 },
  browsers: [{ locale: 'zh-CN' }, { locale: 'zh-CN', viewport: phoneViewport }],
});

describe('web shell navigation', () => {
  const browser = desktopBrowser;
  afterEach(() => {
    expect(scriptErrors(browser)).toEqual([]);
  });

  it('shows the home shell in Chinese with the default bar and the site short name in the title', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await browser.screenshot('failed-home');
    });
    await page.goto('/');
    await waitForPath(page, '/home');
    const nav = page.getByRole('navigation', { name: '主导航' });
    for (const label of ['首页', '题目', '训练', '比赛', '评测', '讨论', '团队'])
      await nav.getByText(label, { exact: true }).waitFor();
    await page.waitForFunction(() => document.title === '首页 - OJ');
    await page.getByText('评测队列').waitFor();
    await browser.screenshot('home-desktop');
  });

  it('renders every public route of the route table with content', async () => {
    const { page } = browser;
    await page.goto('/home');
    for (const path of publicRoutes) {
      await navigate(page, path);
      await expectPageAt(page, path);
    }
    // The sweep now ends on real pages (/developer); a route still to come shows the card.
    await navigate(page, '/group');
    await page.getByTestId('coming-soon').waitFor();
    await browser.screenshot('coming-desktop');
  });

  it('sends a visitor on a login-required route home with the login dialog', async () => {
    const { page } = browser;
    await page.goto('/setting');
    await waitForPath(page, '/home');
    await page.getByRole('dialog').getByRole('button', { name: '登录' }).waitFor();
    await page.getByText('请先登录！').waitFor();
  });

  it('sends a visitor on a back-office page to the admin login', async () => {
    const { page } = browser;
    await page.goto('/admin/problems');
    await waitForPath(page, '/admin/login');
    await page.getByRole('heading', { name: '后台登录' }).waitFor();
  });

  it('shows the 404 page with Go Home and Back for an unknown path', async () => {
    const { page } = browser;
    await page.goto('/no-such-page');
    await page.getByTestId('not-found').waitFor();
    await page.getByRole('link', { name: '返回首页' }).click();
    await waitForPath(page, '/home');
  });

  it('renders every signed-in route, focus mode with the contest bar and no footer', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await browser.screenshot('failed-signed-in-routes');
    });
    await page.goto('/home');
    await signInAsRoot(stack, page);
    await page.goto('/home');
    await page.getByTestId('user-menu').waitFor();
    for (const path of signedInRoutes) {
      await navigate(page, path);
      await expectPageAt(page, path);
      expect(new URL(page.url()).pathname, path).toBe(path.split('?')[0]);
    }
    await navigate(page, '/contest/1/problem/A/full-screen');
    const nav = page.getByRole('navigation', { name: '主导航' });
    await nav.getByRole('link', { name: '比赛首页' }).waitFor();
    expect(await nav.getByRole('link', { name: '我的提交' }).getAttribute('href')).toBe(
      '/contest/1/submissions?onlyMine=true',
    );
    expect(await page.getByText('评测队列').count()).toBe(0);
    await navigate(page, '/group/1/training/2/problem/1000/full-screen');
    await nav.getByRole('link', { name: '团队首页' }).waitFor();
    await nav.getByRole('link', { name: '训练题目' }).waitFor();
  });

  it('takes the session another tab changed when this tab becomes visible again', async () => {
    const { page } = browser;
    await page.goto('/home');
    await signInAsRoot(stack, page);
    await page.goto('/introduction');
    await page.getByTestId('user-menu').waitFor();
    // Another tab logged out: the shared storage lost the token while this tab was hidden.
    await page.evaluate(() => {
      localStorage.removeItem('token');
      localStorage.removeItem('userInfo');
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitForPath(page, '/home');
    await page.getByTestId('open-login').waitFor();
  });

  it('lets the user choose the language: ?l= first, then the stored choice', async () => {
    const { page } = browser;
    await page.goto('/home?l=en-US');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByText('Problems', { exact: true }).waitFor();
    await page.waitForFunction(() => document.title.startsWith('Home - '));
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await page.getByRole('navigation', { name: '主导航' }).getByText('题目', { exact: true }).waitFor();
    await page.goto('/home');
    await page.getByRole('navigation', { name: '主导航' }).getByText('题目', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
  });
});

describe('web shell at phone width', () => {
  const browser = phoneBrowser;
  afterEach(() => {
    expect(scriptErrors(browser)).toEqual([]);
  });

  it('replaces the top bar with a drawer under 992 px', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await browser.screenshot('failed-drawer');
    });
    await page.goto('/home');
    await page.getByTestId('nav-burger').waitFor();
    expect(await page.getByTestId('open-login').first().isVisible()).toBe(false);
    await browser.screenshot('home-phone');
    await page.getByTestId('nav-burger').click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('排名', { exact: true }).click();
    await drawer.getByRole('link', { name: 'OI 排名' }).waitFor();
    await browser.screenshot('drawer-phone');
    // Groups are still to come, so the drawer's link lands on the "coming" card.
    await drawer.getByRole('link', { name: '团队', exact: true }).click();
    await waitForPath(page, '/group');
    await page.getByTestId('coming-soon').waitFor();
    await browser.screenshot('coming-phone');
  });

  it('fits the login and register dialogs on a phone', async () => {
    const { page } = browser;
    await page.goto('/home');
    await page.getByTestId('nav-burger').click();
    await page.getByRole('dialog').getByTestId('open-login').click();
    const login = page.getByRole('dialog', { name: /欢迎登录/ });
    await login.getByRole('button', { name: '登录' }).waitFor();
    expect((await login.boundingBox())?.width).toBeLessThanOrEqual(phoneViewport.width);
    await browser.screenshot('login-phone');
    await login.getByRole('button', { name: '还没有账号？立即注册' }).click();
    const register = page.getByRole('dialog', { name: '注册账号' });
    await register.getByRole('button', { name: '发送验证码' }).waitFor();
    await login.waitFor({ state: 'detached' });
    expect((await register.boundingBox())?.width).toBeLessThanOrEqual(phoneViewport.width);
    await browser.screenshot('register-phone');
  });

  it('shows a back-to-top button once the page has scrolled', async () => {
    const { page } = browser;
    // A short window, so that the home page is long enough to scroll past the button's threshold.
    await page.setViewportSize({ width: phoneViewport.width, height: 480 });
    await page.goto('/home');
    await page.getByText('评测队列').waitFor();
    expect(await page.getByRole('button', { name: '回到顶部' }).count()).toBe(0);
    await page.mouse.move(100, 300);
    await page.mouse.wheel(0, 2000);
    await page.waitForFunction(() => window.scrollY > 300);
    await page.getByRole('button', { name: '回到顶部' }).click();
    await page.waitForFunction(() => window.scrollY === 0);
  });
});
