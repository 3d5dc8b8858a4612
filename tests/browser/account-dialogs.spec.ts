import { afterEach, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { useStackAndBrowser } from '../support/browser-stack';
import { waitForMailedCode } from '../support/mailbox';
import { startTestStack, type TestStack } from '../support/stack';

const alice = { username: 'alice', password: 'alice-pass', email: 'alice@example.com' };

/** Registers a user through the API, reading the mailed code from the stack's outbox. */
async function registerViaApi(stack: TestStack, user: typeof alice): Promise<void> {
  const headers = { 'accept-language': 'en-US' };
  const sent = await stack.request(`/api/get-register-code?email=${encodeURIComponent(user.email)}`, { headers });
  if (sent.body.status !== 200) throw new Error(`get-register-code: ${sent.body.msg}`);
  const code = await waitForMailedCode(stack.outboxDir, user.email);
  const registered = await stack.request('/api/register', { body: { ...user, code }, headers });
  if (registered.body.status !== 200) throw new Error(`register: ${registered.body.msg}`);
}

const openLogin = async (page: Page) => {
  await page.goto('/home?l=en-US');
  await page.getByTestId('open-login').click();
  return page.getByRole('dialog', { name: /Welcome to/ });
};

describe('account dialogs', () => {
  const { stack, browser } = useStackAndBrowser({ stack: { judgeWorkers: 0 } });
  beforeAll(async () => {
    await registerViaApi(stack, alice);
  });
  afterEach(() => {
    expect(browser.errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
  });

  it('validates the 370 px login dialog before sending anything', async () => {
    const { page } = browser;
    const login = await openLogin(page);
    expect((await login.boundingBox())?.width).toBe(370);
    await browser.screenshot('login-desktop');
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/login')) loginCalls += 1;
    });
    await login.getByRole('button', { name: 'Log in' }).click();
    await login.getByText('The username is required').waitFor();
    await login.getByText('The password is required').waitFor();
    await login.getByLabel('Username', { exact: true }).fill('a'.repeat(21));
    await login.getByLabel('Password', { exact: true }).fill('12345');
    await login.getByRole('button', { name: 'Log in' }).click();
    await login.getByText('The username is at most 20 characters long').waitFor();
    await login.getByText('The password must be 6 to 64 characters long').waitFor();
    expect(loginCalls).toBe(0);
  });

  it('validates registration, reports taken names on blur, counts down and clears a rejected code', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await browser.screenshot('failed-register');
    });
    await page.goto('/home?l=en-US');
    await page.getByTestId('open-register').click();
    const register = page.getByRole('dialog', { name: 'Create an account' });
    await browser.screenshot('register-desktop');
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    await register.getByText('The email is required').waitFor();
    await register.getByText('The code is required').waitFor();

    await register.getByLabel('Username', { exact: true }).fill(alice.username);
    await register.getByLabel('Password', { exact: true }).fill('secret-1');
    await register.getByLabel('Password again', { exact: true }).fill('secret-2');
    await register.getByText('The username already exists').waitFor();
    await register.getByLabel('Email', { exact: true }).fill(alice.email);
    await register.getByLabel('Email code', { exact: true }).fill('12345');
    await register.getByText('The email already exists').waitFor();
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    await register.getByText('Password does not match').waitFor();
    await register.getByText('The code must be exactly 6 characters').waitFor();

    await register.getByLabel('Email', { exact: true }).fill('not-an-email');
    await register.getByRole('button', { name: 'Send code' }).click();
    await register.getByText('The email format is incorrect').waitFor();

    await register.getByLabel('Username', { exact: true }).fill('bob');
    await register.getByLabel('Password again', { exact: true }).fill('secret-1');
    await register.getByLabel('Email', { exact: true }).fill('bob@example.com');
    await register.getByRole('button', { name: 'Send code' }).click();
    // Spec 000 §4: disabled while counting down from 60 s, one tick per second.
    const countdown = register.getByRole('button', { name: /Resend in \d+ s/ });
    await countdown.waitFor();
    expect(await countdown.isDisabled()).toBe(true);
    const first = await countdown.textContent();
    await page.waitForFunction(
      (text) =>
        Array.from(document.querySelectorAll('button')).some(
          (b) => /Resend in \d+ s/.test(b.textContent ?? '') && b.textContent !== text,
        ),
      first,
    );
    const wrongCode = (await waitForMailedCode(stack.outboxDir, 'bob@example.com')) === '000000' ? '111111' : '000000';
    await register.getByLabel('Email code', { exact: true }).fill(wrongCode);
    const rejected = page.waitForResponse((response) => response.url().endsWith('/api/register'));
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    await rejected;
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[maxlength="6"]')?.value === '');
  });

  it('asks for the slide puzzle after 5 failed logins and sends the login once it is solved', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await browser.screenshot('failed-slide');
    });
    const login = await openLogin(page);
    await login.getByLabel('Username', { exact: true }).fill(alice.username);
    await login.getByLabel('Password', { exact: true }).fill('wrong-password');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const reply = page.waitForResponse((response) => response.url().endsWith('/api/login'));
      await login.getByRole('button', { name: 'Log in' }).click();
      await reply;
    }
    await login.getByLabel('Password', { exact: true }).fill(alice.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    const puzzle = login.getByTestId('slide-verify');
    await puzzle.waitFor();
    await browser.screenshot('slide-verify-desktop');
    const gapX = Number(await puzzle.getAttribute('data-gap-x'));
    const handle = await login.getByTestId('slide-verify-handle').boundingBox();
    if (!handle) throw new Error('no slider handle');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/login'));
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 + gapX, handle.y + handle.height / 2, { steps: 12 });
    await page.mouse.up();
    await sent;
  });

  it('reloads and clears the captcha when a reset request fails, and checks the email exists', async () => {
    const { page } = browser;
    await page.goto('/home?l=en-US');
    await page.evaluate(() => localStorage.clear());
    const login = await openLogin(page);
    await login.getByRole('button', { name: 'Forgot password' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset your password' });
    const image = reset.getByRole('img', { name: 'Captcha' });
    await image.waitFor();
    const firstImage = await image.getAttribute('src');
    expect(firstImage).toMatch(/^data:image\//);
    await reset.getByLabel('Email', { exact: true }).fill('nobody@example.com');
    await reset.getByRole('button', { name: 'Send reset mail' }).click();
    await reset.getByText('The email does not exist').waitFor();
    await reset.getByText('The captcha is required').waitFor();
    await reset.getByLabel('Captcha', { exact: true }).fill('123456789');
    expect(await reset.getByLabel('Captcha', { exact: true }).inputValue()).toBe('12345678');

    await reset.getByLabel('Email', { exact: true }).fill(alice.email);
    await reset.getByLabel('Captcha', { exact: true }).fill('wrong');
    const rejected = page.waitForResponse((response) => response.url().endsWith('/api/apply-reset-password'));
    await reset.getByRole('button', { name: 'Send reset mail' }).click();
    expect(((await (await rejected).json()) as { status: number }).status).not.toBe(200);
    await page.waitForFunction(
      (previous) => document.querySelector('[data-testid="captcha-image"] img')?.getAttribute('src') !== previous,
      firstImage,
    );
    expect(await reset.getByLabel('Captcha', { exact: true }).inputValue()).toBe('');
  });

  it('takes the username and code of the reset page from the query string', async () => {
    const { page } = browser;
    await page.goto('/reset-password?l=en-US&username=nobody');
    await page.getByText('The link has no reset code').waitFor();
    expect(await page.getByLabel('Username', { exact: true }).inputValue()).toBe('nobody');
    await page.getByLabel('Username', { exact: true }).focus();
    await page.getByLabel('New password', { exact: true }).focus();
    await page.getByText('The username does not exist').waitFor();
    expect(await page.getByRole('button', { name: 'Reset password' }).isDisabled()).toBe(true);
  });

  it('clears the session and opens the login dialog when the server answers HTTP 401', async () => {
    const { page } = browser;
    await page.goto('/home?l=en-US');
    await page.evaluate(() => {
      localStorage.setItem('token', 'not-a-valid-token');
      localStorage.setItem('userInfo', JSON.stringify({ uid: 'x', username: 'ghost', roleList: ['default_user'] }));
    });
    const reply = page.waitForResponse((response) => response.url().endsWith('/api/logout'));
    await page.goto('/logout');
    expect((await reply).status()).toBe(401);
    await page.getByRole('dialog', { name: /Welcome to/ }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

describe('API client without a server', () => {
  it('shows the network error message when the server is gone', async () => {
    const stack = await startTestStack({ judgeWorkers: 0 });
    const browser = await launchBrowser({ baseUrl: stack.baseUrl, locale: 'en-US' });
    let isRunning = true;
    try {
      const login = await openLogin(browser.page);
      isRunning = false;
      await stack.stop();
      await login.getByLabel('Username', { exact: true }).fill(alice.username);
      await login.getByLabel('Password', { exact: true }).fill(alice.password);
      await login.getByRole('button', { name: 'Log in' }).click();
      await browser.page.getByText('Network error! Abnormal link with server, Please try again later!').waitFor();
    } finally {
      await browser.close();
      if (isRunning) await stack.stop();
    }
  });
});
