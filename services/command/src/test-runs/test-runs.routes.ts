import type { FastifyInstance } from 'fastify';
import { testRunStream } from '@oj/events';
import { hojReply, principalOf, success, type JudgeReport, type ZodRequests } from '@oj/platform';
import type { CommandContext } from '../command-context';
import { CommandRejected } from '../handling/command-rejected';
import { runCommand } from '../handling/run-command';
import { problemForSubmissionReader, readJudgeSwitches } from '../submissions/submission-reads/submission-facts';
import { contestsLinkingProblem } from '../submissions/submission-reads/contest-submission-facts';
import { checkCode, isProblemAdminRole } from '../submissions/submit-code';
import { claimSubmitWindow } from '../submissions/submit-interval-lock';
import { requestTestRun, testRunModel } from './request-test-run';
import { submitTestJudgeBody, testJudgeKeyReply } from '@oj/contracts';
import { testRunMessages } from './test-runs.rejections';

export interface TestRunsDependencies extends CommandContext {
  /** As SubmissionsDependencies.liveJudges. */
  readonly liveJudges?: () => Promise<readonly JudgeReport[]>;
}

const maxInputChars = 1000;
const submitter = { config: { access: 'login', permission: 'submit' } } as const;

/** POST /api/submit-problem-test-judge: checks in HOJ's order (api-core §4), then a test-run-<key> stream. */
export function testRunsRoutes(server: FastifyInstance, dependencies: TestRunsDependencies): void {
  const app = server.withTypeProvider<ZodRequests>();
  const problems = problemForSubmissionReader(dependencies.db);
  const route = { ...submitter, ...hojReply(testJudgeKeyReply, { body: submitTestJudgeBody }) };
  app.post('/submit-problem-test-judge', route, async (request) => {
    const principal = principalOf(request);
    const { body } = request;
    const switches = await readJudgeSwitches(dependencies.db);
    // HOJ answers an absent type with HTTP 500; we give the unknown-type message.
    if (body.type !== 'public' && body.type !== 'contest' && body.type !== 'group') {
      throw new CommandRejected(400, testRunMessages.typeWrong);
    }
    const isOpen = {
      public: switches.openPublicJudge,
      contest: switches.openContestJudge,
      group: switches.openGroupJudge,
    };
    if (!isOpen[body.type]) {
      const closed = { public: 'publicJudgeClosed', contest: 'contestJudgeClosed', group: 'groupJudgeClosed' } as const;
      throw new CommandRejected(403, testRunMessages[closed[body.type]]);
    }
    const code = body.code ?? '';
    const language = body.language ?? '';
    const input = body.userInput ?? '';
    if (!code.trim()) throw new CommandRejected(400, testRunMessages.codeEmpty);
    if (!language.trim()) throw new CommandRejected(400, testRunMessages.languageEmpty);
    if (!input) throw new CommandRejected(400, testRunMessages.inputEmpty);
    if (input.length > maxInputChars) throw new CommandRejected(400, testRunMessages.inputTooLong);
    if (body.pid == null) throw new CommandRejected(400, testRunMessages.problemRequired);
    checkCode(language, code, (await dependencies.liveJudges?.()) ?? []);
    await claimSubmitWindow(dependencies.ephemeral, {
      key: `test_judge_lock:${principal.userId}`,
      intervalSeconds: switches.defaultSubmitIntervalSeconds,
      rejection: testRunMessages.tooFast,
    });
    const testRunKey = `TEST_JUDGE_${dependencies.newId().replaceAll('-', '')}`;
    const problem = await problems.byId(body.pid);
    const linkedContests =
      problem?.auth === 3 ? await contestsLinkingProblem(dependencies.db, problem.problemId, principal.userId) : [];
    await runCommand(
      dependencies,
      request,
      testRunStream(testRunKey),
      testRunModel,
      requestTestRun({
        testRunKey,
        userId: principal.userId,
        username: principal.username,
        isRoot: principal.role === 'root',
        problem,
        isProblemAdmin: isProblemAdminRole(principal.role),
        linkedContests,
        language,
        code,
        input,
        expectedOutput: body.expectedOutput ?? null,
        requestedAt: dependencies.clock.now().toISOString(),
      }),
    );
    return success(testRunKey);
  });
}
