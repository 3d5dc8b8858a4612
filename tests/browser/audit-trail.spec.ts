import { beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { desktopViewport, phoneViewport } from '../support/browser';
import { useStackAndBrowser } from '../support/browser-stack';
import {
  aPlusBProblemBody,
  createContestThroughApi,
  liftSubmitInterval,
  logInPageThroughApi,
  logInThroughApi,
  registerThroughApi,
  screenshotAtBothWidths,
} from '../support/journeys';

/**
 * The audit trail (issue 13 item 2): root rejudges a contest submission from its page, giving a reason, then
 * opens the back office's audit page from its nav, filters by the contest and finds the rejudge with its actor
 * and reason, next to the contest's settings change listed field by field.
 */

const reason = 'checker fixed: trailing spaces';
const code = 'a, b = map(int, input().split())\nprint(a + b)  # the audit trail journey, long enough to submit\n';

describe('the audit trail in the back office', () => {
  const { stack, browser } = useStackAndBrowser({ stack: { judgeWorkers: 0, env: { DEMO: '0' } } });
  let root = '';
  let cid = 0;
  let submitId = 0;

  beforeAll(async () => {
    root = await logInThroughApi(stack, 'root', stack.rootPassword);
    await liftSubmitInterval(stack, root);
    const body = aPlusBProblemBody({ problemId: 'AUDA', title: 'Audited sum', languages: ['Python3'] });
    const created = await stack.request('/api/admin/problem', { method: 'POST', token: root, body });
    expect(created.body.status, JSON.stringify(created.body)).toBe(200);
    await registerThroughApi(stack, { username: 'alice', password: 'secret1', email: 'alice@example.com' });
    const alice = await logInThroughApi(stack, 'alice', 'secret1');
    const now = Date.now();
    cid = await createContestThroughApi(stack, root, {
      title: 'Audit Cup',
      type: 0,
      auth: 0,
      description: 'One problem.',
      startTime: new Date(now - 10 * 60_000).toISOString(),
      endTime: new Date(now + 2 * 3_600_000).toISOString(),
      duration: 2 * 3600 + 600,
    });
    const problems = await stack.request<{ records: { id: number; problemId: string }[] }>(
      '/api/admin/problem/get-problem-list?currentPage=1&limit=10&keyword=AUDA',
      { token: root },
    );
    const pid = problems.body.data.records.find((row) => row.problemId === 'AUDA')?.id;
    const added = await stack.request('/api/admin/contest/add-problem-from-public', {
      method: 'POST',
      token: root,
      body: { pid, cid, displayId: 'A' },
    });
    expect(added.body.status, JSON.stringify(added.body)).toBe(200);
    const current = await stack.request<Record<string, unknown>>(`/api/admin/contest?cid=${cid}`, { token: root });
    const renamed = await stack.request('/api/admin/contest', {
      method: 'PUT',
      token: root,
      body: { ...current.body.data, title: 'Audit Cup Final' },
    });
    expect(renamed.body.status, JSON.stringify(renamed.body)).toBe(200);
    const submitted = await stack.request<{ submitId: number }>('/api/submit-problem-judge', {
      method: 'POST',
      token: alice,
      body: { pid: 'A', language: 'Python3', code, cid, gid: null, tid: null, isRemote: false },
    });
    expect(submitted.body.status, JSON.stringify(submitted.body)).toBe(200);
    submitId = submitted.body.data.submitId;
  });

  it("records a rejudge's reason, and shows root the contest's trail with actor and reason", async () => {
    onTestFailed(async () => void (await browser.screenshot('audit-trail-failure')));
    const { page } = browser;
    await logInPageThroughApi(stack, page, 'root', stack.rootPassword);
    await page.goto(`/submission-detail/${submitId}`);
    await page.getByRole('button', { name: 'Rejudge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rejudge' });
    await dialog.getByTestId('judge-action-reason').fill(reason);
    // The modal fades in: shoot it once its transitions have finished.
    await dialog.evaluate((element) =>
      Promise.all(element.ownerDocument.getAnimations().map((animation) => animation.finished)),
    );
    await screenshotAtBothWidths(browser, 'audit-rejudge-reason');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Rejudge successfully').waitFor();

    await page.goto('/admin');
    await page.getByTestId('admin-nav-audit').click();
    await page.waitForURL((url) => url.pathname === '/admin/audit');
    await page.getByTestId('audit-entry').first().waitFor();
    await page.getByTestId('audit-scope').click();
    await page.getByRole('option', { name: 'Contest', exact: true }).click();
    await page.getByTestId('audit-id').fill(String(cid));
    await page.getByTestId('audit-search').click();
    await expect.poll(() => page.getByTestId('audit-total').textContent()).toBe('5 entries');

    const rejudge = page.getByTestId('audit-entry').filter({ hasText: 'Rejudges' });
    expect(await rejudge.getByTestId('audit-actor').textContent()).toBe('root');
    expect(await rejudge.getByTestId('audit-reason').textContent()).toBe(reason);
    expect(await rejudge.getByTestId('audit-changes').textContent()).toContain('attempt 0 → 1');
    const settings = page.getByTestId('audit-entry').filter({ hasText: 'UpdateContest' });
    expect(await settings.getByTestId('audit-changes').textContent()).toContain('Audit Cup → Audit Cup Final');
    await screenshotAtBothWidths(browser, 'audit-trail-contest');
    // At phone width the table scrolls sideways inside its card: the rejudge's row, in view.
    await page.setViewportSize(phoneViewport);
    await rejudge.scrollIntoViewIfNeeded();
    await browser.screenshot('audit-trail-entries-phone');
    await page.setViewportSize(desktopViewport);

    // The contest list links each contest to its own trail, filtered through the address.
    await page.goto('/admin/contest');
    await page.getByTestId('contest-row-menu').first().click();
    await page.getByTestId('contest-audit-trail').click();
    await page.waitForURL((url) => url.pathname === '/admin/audit' && url.search.includes(`id=${cid}`));
    await expect.poll(() => page.getByTestId('audit-total').textContent()).toBe('5 entries');
    // A Pending submission's detail page asks for case results the judge has not written yet (404).
    expect(browser.errors.filter((error) => !error.includes('404'))).toEqual([]);
  });
});
