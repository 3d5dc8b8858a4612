import { z } from 'zod';
import { testJudgeKeyReply, testJudgeResultReply } from '@oj/contracts';
import { apiGet, apiPost } from '@/lib/api-client';
import { tolerantOf } from '@/lib/tolerant-reply';

export type TestJudgeRequest = {
  pid: string;
  language: string;
  code: string;
  userInput: string;
  expectedOutput: string | null;
};

/** POST /api/submit-problem-test-judge (api-core §4): returns the key to poll. */
export const submitProblemTestJudge = (request: TestJudgeRequest) =>
  apiPost(
    '/submit-problem-test-judge',
    { ...request, pid: Number(request.pid), type: 'public', mode: null, isRemoteJudge: false },
    testJudgeKeyReply,
  );

const resultSchema = tolerantOf(testJudgeResultReply, ['status']);
export type TestJudgeResult = z.infer<typeof resultSchema>;

/** GET /api/get-test-judge-result (api-core §4): {status: 5} while pending; one-shot once finished. */
export const getTestJudgeResult = (testJudgeKey: string) =>
  apiGet('/get-test-judge-result', resultSchema, { query: { testJudgeKey } });
