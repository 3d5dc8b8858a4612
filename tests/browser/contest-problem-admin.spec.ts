import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { strToU8, zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { createPostgresEventStore, usernameClaimStream, userStream } from '@oj/events';
import { aUserRegistered } from '@oj/events/testing';
import { phoneViewport } from '../support/browser';
import { useStackAndBrowsers } from '../support/browser-stack';
import {
  aPlusBProblemBody,
  createContestThroughApi,
  liftSubmitInterval,
  logInPageThroughApi,
  registerThroughApi,
  screenshotAtBothWidths,
} from '../support/journeys';

/**
 * Issue 6, problems inside a contest: root creates a contest, creates a problem inside it with the contest's
 * problem editor (auth locked to "contest", type locked to the contest's), sees it in the contest's problem
 * list, edits it there and searches the add-from-bank candidates; a registered user opens the contest problem,
 * submits A+B to the real judge, and the contest board shows the AC. A problem admin who did not create the
 * contest opens the same editor and saves a problem inside it.
 */

const judgeTimeoutMs = 90_000;
const title = 'Inside Cup';
const aPlusB =
  '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << std::endl; }\n';
const testDataZip = (): Buffer =>
  Buffer.from(
    zipSync({
      '1.in': strToU8('1 2\n'),
      '1.out': strToU8('3\n'),
      '2.in': strToU8('40 2\n'),
      '2.out': strToU8('42\n'),
    }),
  );

describe('problems created inside a contest, in the browser', () => {
  const {
    stack,
    browsers: [admin, contestant],
  } = useStackAndBrowsers({
    stack: { judgeWorkers: 1, env: { DEMO: '0' } },
    browsers: [{}, { viewport: phoneViewport }],
  });
  let root = '';
  let cid = 0;

  it('creates a problem inside a running public contest with the contest editor', async () => {
    onTestFailed(async () => void (await admin.screenshot('failed-contest-problem-create')));
    const { page } = admin;
    root = await logInPageThroughApi(stack, page, 'root', stack.rootPassword);
    await liftSubmitInterval(stack, root);
    const now = Date.now();
    cid = await createContestThroughApi(stack, root, {
      title,
      type: 0,
      auth: 0,
      description: 'One problem, made inside the contest.',
      startTime: new Date(now - 10 * 60_000).toISOString(),
      endTime: new Date(now + 3 * 3_600_000).toISOString(),
      duration: 3 * 3600 + 600,
    });

    await page.goto(`/admin/contest/${cid}/problems?l=en-US`);
    await page.getByTestId('contest-problem-admin').waitFor();
    await page.getByTestId('create-contest-problem').click();
    await page.waitForURL(`**/admin/contest/${cid}/problem/create`);
    // Spec 002 §4: a new contest problem is a contest problem of the contest's type, both locked.
    await expect.poll(() => page.getByTestId('problem-auth').inputValue()).toBe('Contest');
    expect(await page.getByTestId('problem-auth').isDisabled()).toBe(true);

    await fillNewProblem(page, { displayId: 'A', displayTitle: 'Inside sum', problemId: 'INSUM', title: 'Sum inside' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotAtBothWidths(admin, 'contest-problem-create');
    await page.getByTestId('save-problem').click();

    await page.waitForURL(`**/admin/contest/${cid}/problems`);
    const table = page.getByTestId('contest-problem-admin');
    await table.getByRole('cell', { name: 'Inside sum', exact: true }).waitFor();
    const created = await stack.request<{ auth: number; type: number; problemId: string }>(
      `/api/admin/contest/problem?pid=${await problemIdOf('INSUM')}`,
      { token: root },
    );
    expect(created.body.data).toMatchObject({ auth: 3, type: 0, problemId: 'INSUM' });
    await screenshotAtBothWidths(admin, 'contest-problem-admin');

    // The contest problem stays out of the public bank.
    const publicList = await stack.request<{ total: number }>('/api/get-problem-list?keyword=INSUM');
    expect(publicList.body.data.total).toBe(0);
  });

  it('edits the contest problem from its row and lists bank candidates in the add dialog', async () => {
    onTestFailed(async () => void (await admin.screenshot('failed-contest-problem-edit')));
    const { page } = admin;
    await page.getByTestId('edit-contest-problem').first().click();
    await page.waitForURL(`**/admin/contest/${cid}/problem/*/edit`);
    await expect.poll(() => page.getByTestId('contest-display-id').inputValue()).toBe('A');
    await expect.poll(() => page.getByLabel('Problem display ID').inputValue()).toBe('INSUM');
    await page.getByTestId('contest-display-title').fill('Inside sum, edited');
    await page.getByTestId('save-problem').click();
    await page.waitForURL(`**/admin/contest/${cid}/problems`);
    await page.getByTestId('contest-problem-admin').getByRole('cell', { name: 'Inside sum, edited' }).waitFor();

    for (const [problemId, problemTitle] of [
      ['BANKONE', 'Bank sum'],
      ['BANKTWO', 'Bank product'],
    ] as const) {
      const made = await stack.request('/api/admin/problem', {
        method: 'POST',
        token: root,
        body: aPlusBProblemBody({ problemId, title: problemTitle, languages: ['C++'] }),
      });
      expect(made.body.status).toBe(200);
    }
    await page.getByTestId('add-public-problem').click();
    const candidates = page.getByTestId('public-problem-table');
    await candidates.locator('tr', { hasText: 'BANKTWO' }).waitFor();
    // The contest's own problem is not a candidate.
    expect(await candidates.locator('tr', { hasText: 'INSUM' }).count()).toBe(0);
    await page.getByTestId('candidate-search').fill('product');
    await page.getByTestId('candidate-search').press('Enter');
    await expect.poll(() => candidates.locator('tbody tr').count()).toBe(1);
    await screenshotAtBothWidths(admin, 'contest-problem-candidates');
    await page.keyboard.press('Escape');
  });

  it('lets a registered user submit the new problem and shows the AC on the board', async () => {
    onTestFailed(async () => void (await contestant.screenshot('failed-contest-problem-submit')));
    const { page } = contestant;
    const username = `cpa${Date.now() % 100000}`;
    await registerThroughApi(stack, { username, password: 'secret-pass', email: `${username}@example.com` });
    await logInPageThroughApi(stack, page, username, 'secret-pass');
    await page.evaluate(([key, draft]) => localStorage.setItem(key, draft), [
      `problemDraft:contest:${cid}:A`,
      JSON.stringify({ code: aPlusB, language: 'C++', theme: 'idea', fontSize: 14, tabSize: 4 }),
    ] as const);
    await page.goto(`/contest/${cid}/problem/A`);
    await page.locator('.monaco-editor .view-lines').filter({ hasText: 'a + b' }).waitFor();
    await page.getByTestId('submit-code').click();
    await page
      .getByTestId('submit-status')
      .locator('[data-testid="submission-status"][data-status="0"]')
      .waitFor({ timeout: judgeTimeoutMs });

    await page.goto(`/contest/${cid}/rank`);
    const cell = page.locator(`[data-testid="board-row"][data-username="${username}"]`).last().getByTestId('cell-A');
    await cell.and(page.locator('[data-kind="firstAc"]')).waitFor();
    await cell.scrollIntoViewIfNeeded();
    await contestant.screenshot('contest-problem-board-phone');
  });

  it('lets a problem admin who did not create the contest save a problem inside it', async () => {
    onTestFailed(async () => void (await admin.screenshot('failed-contest-problem-admin-create')));
    const { page } = admin;
    // No call grants a role yet: the problem admin is registered by appending the event, as the int tests do.
    await registerWithRole('probadmin', 'problem_admin');
    await logInPageThroughApi(stack, page, 'probadmin', 'secret-pass');
    await page.goto(`/admin/contest/${cid}/problem/create?l=en-US`);
    await expect.poll(() => page.getByTestId('problem-auth').inputValue()).toBe('Contest');
    await fillNewProblem(page, { displayId: 'B', displayTitle: 'Admin sum', problemId: 'PASUM', title: 'Admin sum' });
    await page.getByTestId('save-problem').click();

    await page.waitForURL(`**/admin/contest/${cid}/problems`);
    await page.getByTestId('contest-problem-admin').getByRole('cell', { name: 'Admin sum', exact: true }).waitFor();
    const created = await stack.request<{ auth: number; type: number }>(
      `/api/admin/contest/problem?pid=${await problemIdOf('PASUM')}`,
      { token: root },
    );
    expect(created.body.data).toMatchObject({ auth: 3, type: 0 });
  });

  async function registerWithRole(username: string, role: 'problem_admin'): Promise<void> {
    const store = await createPostgresEventStore({ connectionString: stack.databaseUrl, maxConnections: 1 });
    try {
      const userId = randomUUID().replaceAll('-', '');
      const passwordHash = await argon2.hash('secret-pass', { type: argon2.argon2id, memoryCost: 1024, timeCost: 1 });
      const registered = aUserRegistered({ userId, username, email: `${username}@example.com`, passwordHash, role });
      await store.append(usernameClaimStream(username), [
        {
          id: randomUUID(),
          type: 'UsernameClaimed',
          data: { username, userId, claimedAt: registered.data.registeredAt },
        },
      ]);
      await store.append(userStream(userId), [{ id: randomUUID(), ...registered }]);
    } finally {
      await store.close();
    }
    // The stack's projector makes the account; logging in works once it has.
    await expect
      .poll(
        async () =>
          (await stack.request('/api/login', { method: 'POST', body: { username, password: 'secret-pass' } })).body
            .status,
        {
          timeout: 20_000,
        },
      )
      .toBe(200);
  }

  async function problemIdOf(displayId: string): Promise<number> {
    const list = await stack.request<{ records: { id: number; problemId: string }[] }>(
      `/api/admin/problem/get-problem-list?keyword=${displayId}`,
      { token: root },
    );
    const id = list.body.data.records.find((row) => row.problemId === displayId)?.id;
    expect(id).toBeDefined();
    return id ?? 0;
  }
});

/** Fills the contest problem editor's new problem: display id and title, statement, sample and test data. */
async function fillNewProblem(
  page: Page,
  names: { displayId: string; displayTitle: string; problemId: string; title: string },
): Promise<void> {
  await page.getByTestId('contest-display-id').fill(names.displayId);
  await page.getByTestId('contest-display-title').fill(names.displayTitle);
  await page.getByLabel('Problem display ID').fill(names.problemId);
  await page.getByLabel(/^Title\s*\*?$/).fill(names.title);
  await page.getByLabel('Description').fill('Print the sum of **two** integers.');
  await page.getByLabel(/^Input\s*\*?$/).fill('Two integers a and b.');
  await page.getByLabel(/^Output\s*\*?$/).fill('The sum a+b.');
  await page.getByLabel('Sample input 1').fill('1 2');
  await page.getByLabel('Sample output 1').fill('3');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'sum.zip',
    mimeType: 'application/zip',
    buffer: testDataZip(),
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.getByTestId('test-case-table').locator('tbody tr').nth(1).waitFor();
  await page.getByRole('button', { name: 'Select all' }).click();
}
