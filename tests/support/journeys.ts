/**
 * Steps that several journeys take on the way to what they test: a user registered through the mailed code,
 * a sign-in (over the API, through the dialog, or handed to a page), root lifting the submit interval, an A+B
 * problem and a contest created through the admin API, waiting for contest verdicts or for the clock to pass a
 * second, and a screenshot of a page at desktop and phone widths.
 *
 *   const token = await registerAndLogIn(stack, { username: 'sam', password: 'secret1', email: 'sam@example.com' });
 */
import type { Page } from 'playwright-core';
import { expect, vi } from 'vitest';
import { desktopViewport, phoneViewport, type BrowserSession } from './browser';
import { waitForMailedCode } from './mailbox';
import type { TestStack } from './stack';

export interface NewUser {
  readonly username: string;
  readonly password: string;
  readonly email: string;
}

/** Signs in over the API and returns the raw Authorization header the stack expects as `token`. */
export async function logInThroughApi(stack: TestStack, username: string, password: string): Promise<string> {
  const login = await stack.request('/api/login', { method: 'POST', body: { username, password } });
  expect(login.body.status).toBe(200);
  return login.headers.get('authorization') ?? '';
}

/** Asks for a registration code, reads it from the outbox and registers; the mail is asked for in English. */
export async function registerThroughApi(stack: TestStack, user: NewUser): Promise<void> {
  await stack.request('/api/get-register-code?email=' + encodeURIComponent(user.email), {
    headers: { 'accept-language': 'en-US' },
  });
  const code = await waitForMailedCode(stack.outboxDir, user.email);
  const registered = await stack.request('/api/register', { method: 'POST', body: { ...user, code } });
  expect(registered.body.status).toBe(200);
}

export async function registerAndLogIn(stack: TestStack, user: NewUser): Promise<string> {
  await registerThroughApi(stack, user);
  return logInThroughApi(stack, user.username, user.password);
}

/** Journeys submit several times in a row: root lifts the per-user submit interval (a site switch). */
export async function liftSubmitInterval(stack: TestStack, rootToken: string): Promise<void> {
  const switches = await stack.request('/api/admin/switch/update', {
    method: 'PUT',
    token: rootToken,
    body: { defaultSubmitInterval: 0 },
  });
  expect(switches.body.status).toBe(200);
}

/** Signs in through the public site's login dialog (English), leaving the token in local storage. */
export async function logInThroughDialog(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/home?l=en-US');
  await page.getByTestId('open-login').click();
  const login = page.getByRole('dialog', { name: /Welcome to/ });
  await login.getByLabel('Username', { exact: true }).fill(username);
  await login.getByLabel('Password', { exact: true }).fill(password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await login.waitFor({ state: 'hidden' });
}

export async function tokenInPage(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
}

export { aPlusBProblemBody, type APlusBProblem } from './a-plus-b-problem';

/**
 * Signs in over the API and hands the session to the page through local storage (the keys the session store
 * reads at start), so a phone-width page needs no drawer and no dialog. Returns the token.
 */
export async function logInPageThroughApi(
  stack: TestStack,
  page: Page,
  username: string,
  password: string,
): Promise<string> {
  const login = await stack.request('/api/login', { method: 'POST', body: { username, password } });
  expect(login.body.status).toBe(200);
  const token = login.headers.get('authorization') ?? '';
  await page.goto('/home?l=en-US');
  await page.evaluate(
    ([value, user]) => {
      localStorage.setItem('token', value);
      localStorage.setItem('userInfo', user);
      localStorage.setItem('isSignedIn', 'true');
    },
    [token, JSON.stringify(login.body.data)] as const,
  );
  return token;
}

/** `.tmp/screens/<name>-desktop.png` and `<name>-phone.png` of the page as it is, then back to the first size. */
export async function screenshotAtBothWidths(session: BrowserSession, name: string): Promise<void> {
  const { page } = session;
  const original = page.viewportSize() ?? desktopViewport;
  for (const [suffix, viewport] of [
    ['desktop', desktopViewport],
    ['phone', phoneViewport],
  ] as const) {
    await page.setViewportSize(viewport);
    // Two frames: layout and the size observers of charts settle after a resize.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await session.screenshot(`${name}-${suffix}`);
  }
  await page.setViewportSize(original);
}

/** Creates a contest through the back-office API (AdminContestVO) and returns its id, found by its title. */
export async function createContestThroughApi(
  stack: TestStack,
  rootToken: string,
  contest: Record<string, unknown> & { readonly title: string },
): Promise<number> {
  const created = await stack.request('/api/admin/contest', { method: 'POST', token: rootToken, body: contest });
  expect(created.body.status, JSON.stringify(created.body)).toBe(200);
  const list = await stack.request<{ records: { id: number; title: string }[] }>(
    '/api/admin/contest/get-contest-list?currentPage=1&limit=50&keyword=' + encodeURIComponent(contest.title),
    { token: rootToken },
  );
  const id = list.body.data.records.find((row) => row.title === contest.title)?.id;
  expect(id).toBeDefined();
  return id ?? 0;
}

/**
 * Polls the contest status call until none of `submitIds` is pending, compiling or judging (a condition, not a
 * sleep). vi.waitFor rather than expect.poll, so that a beforeAll can wait too.
 */
export async function waitForContestVerdicts(
  stack: TestStack,
  token: string,
  cid: number,
  submitIds: readonly number[],
  timeoutMs = 90_000,
): Promise<void> {
  await vi.waitFor(
    async () => {
      const reply = await stack.request<Record<string, { status: number }> | null>(
        '/api/check-contest-submissions-status',
        { method: 'POST', token, body: { cid, submitIds } },
      );
      const rows = reply.body.data ?? {};
      const waiting = submitIds.filter((id) => [5, 6, 7].includes(rows[String(id)]?.status ?? 5));
      if (waiting.length > 0) throw new Error(`submissions ${waiting.join(', ')} of contest ${cid} are not judged`);
    },
    { timeout: timeoutMs, interval: 250 },
  );
}

/**
 * Waits until the wall clock has passed `epochMs`. Contest times are whole seconds (reference §2.7), so a journey
 * that needs two events in different seconds waits for the clock itself: the condition is the time, not a guess.
 */
export async function waitForClockPast(epochMs: number): Promise<void> {
  // A timer may fire a millisecond early: check the clock again rather than trusting one sleep.
  while (Date.now() < epochMs) await new Promise((resolve) => setTimeout(resolve, epochMs - Date.now()));
}
