import type { ProblemDefinition, ProblemEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import { placeInContest, type ContestPlacement } from './contest-placement';
import { isCreator, isLive, type ProblemState } from './problem.state';
import { problemMessages } from './problems.rejections';
import { validateProblem, type ProblemDraft } from './validate-problem';

/** HOJ's caseVersion is the epoch milliseconds of the save that changed what the judge runs (judging.md §7.2). */
const versionAt = (at: string) => String(Date.parse(at));

/** What the judge runs: a change here invalidates compiled checkers and cached data, so the version moves. */
function judgedPart(definition: Omit<ProblemDefinition, 'testDataVersion'>) {
  return JSON.stringify([
    definition.judgeMode,
    definition.judgeCaseMode,
    definition.judgeProgram,
    definition.judgeExtraFiles,
    definition.testCases.map((testCase) => [
      testCase.inputSha256,
      testCase.outputSha256,
      testCase.score,
      testCase.groupNum,
    ]),
  ]);
}

/**
 * POST /api/admin/problem, and POST /api/admin/contest/problem with a contest placement (auth 3, the contest's
 * type). The display id is claimed before (claim-problem-id.ts), so uniqueness is not decided here.
 */
export const createProblem =
  (command: {
    readonly problemId: number;
    readonly draft: ProblemDraft;
    readonly placement?: ContestPlacement;
    readonly createdBy: string;
    /** The caller's uid (null for the demo seed): the problem's owner, whatever `author` the body names. */
    readonly creatorId: string | null;
    readonly createdAt: string;
  }) =>
  (state: ProblemState): ProblemEvent[] => {
    const validated = validateProblem(placeInContest(command.draft, command.placement));
    if (state.exists) throw new CommandRejected(400, problemMessages.displayIdExists);
    const definition = { ...validated, testDataVersion: versionAt(command.createdAt) };
    const { problemId, createdBy, creatorId, createdAt } = command;
    return [{ type: 'ProblemCreated', data: { problemId, definition, createdBy, creatorId, createdAt } }];
  };

/**
 * PUT /api/admin/problem, and PUT /api/admin/contest/problem (with a placement when the body names the
 * contest). A new display id is claimed before (claim-problem-id.ts).
 */
export const editProblem =
  (command: {
    readonly problemId: number;
    readonly draft: ProblemDraft;
    readonly placement?: ContestPlacement;
    readonly editedBy: string;
    readonly editedAt: string;
  }) =>
  (state: ProblemState): ProblemEvent[] => {
    if (!isLive(state)) throw new CommandRejected(400, problemMessages.editFailed);
    const validated = validateProblem(placeInContest(command.draft, command.placement));
    const unchanged = judgedPart(validated) === judgedPart(state.definition);
    const testDataVersion = unchanged ? state.definition.testDataVersion : versionAt(command.editedAt);
    const definition = { ...validated, testDataVersion };
    const { problemId, editedBy, editedAt } = command;
    return [{ type: 'ProblemEdited', data: { problemId, definition, editedBy, editedAt } }];
  };

/** Who calls a problem admin command: root and problem admins manage every problem, a plain admin its own. */
export interface ProblemActor {
  readonly userId: string;
  readonly username: string;
  readonly managesEveryProblem: boolean;
}

/**
 * PUT /api/admin/problem/change-problem-auth: a plain admin may hide their own problem but not publish one.
 * HOJ lets an admin hide any problem, a running contest's included (issue 10, F10); we check the creator's uid.
 */
export const changeProblemVisibility =
  (command: {
    readonly problemId: number;
    readonly auth: number;
    readonly actor: ProblemActor;
    readonly changedAt: string;
  }) =>
  (state: ProblemState): ProblemEvent[] => {
    if (!isLive(state)) throw new CommandRejected(400, problemMessages.editFailed);
    const { actor } = command;
    if (!actor.managesEveryProblem && !isCreator(state, actor.userId))
      throw new CommandRejected(403, problemMessages.noEditPermission);
    if (command.auth !== 1 && command.auth !== 2 && command.auth !== 3)
      throw new CommandRejected(400, problemMessages.authInvalid);
    if (command.auth === 1 && !actor.managesEveryProblem)
      throw new CommandRejected(403, problemMessages.noPublishPermission);
    if (state.definition.auth === command.auth) return [];
    const { problemId, auth, changedAt } = command;
    return [{ type: 'ProblemVisibilityChanged', data: { problemId, auth, changedBy: actor.username, changedAt } }];
  };

export const deleteProblem =
  (command: { readonly problemId: number; readonly deletedBy: string; readonly deletedAt: string }) =>
  (state: ProblemState): ProblemEvent[] => {
    if (!isLive(state)) throw new CommandRejected(400, problemMessages.deleteFailed);
    return [{ type: 'ProblemDeleted', data: { ...command } }];
  };
