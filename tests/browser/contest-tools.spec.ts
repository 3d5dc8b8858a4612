/* eslint-disable max-lines -- one browser journey through every contest admin tool, in order, on one stack. */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { useStackAndBrowsers } from '../support/browser-stack';
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
 * The contest tools with real data: a sealed ACM contest and an OI contest, alice and bob submitting through the
 * real judge, then root's AC helper, print queue, rejudge tab and rank page, alice's print request, her sealed OI
 * submit, the outside board with a followed user, and every contest screen at desktop and phone widths
 * (.tmp/screens).
 *
 * The ACM contest is sealed from five minutes after its start, so every submission here is after the seal:
 * contestants and root (without Force Update) see tries, root with Force Update the verdicts (reference §2.10).
 */

const python = {
  sum: 'a, b = map(int, input().split())\nprint(a + b)\n',
  difference: 'a, b = map(int, input().split())\nprint(a - b)\n',
  // Right on the first case only: half of the OI problem's score.
  half: 'a, b = map(int, input().split())\nprint(a + b if a < 5 else 0)\n',
};
const printText = 'for (int i = 0; i < n; ++i) answer += weight[i] * value[i]; // line to print, over fifty chars';

const boardRow = (page: Page, username: string) =>
  page.locator(`[data-testid="board-row"][data-username="${username}"]`).last();
const boardOrder = (page: Page) =>
  page.getByTestId('board-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-username')));

describe('contest tools in the browser', () => {
  const {
    stack,
    browsers: [rootBrowser, aliceBrowser],
  } = useStackAndBrowsers({ stack: { judgeWorkers: 1, env: { DEMO: '0' } }, browsers: [{}, {}] });
  let root = '';
  const tokens: Record<string, string> = {};
  let acmCid = 0;
  let oiCid = 0;
  const acmSubmissions: number[] = [];

  const submit = async (username: string, cid: number, displayId: string, code: string) => {
    const reply = await stack.request<{ submitId: number }>('/api/submit-problem-judge', {
      method: 'POST',
      token: tokens[username] ?? '',
      body: { pid: displayId, language: 'Python3', code, cid, gid: null, tid: null, isRemote: false },
    });
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data.submitId;
  };

  const addProblem = async (cid: number, problemId: string, displayId: string) => {
    const problems = await stack.request<{ records: { id: number; problemId: string }[] }>(
      `/api/admin/problem/get-problem-list?currentPage=1&limit=10&keyword=${problemId}`,
      { token: root },
    );
    const pid = problems.body.data.records.find((row) => row.problemId === problemId)?.id;
    const added = await stack.request('/api/admin/contest/add-problem-from-public', {
      method: 'POST',
      token: root,
      body: { pid, cid, displayId },
    });
    expect(added.body.status, JSON.stringify(added.body)).toBe(200);
  };

  /** PUT /api/admin/contest takes the whole AdminContestVO: read it, change what is asked, write it back. */
  const changeContest = async (cid: number, change: Record<string, unknown>) => {
    const current = await stack.request<Record<string, unknown>>(`/api/admin/contest?cid=${cid}`, { token: root });
    const reply = await stack.request('/api/admin/contest', {
      method: 'PUT',
      token: root,
      body: { ...current.body.data, ...change },
    });
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(200);
  };

  beforeAll(async () => {
    root = await logInThroughApi(stack, 'root', stack.rootPassword);
    await liftSubmitInterval(stack, root);
    const base = aPlusBProblemBody({ problemId: 'TSUMA', title: 'Sum A', languages: ['Python3'] });
    const bank = [
      base,
      aPlusBProblemBody({ problemId: 'TSUMB', title: 'Sum B', languages: ['Python3'] }),
      {
        ...base,
        problem: { ...base.problem, problemId: 'TOSUM', title: 'Scored sum', type: 1 },
        samples: [
          { input: '1 2\n', output: '3\n', score: 50 },
          { input: '7 8\n', output: '15\n', score: 50 },
        ],
      },
    ];
    for (const body of bank) {
      const created = await stack.request('/api/admin/problem', { method: 'POST', token: root, body });
      expect(created.body.status, JSON.stringify(created.body)).toBe(200);
    }
    for (const username of ['alice', 'bob']) {
      await registerThroughApi(stack, { username, password: 'secret1', email: `${username}@example.com` });
      tokens[username] = await logInThroughApi(stack, username, 'secret1');
    }

    const now = Date.now();
    const window = {
      startTime: new Date(now - 10 * 60_000).toISOString(),
      endTime: new Date(now + 2 * 3_600_000).toISOString(),
      duration: 2 * 3600 + 600,
      auth: 0,
      openRank: true,
      autoRealRank: true,
    };
    acmCid = await createContestThroughApi(stack, root, {
      ...window,
      title: 'Tools Round',
      type: 0,
      description: 'Balloons, prints and a **sealed** board.',
      openPrint: true,
      sealRank: true,
      sealRankTime: new Date(now - 5 * 60_000).toISOString(),
    });
    oiCid = await createContestThroughApi(stack, root, {
      ...window,
      title: 'Tools OI',
      type: 1,
      description: 'Scored by the latest submission, then by the highest.',
      oiRankScoreType: 'Recent',
    });
    await addProblem(acmCid, 'TSUMA', 'A');
    await addProblem(acmCid, 'TSUMB', 'B');
    await addProblem(oiCid, 'TOSUM', 'A');
    const announced = await stack.request('/api/admin/contest/announcement', {
      method: 'POST',
      token: root,
      body: { cid: acmCid, announcement: { title: 'Balloons', content: 'Balloons come **to your desk**.', status: 0 } },
    });
    expect(announced.body.status, JSON.stringify(announced.body)).toBe(200);

    // alice: A wrong, then A first; bob: A later, B first. OI: alice full then half, bob half.
    acmSubmissions.push(
      await submit('alice', acmCid, 'A', python.difference),
      await submit('alice', acmCid, 'A', python.sum),
      await submit('bob', acmCid, 'A', python.sum),
      await submit('bob', acmCid, 'B', python.sum),
    );
    const oiSubmissions = [await submit('alice', oiCid, 'A', python.sum)];
    // Recent takes every record of the newest second (reference §2.9): her half score must come a whole second
    // after the full one, which the server stamped before answering.
    const aliceFullAnsweredAt = Date.now();
    oiSubmissions.push(await submit('bob', oiCid, 'A', python.half));
    await waitForClockPast(aliceFullAnsweredAt + 1100);
    oiSubmissions.push(await submit('alice', oiCid, 'A', python.half));
    await waitForContestVerdicts(stack, root, acmCid, acmSubmissions);
    await waitForContestVerdicts(stack, root, oiCid, oiSubmissions);

    await logInPageThroughApi(stack, rootBrowser.page, 'root', stack.rootPassword);
    await logInPageThroughApi(stack, aliceBrowser.page, 'alice', 'secret1');
  });

  it('scores the OI board by the latest submission, then by the highest', async () => {
    onTestFailed(async () => void (await rootBrowser.screenshot('failed-contest-oi-board')));
    const { page } = rootBrowser;
    await page.goto(`/contest/${oiCid}/rank`);
    await boardRow(page, 'alice').getByTestId('cell-A').filter({ hasText: /^50$/ }).waitFor();
    expect(await page.getByTestId('oi-score-type').textContent()).toContain('latest');
    await screenshotAtBothWidths(rootBrowser, 'contest-oi-rank-recent');

    await changeContest(oiCid, { oiRankScoreType: 'Highest' });
    await page.reload();
    // Her full-score run counts now, with its time (timeInfo); bob's half score has no time.
    await boardRow(page, 'alice')
      .getByTestId('cell-A')
      .filter({ hasText: /^100\(\d+ ms\)$/ })
      .waitFor();
    expect(await boardRow(page, 'bob').getByTestId('cell-A').textContent()).toBe('50');
    expect(await boardOrder(page)).toEqual(['alice', 'bob']);
    expect(await page.getByTestId('oi-score-type').textContent()).toContain('highest');
    await screenshotAtBothWidths(rootBrowser, 'contest-oi-rank-highest');
  });

  it('hides OI verdicts from a contestant once the board is sealed: the overwrite question, then no verdict', async () => {
    onTestFailed(async () => void (await aliceBrowser.screenshot('failed-contest-oi-sealed-submit')));
    await changeContest(oiCid, { sealRank: true, sealRankTime: new Date(Date.now() - 1000).toISOString() });
    const { page } = aliceBrowser;
    await page.goto('/home');
    await page.evaluate(([key, draft]) => localStorage.setItem(key, draft), [
      `problemDraft:contest:${oiCid}:A`,
      JSON.stringify({ code: python.sum, language: 'Python3', theme: 'idea', fontSize: 14, tabSize: 4 }),
    ] as const);
    await page.goto(`/contest/${oiCid}/problem/A`);
    await page.getByText('You have submitted a solution').waitFor();
    await page.locator('.monaco-editor .view-lines').filter({ hasText: 'a + b' }).waitFor();
    await page.getByTestId('submit-code').click();
    const question = page.getByRole('dialog').filter({ hasText: 'Sure to cover it?' });
    await question.getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('submitted-hidden').waitFor();
    expect(await page.getByTestId('submit-status').getByTestId('submission-status').count()).toBe(0);
    expect(await page.getByTestId('problem-statement').getByRole('heading').first().textContent()).toBe(
      'A. Scored sum',
    );
    await screenshotAtBothWidths(aliceBrowser, 'contest-oi-problem-sealed');
  });

  it("shows root the first ACs in the AC helper and keeps a delivered balloon's checked flag", async () => {
    onTestFailed(async () => void (await rootBrowser.screenshot('failed-contest-ac-helper')));
    const { page } = rootBrowser;
    await page.goto(`/contest/${acmCid}/ac-info`);
    const rows = page.getByTestId('ac-helper-row');
    await rows.nth(2).waitFor();
    expect(await rows.count()).toBe(3);
    const aliceA = rows.filter({ hasText: 'alice' });
    expect(await aliceA.getByTestId('first-blood').count()).toBe(1);
    expect(await rows.filter({ hasText: 'bob' }).getByTestId('first-blood').count()).toBe(1);
    await screenshotAtBothWidths(rootBrowser, 'contest-ac-helper');

    await aliceA.getByTestId('ac-checked').click({ force: true });
    // Unchecked rows come first (reference §1.2.1): alice's row moves to the end, checked.
    await rows.last().filter({ hasText: 'alice' }).getByRole('switch', { checked: true }).waitFor();
    const reply = await stack.request<{ records: { username: string; checked: boolean }[] }>(
      `/api/get-contest-ac-info?cid=${acmCid}&currentPage=1&limit=20`,
      { token: root },
    );
    expect(reply.body.data.records.map((row) => [row.username, row.checked])).toEqual([
      ['bob', false],
      ['bob', false],
      ['alice', true],
    ]);
  });

  it('takes a print request from alice and lets root download it and mark it printed', async () => {
    onTestFailed(async () => {
      await aliceBrowser.screenshot('failed-contest-print');
      await rootBrowser.screenshot('failed-contest-print-queue');
    });
    const alice = aliceBrowser.page;
    await alice.goto(`/contest/${acmCid}/print`);
    // The unread-announcement check runs as the contest opens, and its notification renders Markdown.
    const announcement = alice.getByText('to your desk', { exact: true });
    await announcement.waitFor();
    await alice.getByTestId('print-content').fill('too short');
    await alice.getByTestId('print-submit').click();
    await alice.getByText('The number of content cannot be less than 50').waitFor();
    await alice.getByTestId('print-content').fill(printText);
    await screenshotAtBothWidths(aliceBrowser, 'contest-print');
    await alice.getByTestId('print-submit').click();
    await alice.getByText('Submit code successfully').waitFor();
    // A toast replaces the previous toast only: the announcement stays until it is closed.
    expect(await announcement.isVisible()).toBe(true);

    const { page } = rootBrowser;
    await page.goto(`/contest/${acmCid}/admin-print`);
    const row = page.getByTestId('print-row').filter({ hasText: 'alice' });
    await row.getByText('Not printed').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('print-download').click()]);
    expect(download.suggestedFilename()).toBe('alice_Contest_Print.txt');
    expect(await readFile((await download.path()) ?? '', 'utf8')).toBe(printText);
    await row.getByTestId('print-confirm').click();
    await row.getByText('Printed', { exact: true }).waitFor();
    expect(await row.getByTestId('print-confirm').count()).toBe(0);
    await screenshotAtBothWidths(rootBrowser, 'contest-admin-print');
  });

  it('lets root rejudge a contest problem from the rejudge tab', async () => {
    onTestFailed(async () => void (await rootBrowser.screenshot('failed-contest-rejudge')));
    const { page } = rootBrowser;
    await page.goto(`/contest/${acmCid}/rejudge`);
    await screenshotAtBothWidths(rootBrowser, 'contest-rejudge');
    await page.getByTestId('rejudge-row').filter({ hasText: 'Sum A' }).getByTestId('rejudge-problem').click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByText('Rejudge successfully').waitFor();
    // The three A submissions went back to the queue and come back with the same verdicts.
    await waitForContestVerdicts(stack, root, acmCid, acmSubmissions);
    const statuses = await stack.request<Record<string, { status: number }>>('/api/check-contest-submissions-status', {
      method: 'POST',
      token: root,
      body: { cid: acmCid, submitIds: acmSubmissions },
    });
    expect(acmSubmissions.map((id) => statuses.body.data[String(id)]?.status)).toEqual([-1, 0, 0, 0]);
  });

  it('pins a followed user on top of the outside scoreboard', async () => {
    onTestFailed(async () => void (await aliceBrowser.screenshot('failed-contest-outside-board')));
    const { page } = aliceBrowser;
    await page.goto(`/contest/acm-scoreboard/${acmCid}`);
    await boardRow(page, 'bob').waitFor();
    expect(await boardOrder(page)).toHaveLength(2);
    await boardRow(page, 'bob').getByTestId('concern').click();
    await expect.poll(() => boardOrder(page)).toEqual(['bob', 'alice', 'bob']);
    expect(await page.getByTestId('board-row').first().getAttribute('data-pinned')).toBe('true');
    await page.getByTestId('board-page-size').click();
    await page.getByRole('option', { name: '10 / page' }).click();
    await expect.poll(() => boardOrder(page)).toHaveLength(3);
    await screenshotAtBothWidths(aliceBrowser, 'contest-outside-board');
  });

  it('searches the rank page, lifts the seal for root with Force Update and charts the top 10', async () => {
    onTestFailed(async () => void (await rootBrowser.screenshot('failed-contest-rank')));
    const { page } = rootBrowser;
    await page.goto(`/contest/${acmCid}/rank`);
    // Sealed for root too until Force Update (reference §2.10): tries, no verdicts.
    await boardRow(page, 'alice').getByTestId('cell-A').filter({ hasText: '2 tries' }).waitFor();
    expect(await boardRow(page, 'alice').getByTestId('cell-A').getAttribute('data-kind')).toBe('sealed');
    await screenshotAtBothWidths(rootBrowser, 'contest-rank-sealed');
    await page.getByTestId('force-update').click({ force: true });
    await boardRow(page, 'alice').locator('[data-testid="cell-A"][data-kind="firstAc"]').waitFor();
    expect(await boardRow(page, 'bob').getByTestId('cell-B').getAttribute('data-kind')).toBe('firstAc');
    const chart = page.getByTestId('top-ten-chart');
    await chart.getByText('alice', { exact: true }).waitFor();
    expect(await chart.getByText('bob', { exact: true }).count()).toBe(1);
    await screenshotAtBothWidths(rootBrowser, 'contest-rank-live');

    await page.getByTestId('rank-search').fill('bo');
    await page.getByTestId('rank-search').press('Enter');
    await expect.poll(() => boardOrder(page)).toEqual(['bob']);
  });

  it('shows every other contest screen with data at desktop and phone widths', async () => {
    onTestFailed(async () => void (await aliceBrowser.screenshot('failed-contest-screens')));
    const { page } = aliceBrowser;
    // The bell's /api/msg/unread is not served yet (another area): only the contest calls must all succeed.
    const failedContestCalls: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400 && /\/api\/.*contest/.test(response.url())) failedContestCalls.push(response.url());
    });
    await page.goto('/contest');
    await page.getByTestId('contest-row').nth(1).waitFor();
    await screenshotAtBothWidths(aliceBrowser, 'contest-list-data');
    await page.goto(`/contest/${acmCid}`);
    await page.getByTestId('contest-title').waitFor();
    await screenshotAtBothWidths(aliceBrowser, 'contest-overview');
    await page.goto(`/contest/${acmCid}/problems`);
    // Sealed for alice: counts are hidden (reference §2.10).
    await page.getByTestId('contest-problem-ac').first().filter({ hasText: '?' }).waitFor();
    await screenshotAtBothWidths(aliceBrowser, 'contest-problems-sealed');
    await page.goto(`/contest/${acmCid}/submissions`);
    // A sealed ACM contestant sees her own rows only: bob's came after the seal (reference §2.10).
    await page.getByTestId('submission-row').nth(1).waitFor();
    expect(await page.getByTestId('submission-row').count()).toBe(2);
    await screenshotAtBothWidths(aliceBrowser, 'contest-submissions');
    await page.goto(`/contest/${acmCid}/announcements`);
    await page.getByText('Balloons', { exact: true }).first().waitFor();
    await screenshotAtBothWidths(aliceBrowser, 'contest-announcements');
    await page.goto(`/contest/oi-scoreboard/${oiCid}`);
    await page.getByTestId('oi-board').getByTestId('board-row').first().waitFor();
    await screenshotAtBothWidths(aliceBrowser, 'contest-oi-outside-board');
    // The default language: every label of the shell and the board has its zh-CN text.
    await page.goto(`/contest/${acmCid}/rank?l=zh-CN`);
    await page.getByTestId('acm-board').waitFor();
    await screenshotAtBothWidths(aliceBrowser, 'contest-rank-zh');
    expect(failedContestCalls).toEqual([]);
    expect(aliceBrowser.errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
  });

  it('counts a solve after the end only with the include-after-contest switch, and lists the contest as ended', async () => {
    onTestFailed(async () => void (await rootBrowser.screenshot('failed-contest-after-end')));
    const current = await stack.request<{ startTime: string }>(`/api/admin/contest?cid=${acmCid}`, { token: root });
    const endMs = Date.now();
    await changeContest(acmCid, {
      endTime: new Date(endMs).toISOString(),
      duration: Math.floor((endMs - new Date(current.body.data.startTime).getTime()) / 1000),
      allowEndSubmit: true,
    });
    await waitForContestVerdicts(stack, root, acmCid, [await submit('alice', acmCid, 'B', python.sum)]);
    const { page } = rootBrowser;
    await page.goto(`/contest/${acmCid}/rank`);
    const lateCell = boardRow(page, 'alice').getByTestId('cell-B');
    await boardRow(page, 'alice').waitFor();
    expect(await lateCell.getAttribute('data-kind')).toBe('empty');
    await page.getByTestId('contains-end').click({ force: true });
    await boardRow(page, 'alice').locator('[data-testid="cell-B"][data-kind="afterContestAc"]').waitFor();
    await screenshotAtBothWidths(rootBrowser, 'contest-rank-after-end');

    await page.goto('/contest?status=1');
    await page.getByTestId('contest-row').first().waitFor();
    expect(await page.getByTestId('contest-link').allTextContents()).toEqual(['Tools Round']);
    expect(await page.getByTestId('contest-row').getByTestId('contest-status').first().textContent()).toBe('Ended');
  });
});
