import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, onTestFailed, vi } from 'vitest';
import { useStackAndBrowser } from '../support/browser-stack';
import {
  aPlusBProblemBody,
  logInPageThroughApi,
  logInThroughApi,
  registerAndLogIn,
  screenshotAtBothWidths,
} from '../support/journeys';

/**
 * Issue 11 items 2 and 3 in the browser: an interactive problem (the judge's golden guess-number interactor), a
 * program that asks an out-of-range guess and then spins, and its submitter reading on the detail page both the
 * interactor's message and what happened in which order.
 */

const guessNumber = path.resolve(import.meta.dirname, '../../services/judge/fixtures/problems/guess-number');
const timeLimitExceeded = 1;
const judgeTimeoutMs = 120_000;

describe('case messages on the submission detail page', () => {
  const { stack, browser } = useStackAndBrowser({ stack: { judgeWorkers: 1, env: { DEMO: '0' } } });

  it('issue 11 items 2 and 3: the submitter reads the interactor message and that it rejected the guess before the program ran out of time', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await browser.screenshot('failed-case-messages');
    });
    const rootToken = await logInThroughApi(stack, 'root', stack.rootPassword);
    const body = aPlusBProblemBody({ problemId: 'GUESS', title: 'Guess the number', languages: ['C'] });
    const created = await stack.request('/api/admin/problem', {
      method: 'POST',
      token: rootToken,
      body: {
        ...body,
        problem: {
          ...body.problem,
          judgeMode: 'interactive',
          spjLanguage: 'C++',
          spjCode: await readFile(path.join(guessNumber, 'interactor.cpp'), 'utf8'),
        },
        samples: [{ input: '1000000 777777\n', output: '777777\n' }],
        judgeMode: 'interactive',
      },
    });
    expect(created.body.status, JSON.stringify(created.body)).toBe(200);

    const user = { username: `grace${Date.now() % 100000}`, password: 'secret-pass' };
    const token = await registerAndLogIn(stack, { ...user, email: `${user.username}@example.com` });
    const code = await readFile(path.join(guessNumber, 'submissions/tle-after-out-of-range.c'), 'utf8');
    const submitted = await stack.request<{ submitId: number }>('/api/submit-problem-judge', {
      method: 'POST',
      token,
      body: { pid: 'GUESS', language: 'C', code, cid: 0, isRemote: false },
    });
    expect(submitted.body.status, JSON.stringify(submitted.body)).toBe(200);
    const submitId = submitted.body.data.submitId;
    await vi.waitFor(
      async () => {
        const reply = await stack.request<Record<string, { status: number }>>('/api/check-submissions-status', {
          method: 'POST',
          body: { submitIds: [submitId], cid: 0 },
        });
        expect(reply.body.data[String(submitId)]?.status).toBe(timeLimitExceeded);
      },
      { timeout: judgeTimeoutMs, interval: 500 },
    );

    await logInPageThroughApi(stack, page, user.username, user.password);
    await page.goto(`/submission-detail/${submitId}`);
    const note = page.getByTestId('case-note');
    await note.first().waitFor();
    expect(await note.getByTestId('interaction-story').textContent()).toBe(
      'The interactor rejected the answer at test #1, then the program ran out of time.',
    );
    expect(await note.getByTestId('case-message').textContent()).toBe('Interactor (WA): Guess 1 is out of range: -1');
    await screenshotAtBothWidths(browser, 'submission-detail-case-messages');
  });
});
