import type { JudgeSettings, ProblemDefinition } from '@oj/events';

const hashesOf = (files: ProblemDefinition['userExtraFiles']): Record<string, string> =>
  Object.fromEntries(Object.entries(files).map(([name, file]) => [name, file.sha256]));

/**
 * The snapshot a submission copies into SubmissionCreated (events/src/catalogue/submission.ts); null while
 * the problem has no test case, since a judge could not judge it.
 */
export function judgeSettingsOf(definition: ProblemDefinition): JudgeSettings | null {
  if (definition.testCases.length === 0) return null;
  return {
    problemType: definition.type,
    judgeMode: definition.judgeMode,
    judgeCaseMode: definition.judgeCaseMode,
    timeLimitMs: definition.timeLimitMs,
    memoryLimitMib: definition.memoryLimitMib,
    stackLimitMib: definition.stackLimitMib,
    isRemoveEndBlank: definition.isRemoveEndBlank,
    ioScore: definition.ioScore,
    difficulty: definition.difficulty,
    testDataVersion: definition.testDataVersion,
    testCases: definition.testCases.map((testCase) => ({
      caseId: testCase.caseId,
      inputName: testCase.inputName,
      outputName: testCase.outputName,
      inputSha256: testCase.inputSha256,
      outputSha256: testCase.outputSha256,
      score: definition.type === 'OI' ? testCase.score : 0,
      groupNum: testCase.groupNum,
    })),
    judgeProgram:
      definition.judgeMode === 'default' || !definition.judgeProgram
        ? null
        : { language: definition.judgeProgram.language, sourceSha256: definition.judgeProgram.sha256 },
    fileIo: definition.judgeMode === 'interactive' ? null : definition.fileIo,
    userExtraFiles: hashesOf(definition.userExtraFiles),
    judgeExtraFiles: hashesOf(definition.judgeExtraFiles),
  };
}
