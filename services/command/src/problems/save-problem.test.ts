import { describe, expect, it } from 'vitest';
import { aProblemCreated, aProblemDefinition, aProblemDeleted, aProblemTestCase } from '@oj/events/testing';
import type { ProblemDefinition } from '@oj/events';
import type { LocalizedText } from '@oj/platform';
import { fold } from '../handling/decider';
import { given } from '../handling/testing/given-when-then';
import { problemModel } from './problem.state';
import { problemMessages } from './problems.rejections';
import { changeProblemVisibility, createProblem, deleteProblem, editProblem } from './save-problem';
import type { ProblemDraft } from './validate-problem';

const createdAt = '2026-03-01T00:00:00.000Z';
const editedAt = '2026-03-02T00:00:00.000Z';

function draftOf(definition: ProblemDefinition, changes: Partial<ProblemDraft> = {}): ProblemDraft {
  const { testDataVersion: _version, ioScore: _score, fileIo, ...rest } = definition;
  return {
    ...rest,
    type: definition.type === 'ACM' ? 0 : 1,
    isFileIo: fileIo !== null,
    ioReadFileName: fileIo?.inputFileName ?? '',
    ioWriteFileName: fileIo?.outputFileName ?? '',
    ...changes,
  };
}

const base = aProblemDefinition({ displayId: 'P1' });
const create = (changes: Partial<ProblemDraft>) =>
  createProblem({
    problemId: 1000,
    draft: draftOf(base, changes),
    createdBy: 'root',
    creatorId: 'root-uid',
    createdAt,
  });

describe('createProblem', () => {
  it('records the definition with an upper-cased display id and the save time as test-data version', () => {
    given(problemModel)
      .when(create({ displayId: ' p1 ' }))
      .then([
        {
          type: 'ProblemCreated',
          data: {
            problemId: 1000,
            definition: { ...base, displayId: 'P1', testDataVersion: String(Date.parse(createdAt)) },
            createdBy: 'root',
            creatorId: 'root-uid',
            createdAt,
          },
        },
      ]);
  });

  it.each([
    [{ displayId: ' ' }, problemMessages.displayIdBlank],
    [{ type: 2 }, problemMessages.typeInvalid],
    [{ auth: 0 }, problemMessages.authInvalid],
    [{ judgeMode: 'remote' }, problemMessages.judgeModeInvalid],
    [{ judgeCaseMode: 'subtask_lowest' }, problemMessages.acmCaseModeInvalid],
    [{ type: 1, judgeCaseMode: 'ergodic_without_error' }, problemMessages.oiCaseModeInvalid],
    [{ timeLimitMs: 0 }, problemMessages.timeLimitInvalid],
    [{ memoryLimitMib: -1 }, problemMessages.memoryLimitInvalid],
    [{ stackLimitMib: 0 }, problemMessages.stackLimitInvalid],
    [{ displayId: 'x'.repeat(51) }, problemMessages.displayIdTooLong],
    [{ title: '' }, problemMessages.titleRequired],
    [{ hint: 'x'.repeat(65536) }, problemMessages.textTooLong],
    [{ testCases: [] }, problemMessages.testCasesRequired],
    [{ type: 1, testCases: [aProblemTestCase({ score: -1 })] }, problemMessages.caseScoreInvalid],
    [{ isFileIo: true, ioReadFileName: 'in.txt' }, problemMessages.fileIoNamesRequired],
    [{ judgeMode: 'spj', judgeProgram: null }, problemMessages.judgeProgramRequired],
    [{ languages: [] }, problemMessages.languagesRequired],
    [{ codeTemplates: [{ language: 'C', code: ' ', enabled: true }] }, problemMessages.codeTemplateEmpty],
  ] satisfies [Partial<ProblemDraft>, LocalizedText][])('rejects %o', (changes, message) => {
    given(problemModel).when(create(changes)).thenRejects(400, message);
  });

  it('rejects a problem id whose stream already holds a problem', () => {
    given(problemModel, aProblemCreated({ problemId: 1000 }))
      .when(create({}))
      .thenRejects(400, problemMessages.displayIdExists);
  });

  it('sums the OI case scores into ioScore and keeps subtask groups', () => {
    const testCases = [aProblemTestCase({ score: 30, groupNum: 1 }), aProblemTestCase({ score: 70, groupNum: 2 })];
    const [event] = create({ type: 1, judgeCaseMode: 'subtask_lowest', testCases })(problemModel.initialState);
    expect(event?.type === 'ProblemCreated' && event.data.definition).toMatchObject({
      ioScore: 100,
      testCases: [
        { caseId: 1, groupNum: 1 },
        { caseId: 2, groupNum: 2 },
      ],
    });
  });
});

describe('createProblem inside a contest', () => {
  const inContest = (contestType: 'ACM' | 'OI', changes: Partial<ProblemDraft> = {}) =>
    createProblem({
      problemId: 1000,
      draft: draftOf(base, changes),
      placement: { contestType, forcesContestAuth: true },
      createdBy: 'root',
      creatorId: 'root-uid',
      createdAt,
    });

  it('records auth 3 and the contest type whatever the editor sent', () => {
    const testCases = [aProblemTestCase({ score: 100 })];
    const [event] = inContest('OI', { auth: 1, type: 0, testCases })(problemModel.initialState);
    expect(event?.type === 'ProblemCreated' && event.data.definition).toMatchObject({
      auth: 3,
      type: 'OI',
      ioScore: 100,
    });
  });

  it('validates the forced values like the bank: an ACM case mode in an OI contest is refused', () => {
    given(problemModel)
      .when(inContest('OI', { judgeCaseMode: 'ergodic_without_error' }))
      .thenRejects(400, problemMessages.oiCaseModeInvalid);
    given(problemModel)
      .when(inContest('ACM', { title: ' ' }))
      .thenRejects(400, problemMessages.titleRequired);
  });
});

describe('editProblem', () => {
  const history = [aProblemCreated({ problemId: 1000, definition: base })];
  const edit = (changes: Partial<ProblemDraft>) =>
    editProblem({
      problemId: 1000,
      draft: draftOf(base, changes),
      editedBy: 'admin',
      editedAt,
    });

  it('keeps the test-data version when only the statement changed', () => {
    const [event] = edit({ title: 'New title' })(fold(problemModel, history));
    expect(event?.type === 'ProblemEdited' && event.data.definition.testDataVersion).toBe(base.testDataVersion);
  });

  it('moves the test-data version when the cases changed', () => {
    const [event] = edit({ testCases: [aProblemTestCase({ outputSha256: 'f'.repeat(64) })] })(
      fold(problemModel, history),
    );
    expect(event?.type === 'ProblemEdited' && event.data.definition.testDataVersion).toBe(String(Date.parse(editedAt)));
  });

  it('keeps the auth sent and takes the contest type when edited from a contest', () => {
    const [event] = editProblem({
      problemId: 1000,
      draft: draftOf(base, { auth: 2, type: 1, testCases: [aProblemTestCase({ score: 100 })] }),
      placement: { contestType: 'ACM', forcesContestAuth: false },
      editedBy: 'admin',
      editedAt,
    })(fold(problemModel, history));
    expect(event?.type === 'ProblemEdited' && event.data.definition).toMatchObject({ auth: 2, type: 'ACM' });
  });

  it('rejects editing a deleted problem', () => {
    given(problemModel, ...history, aProblemDeleted({ problemId: 1000 }))
      .when(edit({}))
      .thenRejects(400, problemMessages.editFailed);
  });
});

describe('changeProblemVisibility and deleteProblem', () => {
  const history = [aProblemCreated({ problemId: 1000, definition: { ...base, auth: 2 }, creatorId: 'admin-uid' })];
  const change = (auth: number, managesEveryProblem: boolean, userId = 'admin-uid') =>
    changeProblemVisibility({
      problemId: 1000,
      auth,
      actor: { userId, username: 'admin', managesEveryProblem },
      changedAt: editedAt,
    });

  it('F10: refuses an admin who did not create the problem, even to hide it', () => {
    given(problemModel, aProblemCreated({ problemId: 1000, definition: { ...base, auth: 1 }, creatorId: 'root-uid' }))
      .when(change(2, false))
      .thenRejects(403, problemMessages.noEditPermission);
  });

  it('F14: refuses an admin whose username is the author text but who did not create the problem', () => {
    const authoredByAdmin = { ...base, auth: 1 as const, author: 'admin' };
    given(problemModel, aProblemCreated({ problemId: 1000, definition: authoredByAdmin, creatorId: 'root-uid' }))
      .when(change(3, false))
      .thenRejects(403, problemMessages.noEditPermission);
  });

  it('lets an admin hide their own problem', () => {
    given(problemModel, aProblemCreated({ problemId: 1000, definition: { ...base, auth: 1 }, creatorId: 'admin-uid' }))
      .when(change(2, false))
      .then([
        {
          type: 'ProblemVisibilityChanged',
          data: { problemId: 1000, auth: 2, changedBy: 'admin', changedAt: editedAt },
        },
      ]);
  });

  it('refuses publishing to a plain admin', () => {
    given(problemModel, ...history)
      .when(change(1, false))
      .thenRejects(403, problemMessages.noPublishPermission);
  });

  it('publishes for a problem admin, and changes nothing when already so', () => {
    given(problemModel, ...history)
      .when(change(1, true))
      .then([
        {
          type: 'ProblemVisibilityChanged',
          data: { problemId: 1000, auth: 1, changedBy: 'admin', changedAt: editedAt },
        },
      ]);
    given(problemModel, ...history)
      .when(change(2, false))
      .then([]);
  });

  it('deletes once', () => {
    const remove = deleteProblem({ problemId: 1000, deletedBy: 'root', deletedAt: editedAt });
    given(problemModel, ...history)
      .when(remove)
      .then([{ type: 'ProblemDeleted', data: { problemId: 1000, deletedBy: 'root', deletedAt: editedAt } }]);
    given(problemModel, ...history, aProblemDeleted())
      .when(remove)
      .thenRejects(400, problemMessages.deleteFailed);
  });
});
