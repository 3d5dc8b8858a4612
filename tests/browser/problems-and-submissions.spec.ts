import { zipSync, strToU8 } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { phoneViewport, desktopViewport } from '../support/browser';
import { useStackAndBrowser } from '../support/browser-stack';
import { liftSubmitInterval, logInThroughDialog, registerThroughApi, tokenInPage } from '../support/journeys';

/** Issue 4's acceptance journey in the browser: problem admin, three submissions watched live, the list, the details. */

const problemId = 'APLUSB';
const judgeTimeoutMs = 90_000;
const verdicts = { accepted: 0, wrongAnswer: -1, compileError: -2 } as const;

const sources = {
  cppAc:
    '#include <iostream>\nint main() {\n  long long a, b;\n  std::cin >> a >> b;\n  std::cout << a + b << std::endl;\n  return 0;\n}\n',
  pythonWa: 'a, b = map(int, input().split())\nprint(a - b)\n',
  cCe: '#include <stdio.h>\nint main(void) {\n  this is not C at all;\n  return 0;\n}\n',
};

const testDataZip = (): Buffer =>
  Buffer.from(
    zipSync({
      '1.in': strToU8('1 2\n'),
      '1.out': strToU8('3\n'),
      '2.in': strToU8('100 200\n'),
      '2.out': strToU8('300\n'),
      '3.in': strToU8('-5 5\n'),
      '3.out': strToU8('0\n'),
    }),
  );

/** Puts code in the problem's draft (spec 000 §9 keeps it in local storage), then opens the problem page. */
async function openProblemWithDraft(page: Page, language: string, code: string, shownText: string): Promise<void> {
  await page.evaluate(([key, draft]) => localStorage.setItem(key, draft), [
    `problemDraft:none:${problemId}`,
    JSON.stringify({ code, language, theme: 'idea', fontSize: 14, tabSize: 4 }),
  ] as const);
  await page.goto(`/problem/${problemId}`);
  await page.locator('.monaco-editor .view-lines').filter({ hasText: shownText }).waitFor();
}

/** Submits from the editor and waits, on the same page, for the verdict pushed or polled into the status badge. */
async function submitAndWatch(page: Page, verdict: number): Promise<string> {
  const urlBefore = page.url();
  await page.getByTestId('submit-code').click();
  const badge = page.getByTestId('submit-status').getByTestId('submission-status');
  await badge.waitFor();
  await page
    .getByTestId('submit-status')
    .locator(`[data-testid="submission-status"][data-status="${verdict}"]`)
    .waitFor({ timeout: judgeTimeoutMs });
  expect(page.url()).toBe(urlBefore);
  const link = await page.getByTestId('submit-status').getByRole('link').getAttribute('href');
  return (link ?? '').split('/').pop() ?? '';
}

describe('problems and submissions in the browser', () => {
  const { stack, browser } = useStackAndBrowser({ stack: { judgeWorkers: 1, env: { DEMO: '0' } } });
  /** The user's Python WA run from the first test, which root then judges by hand and rejudges. */
  let wrongAnswerId = '';

  it('creates A+B as admin, then a user submits AC, WA and CE, watches each verdict, filters and opens details', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await browser.screenshot('failed-problems-and-submissions');
    });

    // As root in the back office: create A+B with a test data zip.
    // Root signs in on the public site; the back office's own sign-in is walked by admin-login.spec.ts.
    await logInThroughDialog(page, 'root', stack.rootPassword);
    const rootToken = await tokenInPage(page);
    // Three submissions in a row: lift the per-user submit interval (a site switch) so none is refused.
    await liftSubmitInterval(stack, rootToken);

    await page.goto('/admin/problem/create');
    await page.getByLabel('Problem display ID').fill(problemId);
    await page.getByLabel('Title').fill('A+B Problem');
    await page
      .getByLabel('Description')
      .fill('**Read** two integers and print their sum.<img src="x" onerror="window.hacked = true">');
    await page.getByLabel(/^Input\s*\*?$/).fill('Two integers a and b.');
    await page.getByLabel(/^Output\s*\*?$/).fill('The sum a+b.');
    await page.getByLabel('Sample input 1').fill('1 2');
    await page.getByLabel('Sample output 1').fill('3');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'aplusb.zip',
      mimeType: 'application/zip',
      buffer: testDataZip(),
    });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByTestId('test-case-table').locator('tbody tr').nth(2).waitFor();
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByLabel('New tag').fill('Beginner');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await browser.screenshot('admin-problem-create-desktop');
    await page.getByTestId('save-problem').click();
    await page.waitForURL('**/admin/problems');
    await page.getByTestId('admin-problem-row').filter({ hasText: problemId }).waitFor();
    await browser.screenshot('admin-problem-list-desktop');

    // Someone else's submission, so that only-mine has something to leave out.
    const other = await stack.request('/api/submit-problem-judge', {
      method: 'POST',
      token: rootToken,
      body: { pid: problemId, language: 'C++', code: sources.cppAc, cid: 0, isRemote: false },
    });
    expect(other.body.status).toBe(200);
    const otherId = String((other.body.data as { submitId: number }).submitId);

    // A new user signs in on the public site.
    const username = `ada${Date.now() % 100000}`;
    const email = `${username}@example.com`;
    await registerThroughApi(stack, { username, password: 'secret-pass', email });
    await page.evaluate(() => localStorage.clear());
    await logInThroughDialog(page, username, 'secret-pass');

    await page.goto('/problem?l=en-US');
    await page.getByTestId('problem-row').filter({ hasText: problemId }).waitFor();
    await page.getByTestId('tag-panel').getByText('Beginner').waitFor();
    await browser.screenshot('problem-list-desktop');

    // Pushes over /api/ws race the 2 s poll (DESIGN, live pushes): record the frames the page receives.
    const pushedTopics: string[] = [];
    page.on('websocket', (socket) => {
      if (!socket.url().endsWith('/api/ws')) return;
      socket.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString('utf8');
        if (text.includes('"changed"')) pushedTopics.push(text);
      });
    });

    // Three submissions, each verdict arriving on the problem page without a reload.
    await openProblemWithDraft(page, 'C++', sources.cppAc, 'std::cin');
    // Statements are Markdown, sanitised: the bold renders, the injected handler does not survive.
    await page.getByTestId('problem-statement').locator('strong', { hasText: 'Read' }).waitFor();
    expect(await page.evaluate(() => 'hacked' in window)).toBe(false);
    await browser.screenshot('problem-page-desktop');
    const acceptedId = await submitAndWatch(page, verdicts.accepted);
    // The test run with the sample as input (spec 000 §4): polled every second, then the result tab opens.
    await page.getByRole('button', { name: 'Run test' }).click();
    await page.getByTestId('test-run-result').getByText('Pass Test Case 1').waitFor({ timeout: judgeTimeoutMs });
    await page.getByTestId('test-run-result').scrollIntoViewIfNeeded();
    await browser.screenshot('problem-test-run-result-desktop');
    await openProblemWithDraft(page, 'Python3', sources.pythonWa, 'print');
    const wrongId = await submitAndWatch(page, verdicts.wrongAnswer);
    await openProblemWithDraft(page, 'C', sources.cCe, 'stdio');
    const compileErrorId = await submitAndWatch(page, verdicts.compileError);
    wrongAnswerId = wrongId;
    await browser.screenshot('problem-page-judged-desktop');
    const ownTopics = [acceptedId, wrongId, compileErrorId].map((id) => `"submission:${id}"`);
    expect(pushedTopics.some((frame) => ownTopics.some((topic) => frame.includes(topic)))).toBe(true);

    // The list filtered to only mine: exactly the three, all marked as the viewer's.
    await page.goto('/status');
    await page.locator(`[data-testid="submission-row"][data-submit-id="${otherId}"]`).waitFor();
    await page.getByRole('switch', { name: 'Only mine' }).click();
    await page.waitForURL(/onlyMine=true/);
    const rows = page.getByTestId('submission-row');
    await expect.poll(async () => rows.count()).toBe(3);
    const ids = await rows.evaluateAll((elements) => elements.map((e) => e.getAttribute('data-submit-id')));
    expect(ids.sort()).toEqual([acceptedId, wrongId, compileErrorId].sort());
    expect(await rows.evaluateAll((elements) => elements.every((e) => e.getAttribute('data-own') === 'true'))).toBe(
      true,
    );
    await browser.screenshot('submission-list-desktop');

    // The accepted run's details: the banner and one Accepted card per test case.
    await page.locator(`[data-submit-id="${acceptedId}"]`).getByRole('link', { name: acceptedId, exact: true }).click();
    await page.waitForURL(`**/submission-detail/${acceptedId}`);
    await page.getByTestId('submission-banner').locator('[data-status="0"]').waitFor();
    const cards = page.getByTestId('case-card');
    await expect.poll(async () => cards.count()).toBe(3);
    expect(await cards.evaluateAll((elements) => elements.map((e) => e.getAttribute('data-status')))).toEqual([
      '0',
      '0',
      '0',
    ]);
    await page.getByTestId('submission-code').getByText('std::cin').waitFor();
    await browser.screenshot('submission-detail-desktop');

    // The same screens at phone width (spec 000 §2.1), for a look.
    await page.setViewportSize(phoneViewport);
    await browser.screenshot('submission-detail-phone');
    await page.goto('/status?onlyMine=true');
    await page.getByTestId('submission-row').first().waitFor();
    await browser.screenshot('submission-list-phone');
    await page.goto('/problem');
    await page.getByTestId('problem-row').first().waitFor();
    await browser.screenshot('problem-list-phone');
    await page.goto(`/problem/${problemId}`);
    await page.locator('.monaco-editor .view-lines').first().waitFor();
    await browser.screenshot('problem-page-phone');
    await page.getByTestId('code-editor').scrollIntoViewIfNeeded();
    await browser.screenshot('problem-editor-phone');
    await page.setViewportSize(desktopViewport);

    expect(browser.errors.filter((error) => !error.includes('404'))).toEqual([]);
  });

  it('shows the verdict breakdown, the statistics, the panes and the admin editor of the same problem', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await browser.screenshot('failed-problems-and-submissions-screens');
    });
    await page.goto('/problem');
    await page.getByTestId('problem-row').filter({ hasText: problemId }).hover();
    await page.getByTestId('verdict-breakdown').getByText('Accepted').waitFor();
    await browser.screenshot('problem-list-hover-desktop');

    await page.goto(`/problem/${problemId}`);
    await page.getByRole('button', { name: 'Statistics' }).click();
    await page.getByTestId('statistics-pie').waitFor();
    await browser.screenshot('problem-statistics-desktop');
    await page.keyboard.press('Escape');
    await page.getByTestId('only-problem').click();
    await page.getByTestId('code-editor').waitFor({ state: 'detached' });
    await browser.screenshot('problem-only-desktop');
    await page.getByRole('button', { name: 'Reset layout' }).click();
    await page.getByTestId('code-editor').waitFor();
    await page.getByRole('tab', { name: 'Test input' }).scrollIntoViewIfNeeded();
    await browser.screenshot('problem-test-run-desktop');
    await page.getByRole('tab', { name: 'My submissions' }).click();
    await expect.poll(async () => page.getByTestId('submission-row').count()).toBe(3);
    await browser.screenshot('problem-my-submissions-desktop');

    await page.evaluate(() => localStorage.clear());
    await logInThroughDialog(page, 'root', stack.rootPassword);
    await page.goto('/admin/problems');
    await page
      .getByTestId('admin-problem-row')
      .filter({ hasText: problemId })
      .getByRole('link', { name: 'Edit' })
      .click();
    await expect.poll(async () => page.getByLabel('Problem display ID').inputValue()).toBe(problemId);
    await expect.poll(async () => page.getByTestId('test-case-table').locator('tbody tr').count()).toBe(3);
    await browser.screenshot('admin-problem-edit-desktop');
    // Root's actions on the user's WA: a manual Accepted, then a rejudge that the page follows back to WA.
    await page.goto(`/submission-detail/${wrongAnswerId}`);
    await page.getByTestId('submission-banner').locator('[data-status="-1"]').waitFor();
    await page.getByRole('button', { name: 'Manual judge' }).click();
    const manual = page.getByRole('dialog', { name: `Manual judge #${wrongAnswerId}` });
    await manual.getByLabel(/Verdict/).click();
    await page.getByRole('option', { name: 'Accepted', exact: true }).click();
    await manual.getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('submission-banner').locator('[data-status="0"]').waitFor();
    await browser.screenshot('submission-detail-root-desktop');
    await page.getByRole('button', { name: 'Rejudge' }).click();
    // The back office asks for the rejudge's reason (optional), which the audit trail records (issue 13).
    await page.getByRole('dialog', { name: 'Rejudge' }).getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('submission-banner').locator('[data-status="-1"]').waitFor({ timeout: judgeTimeoutMs });
    await page.goto('/admin/problem/tag');
    await page.getByText('Beginner').first().waitFor();
    await browser.screenshot('admin-problem-tags-desktop');
    await page.setViewportSize(phoneViewport);
    await page.goto('/admin/problems');
    await page.getByTestId('admin-problem-row').first().waitFor();
    await browser.screenshot('admin-problem-list-phone');
    await page.goto('/admin/problem/create');
    await page.getByLabel('Problem display ID').waitFor();
    await browser.screenshot('admin-problem-create-phone');
    await page.setViewportSize(desktopViewport);
    expect(browser.errors.filter((error) => !error.includes('404'))).toEqual([]);
  });
});
