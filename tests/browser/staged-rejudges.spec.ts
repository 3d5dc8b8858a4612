import { beforeAll, describe, expect, it, onTestFailed, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { useStackAndBrowser } from '../support/browser-stack';
import {
  aPlusBProblemBody,
  createContestThroughApi,
  liftSubmitInterval,
  logInPageThroughApi,
  logInThroughApi,
  registerThroughApi,
  screenshotAtBothWidths,
  waitForClockPast,
  waitForContestVerdicts,
} from '../support/journeys';

/**
 * Issue 13's acceptance journey for history and staged rejudges: a contest with a freeze whose test data is
 * edited and rejudged with a reason (alice and bob lose their AC); root scrubs the rank page's time slider back to
 * before that rejudge and sees the old board, finds the rejudge in the audit trail with actor and reason, restores
 * the test data, stages a second rejudge from /admin/rejudgings, reads the diff (old and new verdicts, the board
 * before and after) and applies it: the rank page shows both ACs again.
 */

const minute = 60_000;
/** From the contest's creation to its next slider minute: enough to add the problem, submit twice and judge. */
const verdictsLeadMs = 10_000;
const reason = 'expected output was wrong';
const stagedReason = 'expected output restored';
const sumCode = 'a, b = map(int, input().split())\nprint(a + b)  # the staged rejudge journey, long enough to submit\n';
const threeCode = 'input()\nprint(3)  # prints the sample answer whatever the input is; long enough to submit ok\n';

const cell = (page: Page, username: string, displayId: string) =>
  page.locator(`[data-testid="board-row"][data-username="${username}"]`).last().getByTestId(`cell-${displayId}`);

describe('staged rejudges and the board at an instant', () => {
  const { stack, browser } = useStackAndBrowser({ stack: { judgeWorkers: 1, env: { DEMO: '0' } } });
  let root = '';
  let cid = 0;
  let problemId = 0;
  let beforeRejudgeMs = 0;
  let startMs = 0;

  const editExpectedOutput = async (expectedOutput: string) => {
    const body = aPlusBProblemBody({
      id: problemId,
      problemId: 'RJA',
      title: 'Rejudged sum',
      languages: ['Python3'],
      expectedOutput,
    });
    const edited = await stack.request('/api/admin/problem', { method: 'PUT', token: root, body });
    expect(edited.body.status, JSON.stringify(edited.body)).toBe(200);
  };

  beforeAll(async () => {
    root = await logInThroughApi(stack, 'root', stack.rootPassword);
    // With a judge process starting beside it, the projector may not have read root's account yet: wait for it.
    await vi.waitFor(() => liftSubmitInterval(stack, root), { timeout: 30_000, interval: 250 });
    const body = aPlusBProblemBody({ problemId: 'RJA', title: 'Rejudged sum', languages: ['Python3'] });
    const created = await stack.request('/api/admin/problem', { method: 'POST', token: root, body });
    expect(created.body.status, JSON.stringify(created.body)).toBe(200);
    const problems = await stack.request<{ records: { id: number; problemId: string }[] }>(
      '/api/admin/problem/get-problem-list?currentPage=1&limit=10&keyword=RJA',
      { token: root },
    );
    problemId = problems.body.data.records.find((row) => row.problemId === 'RJA')?.id ?? 0;
    const tokens: string[] = [];
    for (const username of ['alice', 'bob']) {
      await registerThroughApi(stack, { username, password: 'secret1', email: `${username}@example.com` });
      tokens.push(await logInThroughApi(stack, username, 'secret1'));
    }
    // The slider moves by minutes from the start: the start is chosen so that a slider minute falls a few seconds
    // from now, just after the two verdicts below, instead of waiting up to a minute for a whole one.
    startMs = Math.ceil(Date.now() / 1000) * 1000 + verdictsLeadMs - 10 * minute;
    const endMs = startMs + 3 * 3_600_000;
    cid = await createContestThroughApi(stack, root, {
      title: 'Rejudge Cup',
      type: 0,
      auth: 0,
      description: 'One problem, frozen for the last hour.',
      startTime: new Date(startMs).toISOString(),
      endTime: new Date(endMs).toISOString(),
      duration: (endMs - startMs) / 1000,
      sealRank: true,
      sealRankTime: new Date(endMs - 3_600_000).toISOString(),
      autoRealRank: true,
    });
    const added = await stack.request('/api/admin/contest/add-problem-from-public', {
      method: 'POST',
      token: root,
      body: { pid: problemId, cid, displayId: 'A' },
    });
    expect(added.body.status, JSON.stringify(added.body)).toBe(200);
    const submitIds: number[] = [];
    for (const [token, code] of [
      [tokens[0], sumCode],
      [tokens[1], threeCode],
    ] as const) {
      const submitted = await stack.request<{ submitId: number }>('/api/submit-problem-judge', {
        method: 'POST',
        token,
        body: { pid: 'A', language: 'Python3', code, cid, gid: null, tid: null, isRemote: false },
      });
      expect(submitted.body.status, JSON.stringify(submitted.body)).toBe(200);
      submitIds.push(submitted.body.data.submitId);
      // ACs in the same second are both first blood (spec 001 §2.7): bob submits in a later second than alice.
      await waitForClockPast(Date.now() + 1000);
    }
    await waitForContestVerdicts(stack, root, cid, submitIds);
    // Both AC now. The rejudge comes after the next slider minute, so that minute lies between the two boards (the
    // one chosen above, or a minute later if judging took longer than the lead).
    beforeRejudgeMs = startMs + Math.ceil((Date.now() - startMs) / minute) * minute;
    await waitForClockPast(beforeRejudgeMs + 1000);
    await editExpectedOutput('4\n');
    const rejudged = await stack.request(
      `/api/admin/judge/rejudge-contest-problem?cid=${cid}&pid=${problemId}&reason=${encodeURIComponent(reason)}`,
      { token: root },
    );
    expect(rejudged.body.status, JSON.stringify(rejudged.body)).toBe(200);
    await waitForContestVerdicts(stack, root, cid, submitIds);
  }, 240_000);

  it('scrubs the board back to before the rejudge, finds the rejudge in the audit trail, stages a second one and applies it', async () => {
    onTestFailed(async () => void (await browser.screenshot('staged-rejudges-failure')));
    const { page } = browser;
    await logInPageThroughApi(stack, page, 'root', stack.rootPassword);

    // The board now: both lost their AC to the rejudge.
    await page.goto(`/contest/${cid}/rank`);
    await expect.poll(() => cell(page, 'alice', 'A').getAttribute('data-kind')).toBe('wrong');
    // Scrub back to the minute before the rejudge: the old board, both AC.
    // Minute by minute from the start, as a person scrubbing does: every minute on the way is a request that the
    // history cache must answer right (the empty boards once seen here were the text-ordered event read).
    const slider = page.getByTestId('board-time-slider').getByRole('slider');
    const wanted = (beforeRejudgeMs - startMs) / minute;
    await slider.focus();
    await slider.press('Home');
    for (let minutes = 0; minutes < wanted; minutes += 1) await slider.press('ArrowRight');
    expect(Number(await slider.getAttribute('aria-valuenow'))).toBe(wanted);
    await page.getByTestId('board-time-note').waitFor();
    await expect.poll(() => cell(page, 'alice', 'A').getAttribute('data-kind')).toBe('firstAc');
    await expect.poll(() => cell(page, 'bob', 'A').getAttribute('data-kind')).toBe('ac');
    await screenshotAtBothWidths(browser, 'staged-rejudge-board-before');

    // The audit trail of the contest: the rejudge with its actor and reason.
    await page.goto(`/admin/audit?scope=contest&id=${cid}`);
    const rejudge = page.getByTestId('audit-entry').filter({ hasText: 'RejudgeSubmission' }).first();
    await rejudge.waitFor();
    expect(await rejudge.getByTestId('audit-actor').textContent()).toBe('root');
    expect(await rejudge.getByTestId('audit-reason').textContent()).toBe(reason);

    // Restore the test data and stage a second rejudge of the contest's WA submissions.
    await editExpectedOutput('3\n');
    await page.getByTestId('admin-nav-rejudgings').click();
    await page.waitForURL((url) => url.pathname === '/admin/rejudgings');
    await page.getByTestId('filter-cid').fill(String(cid));
    await page.getByTestId('filter-verdict').click();
    await page.getByRole('option', { name: 'WA', exact: true }).click();
    await page.getByTestId('rejudging-reason').fill(stagedReason);
    await page.getByTestId('stage-rejudging').click();
    const detail = page.getByTestId('rejudging-detail');
    await expect
      .poll(() => detail.getByTestId('rejudging-state').textContent(), { timeout: 90_000 })
      .toBe('Ready to apply');
    // The diff: both WA → AC, the board before and after, alice first to solve A again.
    expect(await detail.locator('[data-testid="rejudging-item"][data-changed="true"]').count()).toBe(2);
    await detail.getByTestId('board-diff').waitFor();
    expect(await detail.getByTestId('board-move').count()).toBe(2);
    expect(await detail.getByTestId('first-blood-change').textContent()).toContain('— → alice');
    // Staged results are seen by no board: the rank page still shows the WAs.
    const rankPage = await browser.context.newPage();
    await rankPage.goto(`/contest/${cid}/rank`);
    await expect.poll(() => cell(rankPage, 'alice', 'A').getAttribute('data-kind')).toBe('wrong');
    await screenshotAtBothWidths(browser, 'staged-rejudge-diff');

    await detail.getByTestId('apply-rejudging').click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => detail.getByTestId('rejudging-state').textContent()).toBe('Applied');
    await rankPage.reload();
    await expect.poll(() => cell(rankPage, 'alice', 'A').getAttribute('data-kind')).toBe('firstAc');
    await expect.poll(() => cell(rankPage, 'bob', 'A').getAttribute('data-kind')).toBe('ac');
    await rankPage.close();
    await screenshotAtBothWidths(browser, 'staged-rejudge-applied');
    // The header's message bell asks /api/msg/unread, which the message centre (a later issue) will serve.
    const errors = browser.errors.filter((error) => !error.endsWith('/api/msg/unread)'));
    expect(errors, errors.join('\n')).toEqual([]);
  }, 240_000);
});
