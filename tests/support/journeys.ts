/**
 * Steps that several journeys take on the way to what they test: a user registered through the mailed code,
 * a sign-in, root lifting the submit interval, an A+B problem created through the admin API.
 *
 *   const token = await registerAndLogIn(stack, { username: 'sam', password: 'secret1', email: 'sam@example.com' });
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
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

export interface APlusBProblem {
  readonly problemId: string;
  readonly title: string;
  /** The sample's expected output: a journey edits it to turn an accepted run into a wrong answer. */
  readonly expectedOutput?: string;
  readonly languages: readonly string[];
  /** The problem's numeric id, for an edit (PUT); absent when creating. */
  readonly id?: number;
}

/** The body of POST/PUT /api/admin/problem for "print a+b", one sample case, judged by the default checker. */
export const aPlusBProblemBody = (problem: APlusBProblem) => ({
  problem: {
    ...(problem.id === undefined ? {} : { id: problem.id }),
    problemId: problem.problemId,
    title: problem.title,
    author: 'root',
    type: 0,
    timeLimit: 1000,
    memoryLimit: 256,
    stackLimit: 128,
    description: 'Print a+b.',
    input: 'a b',
    output: 'a+b',
    examples: '<input>1 2</input><output>3</output>',
    source: '',
    hint: '',
    difficulty: 0,
    auth: 1,
    codeShare: true,
    isRemoveEndBlank: true,
    openCaseResult: true,
    isUploadCase: false,
    judgeMode: 'default',
    judgeCaseMode: 'default',
    isFileIO: false,
  },
  samples: [{ input: '1 2\n', output: problem.expectedOutput ?? '3\n' }],
  isUploadTestCase: false,
  judgeMode: 'default',
  changeJudgeCaseMode: false,
  languages: problem.languages.map((name) => ({ name })),
  tags: [],
  codeTemplates: [],
});
