import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { waitForPath } from '../support/browser';
import { useStackAndBrowser } from '../support/browser-stack';
import {
  aPlusBProblemBody,
  createContestThroughApi,
  liftSubmitInterval,
  logInPageThroughApi,
  logInThroughApi,
  registerThroughApi,
  screenshotAtBothWidths,
  waitForContestVerdicts,
} from '../support/journeys';

/**
 * Issue 6, focus mode: a contestant of a private contest opens problem A, enters focus mode, submits A+B there
 * to the real judge and sees the strip mark A accepted; a wrong answer sent meanwhile shows on B once the strip
 * reloads; a click on B in the strip opens B in focus mode, and "Exit focus mode" goes back to B's contest page.
 */

const judgeTimeoutMs = 90_000;
const password = 'focus-secret';
const contestant = { username: 'focususer', password: 'secret-pass', email: 'focususer@example.com' };
const sources = {
  ac: '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << std::endl; }\n',
  wa: '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a - b << std::endl; }\n',
};

const stripItem = (page: Page, displayId: string) =>
  page.getByTestId('focus-mode-strip').locator(`[data-testid="focus-mode-problem"][data-problem-id="${displayId}"]`);

describe('contest focus mode in the browser', () => {
  const { stack, browser } = useStackAndBrowser({ stack: { judgeWorkers: 1, env: { DEMO: '0' } } });
  let cid = 0;
  let userToken = '';

  beforeAll(async () => {
    const root = await logInThroughApi(stack, 'root', stack.rootPassword);
    await liftSubmitInterval(stack, root);
    const now = Date.now();
    cid = await createContestThroughApi(stack, root, {
      title: 'Focus Cup',
      type: 0,
      auth: 1,
      pwd: password,
      description: 'Three sums.',
      startTime: new Date(now - 10 * 60_000).toISOString(),
      endTime: new Date(now + 3 * 3_600_000).toISOString(),
      duration: 3 * 3600 + 600,
    });
    for (const [displayId, problemId] of [
      ['A', 'FOCA'],
      ['B', 'FOCB'],
      ['C', 'FOCC'],
    ] as const) {
      const body = aPlusBProblemBody({ problemId, title: `Sum ${displayId}`, languages: ['C++'] });
      expect((await stack.request('/api/admin/problem', { method: 'POST', token: root, body })).body.status).toBe(200);
      const list = await stack.request<{ records: { id: number; problemId: string }[] }>(
        `/api/admin/problem/get-problem-list?keyword=${problemId}`,
        { token: root },
      );
      const pid = list.body.data.records.find((row) => row.problemId === problemId)?.id;
      const added = await stack.request('/api/admin/contest/add-problem-from-public', {
        method: 'POST',
        token: root,
        body: { pid, cid, displayId },
      });
      expect(added.body.status, JSON.stringify(added.body)).toBe(200);
    }
    await registerThroughApi(stack, contestant);
    userToken = await logInPageThroughApi(stack, browser.page, contestant.username, contestant.password);
    const registered = await stack.request('/api/register-contest', {
      method: 'POST',
      token: userToken,
      body: { cid, password },
    });
    expect(registered.body.status).toBe(200);
  });

  it('enters focus mode from the problem page and marks A accepted after an AC there', async () => {
    onTestFailed(async () => void (await browser.screenshot('failed-focus-mode-ac')));
    const { page } = browser;
    await page.evaluate(([key, draft]) => localStorage.setItem(key, draft), [
      `problemDraft:contest:${cid}:A`,
      JSON.stringify({ code: sources.ac, language: 'C++', theme: 'idea', fontSize: 14, tabSize: 4 }),
    ] as const);
    await page.goto(`/contest/${cid}/problem/A?l=en-US`);
    await page.getByTestId('focus-mode-enter').click();
    await waitForPath(page, `/contest/${cid}/problem/A/full-screen`);
    // Focus mode leaves the contest's header card and tabs behind, and the footer.
    await page.getByTestId('contest-focus-mode').waitFor();
    expect(await page.getByTestId('contest-tab-overview').count()).toBe(0);
    await expect.poll(() => page.getByTestId('focus-mode-problem').count()).toBe(3);
    expect(await stripItem(page, 'A').getAttribute('aria-current')).toBe('page');
    expect(await stripItem(page, 'A').getAttribute('data-status')).toBe('untried');

    await page.locator('.monaco-editor .view-lines').filter({ hasText: 'a + b' }).waitFor();
    await page.getByTestId('submit-code').click();
    await page
      .getByTestId('submit-status')
      .locator('[data-testid="submission-status"][data-status="0"]')
      .waitFor({ timeout: judgeTimeoutMs });
    await expect.poll(() => stripItem(page, 'A').getAttribute('data-status')).toBe('0');
    expect(await stripItem(page, 'A').getByTestId('focus-mode-problem-status').textContent()).toBe('AC');
  });

  it('jumps to B from the strip, which shows the wrong answer sent meanwhile', async () => {
    onTestFailed(async () => void (await browser.screenshot('failed-focus-mode-jump')));
    const { page } = browser;
    const sent = await stack.request<{ submitId: number }>('/api/submit-problem-judge', {
      method: 'POST',
      token: userToken,
      body: { pid: 'B', language: 'C++', code: sources.wa, cid, gid: null, tid: null, isRemote: false },
    });
    expect(sent.body.status, JSON.stringify(sent.body)).toBe(200);
    await waitForContestVerdicts(stack, userToken, cid, [sent.body.data.submitId]);

    await stripItem(page, 'B').click();
    await waitForPath(page, `/contest/${cid}/problem/B/full-screen`);
    await page.getByText('Sum B').first().waitFor();
    await expect.poll(() => stripItem(page, 'B').getAttribute('data-status')).toBe('-1');
    expect(await stripItem(page, 'B').getAttribute('aria-current')).toBe('page');
    expect(await stripItem(page, 'A').getAttribute('data-status')).toBe('0');
    expect(await stripItem(page, 'C').getAttribute('data-status')).toBe('untried');
    await screenshotAtBothWidths(browser, 'contest-focus-mode');
  });

  it('leaves focus mode for the same problem on the contest page', async () => {
    onTestFailed(async () => void (await browser.screenshot('failed-focus-mode-exit')));
    const { page } = browser;
    await page.getByTestId('focus-mode-exit').click();
    await waitForPath(page, `/contest/${cid}/problem/B`);
    await page.getByTestId('contest-tab-overview').waitFor();
    await page.getByTestId('focus-mode-enter').waitFor();
    expect(await page.getByTestId('focus-mode-strip').count()).toBe(0);
    await screenshotAtBothWidths(browser, 'contest-problem-focus-button');
  });

  it('speaks Chinese in focus mode too', async () => {
    onTestFailed(async () => void (await browser.screenshot('failed-focus-mode-zh')));
    const { page } = browser;
    await page.goto(`/contest/${cid}/problem/A/full-screen?l=zh-CN`);
    await page.getByTestId('focus-mode-exit').filter({ hasText: '退出专注模式' }).waitFor();
    await page.getByText('题目列表').waitFor();
    await screenshotAtBothWidths(browser, 'contest-focus-mode-zh');
  });

  // Not focus mode, but the same issue's other small call: the back office's Clone row action (on this stack).
  it('clones the contest from the admin contest list', async () => {
    onTestFailed(async () => void (await browser.screenshot('failed-contest-clone')));
    const { page } = browser;
    await logInPageThroughApi(stack, page, 'root', stack.rootPassword);
    await page.goto('/admin/contest?l=en-US');
    const table = page.getByTestId('admin-contest-table');
    await table.getByRole('row').filter({ hasText: 'Focus Cup' }).getByTestId('contest-row-menu').click();
    await page.getByTestId('clone-contest').click();
    await table.getByRole('row').filter({ hasText: 'Focus Cup [Cloned]' }).waitFor();
    await browser.screenshot('admin-contest-clone-desktop');
  });
});
