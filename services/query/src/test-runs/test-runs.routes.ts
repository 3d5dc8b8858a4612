import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { testJudgeKeyQuery, testJudgeResultReply } from '@oj/contracts';
import { hojStatusCodes, testRunLifetimeMs, type SubmissionStatus } from '@oj/events';
import type { Database } from '@oj/read-models';
import {
  ApiError,
  hojReply,
  principalOf,
  success,
  type Clock,
  type LocalizedText,
  type ZodRequests,
} from '@oj/platform';

const missing: LocalizedText = {
  'zh-CN': '查询错误！当前在线调试任务不存在！',
  'en-US': 'Query error! This test run does not exist!',
};

/** GET /api/get-test-judge-result (judging.md §8). */
export function testRunsRoutes(server: FastifyInstance, db: Kysely<Database>, clock: Clock): void {
  const app = server.withTypeProvider<ZodRequests>();
  app.get(
    '/get-test-judge-result',
    { config: { access: 'login' }, ...hojReply(testJudgeResultReply, { query: testJudgeKeyQuery }) },
    async (request) => {
      const principal = principalOf(request);
      const { testJudgeKey } = request.query;
      const row = await db
        .selectFrom('test_runs')
        .selectAll()
        .where('test_run_key', '=', testJudgeKey)
        .executeTakeFirst();
      // HOJ lets anyone holding the key read it [quirk, api-core §9.11]; a run's code and output stay its owner's.
      if (!row || row.user_id !== principal.userId) throw new ApiError(400, missing);
      // The projection deletes expired rows only when a later run comes; until then the lifetime is checked here.
      const age = clock.now().getTime() - (row.judged_at ?? row.requested_at).getTime();
      const lifetime = row.judged_at ? testRunLifetimeMs.finished : testRunLifetimeMs.pending;
      if (age > lifetime) throw new ApiError(400, missing);
      if (row.status === 'Pending') {
        return success({
          status: hojStatusCodes.Pending,
          time: null,
          memory: null,
          userInput: null,
          userOutput: null,
          expectedOutput: null,
          stderr: null,
          problemJudgeMode: null,
        });
      }
      return success({
        status: hojStatusCodes[row.status as SubmissionStatus] ?? hojStatusCodes.SE,
        time: row.time_ms,
        memory: row.memory_kib,
        userInput: row.user_input,
        userOutput: row.user_output,
        expectedOutput: row.expected_output,
        stderr: row.stderr,
        problemJudgeMode: row.problem_judge_mode,
      });
    },
  );
}
