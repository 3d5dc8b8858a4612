import { describe, expect, it, onTestFailed } from 'vitest';
import { waitForPath } from '../support/browser';
import { useStackAndBrowser } from '../support/browser-stack';
import { waitForMailedCode } from '../support/mailbox';

/** The acceptance journey of the web shell: register, log in, see the username, switch language, log out. */
describe('account journey in the browser', () => {
  const { stack, browser } = useStackAndBrowser({ stack: { judgeWorkers: 0 } });

  it('registers, logs in, shows the user, switches language and logs out', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await browser.screenshot('failed-account-journey');
    });
    const username = `alice${Date.now() % 100000}`;
    const email = `${username}@example.com`;
    const password = 'secret-pass';

    await page.goto('/home?l=en-US');
    await page.getByTestId('open-register').click();
    const register = page.getByRole('dialog', { name: 'Create an account' });
    await register.getByLabel('Username', { exact: true }).fill(username);
    await register.getByLabel('Password', { exact: true }).fill(password);
    await register.getByLabel('Password again', { exact: true }).fill(password);
    await register.getByLabel('Email', { exact: true }).fill(email);
    await register.getByRole('button', { name: 'Send code' }).click();
    // Spec 000 §4: the button counts down from 60 s, once a second.
    await register.getByRole('button', { name: /Resend in (59|60) s/ }).waitFor();
    const code = await waitForMailedCode(stack.outboxDir, email);
    await register.getByLabel('Email code').fill(code);
    await register.getByRole('button', { name: 'Register', exact: true }).click();

    const login = page.getByRole('dialog', { name: /Welcome to/ });
    await login.waitFor();
    await login.getByLabel('Username', { exact: true }).fill(username);
    await login.getByLabel('Password', { exact: true }).fill(password);
    const loginRequest = page.waitForRequest((request) => request.url().endsWith('/api/login'));
    await login.getByRole('button', { name: 'Log in' }).click();
    // api-core §0.3: login calls carry no token; every call says its URL type and the UI language.
    const loginHeaders = (await loginRequest).headers();
    expect(loginHeaders.authorization).toBeUndefined();
    expect(loginHeaders['url-type']).toBe('general');
    expect(loginHeaders['accept-language']).toBe('en-US');
    await login.waitFor({ state: 'hidden' });

    await page.getByTestId('user-menu-name').filter({ hasText: username }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await page.getByRole('navigation').getByRole('link', { name: '题目' }).waitFor();
    expect(await page.title()).toMatch(/^首页 - /);

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).waitFor();
    await browser.screenshot('user-menu-desktop');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const logoutRequest = page.waitForRequest((request) => request.url().endsWith('/api/logout'));
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    const logoutHeaders = (await logoutRequest).headers();
    expect(logoutHeaders.authorization).toBe(token);
    expect(logoutHeaders['accept-language']).toBe('zh-CN');
    await waitForPath(page, '/home');
    await page.getByTestId('open-login').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(browser.errors.filter((error) => !error.includes('404'))).toEqual([]);
  });
});
