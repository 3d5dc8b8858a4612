import { describe, expect, it } from 'vitest';
import { aProblemDefinition } from '@oj/events/testing';
import { ProblemDefinition } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import { problemMessages } from './problems.rejections';
import { validateProblem, type ProblemDraft } from './validate-problem';

const extraFile = { content: 'int x;', sha256: 'a'.repeat(64) };

function draft(changes: Partial<ProblemDraft> = {}): ProblemDraft {
  const { testDataVersion: _version, ioScore: _score, fileIo: _fileIo, ...rest } = aProblemDefinition();
  return {
    ...rest,
    type: 0,
    isFileIo: true,
    ioReadFileName: 'in.txt',
    ioWriteFileName: 'out.txt',
    ...changes,
  };
}

function rejectionOf(changes: Partial<ProblemDraft>): CommandRejected {
  try {
    validateProblem(draft(changes));
  } catch (error) {
    if (error instanceof CommandRejected) return error;
    throw error;
  }
  throw new Error('validateProblem accepted the draft');
}

const hostileNames = [
  '../../secret',
  '/etc/passwd',
  'a/b',
  'a\\b',
  '.',
  '..',
  '.hidden',
  '-rf',
  'a\u0000b',
  'x'.repeat(129),
];

describe('validateProblem', () => {
  it.each(hostileNames)('F3: refuses the file-IO output name %j', (name) => {
    const rejected = rejectionOf({ ioWriteFileName: name });
    expect(rejected.status).toBe(400);
    expect(rejected.text).toEqual(problemMessages.fileNameInvalid);
  });

  it('F3: refuses a path as the file-IO input name', () => {
    expect(rejectionOf({ ioReadFileName: '../../../secrets/jwt-secret' }).text).toEqual(
      problemMessages.fileNameInvalid,
    );
  });

  it.each(['userExtraFiles', 'judgeExtraFiles'] as const)('F3: refuses an extra file named with a path (%s)', (key) => {
    expect(rejectionOf({ [key]: { '../testlib.h': extraFile } }).text).toEqual(problemMessages.fileNameInvalid);
  });

  it('F3: ignores the file-IO names when the problem does not use file IO', () => {
    const definition = validateProblem(draft({ isFileIo: false, ioWriteFileName: '../x' }));
    expect(definition.fileIo).toBeNull();
  });

  it('accepts plain names, and what it returns fits the catalogue', () => {
    const definition = validateProblem(
      draft({ ioReadFileName: ' data.in ', ioWriteFileName: 'data.out', userExtraFiles: { 'my_lib+2.h': extraFile } }),
    );
    expect(definition.fileIo).toEqual({ inputFileName: 'data.in', outputFileName: 'data.out' });
    expect(ProblemDefinition.safeParse({ ...definition, testDataVersion: '1' }).success).toBe(true);
  });

  it('F5: refuses numbers the catalogue cannot hold (fractional limits and group numbers, difficulty 3)', () => {
    expect(rejectionOf({ timeLimitMs: 1.5 }).text).toBe(problemMessages.limitsNotWhole);
    expect(rejectionOf({ memoryLimitMib: 256.25 }).text).toBe(problemMessages.limitsNotWhole);
    expect(rejectionOf({ difficulty: 3 }).text).toBe(problemMessages.difficultyInvalid);
    expect(rejectionOf({ difficulty: 0.5 }).text).toBe(problemMessages.difficultyInvalid);
    const fractionalGroup = draft().testCases.map((testCase) => ({ ...testCase, score: 10, groupNum: 1.5 }));
    const subtasks = { type: 1, judgeCaseMode: 'subtask_lowest', testCases: fractionalGroup };
    expect(rejectionOf(subtasks).text).toBe(problemMessages.groupNumNotWhole);
  });
});
