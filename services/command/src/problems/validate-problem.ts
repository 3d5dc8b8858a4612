import { plainFileName, type ProblemDefinition, type ProblemTestCase } from '@oj/events';
import { findOfferedLanguage, type LocalizedText, type TextParameters } from '@oj/platform';
import { CommandRejected } from '../handling/command-rejected';
import { ioScoreOf } from './problem-io-score';
import { problemMessages } from './problems.rejections';

/**
 * The problem as the editor sent it, after the route resolved what needs IO (blob hashes, uploaded cases,
 * tag ids) but before any rule was checked: enums are still HOJ's raw numbers and strings.
 */
export interface ProblemDraft extends Omit<
  ProblemDefinition,
  'type' | 'auth' | 'judgeMode' | 'judgeCaseMode' | 'fileIo' | 'ioScore' | 'testDataVersion'
> {
  readonly type: number;
  readonly auth: number;
  readonly judgeMode: string;
  readonly judgeCaseMode: string;
  readonly isFileIo: boolean;
  readonly ioReadFileName: string;
  readonly ioWriteFileName: string;
}

const maxText = 65535;
const reject = (text: LocalizedText, parameters: TextParameters = {}): never => {
  throw new CommandRejected(400, text, parameters);
};

function checkSettings(draft: ProblemDraft): Pick<ProblemDefinition, 'type' | 'auth' | 'judgeMode' | 'judgeCaseMode'> {
  if (draft.displayId.trim() === '') reject(problemMessages.displayIdBlank);
  if (draft.type !== 0 && draft.type !== 1) reject(problemMessages.typeInvalid);
  if (draft.auth !== 1 && draft.auth !== 2 && draft.auth !== 3) reject(problemMessages.authInvalid);
  const judgeMode = draft.judgeMode;
  if (judgeMode !== 'default' && judgeMode !== 'spj' && judgeMode !== 'interactive')
    reject(problemMessages.judgeModeInvalid);
  const type = draft.type === 0 ? 'ACM' : 'OI';
  // Admin §4.4: an unknown case-mode string counts as default; a known one must fit the problem type.
  const known = ['default', 'subtask_lowest', 'subtask_average', 'ergodic_without_error'] as const;
  const judgeCaseMode = known.find((mode) => mode === draft.judgeCaseMode) ?? 'default';
  if (type === 'ACM' && judgeCaseMode.startsWith('subtask')) reject(problemMessages.acmCaseModeInvalid);
  if (type === 'OI' && judgeCaseMode === 'ergodic_without_error') reject(problemMessages.oiCaseModeInvalid);
  if (!(draft.timeLimitMs > 0)) reject(problemMessages.timeLimitInvalid);
  if (!(draft.memoryLimitMib > 0)) reject(problemMessages.memoryLimitInvalid);
  if (!(draft.stackLimitMib > 0)) reject(problemMessages.stackLimitInvalid);
  // Not HOJ's checks (its Integer fields truncate 1.5 silently): the catalogue holds whole numbers only (F5).
  if (![draft.timeLimitMs, draft.memoryLimitMib, draft.stackLimitMib].every(Number.isInteger))
    reject(problemMessages.limitsNotWhole);
  if (![0, 1, 2].includes(draft.difficulty)) reject(problemMessages.difficultyInvalid);
  return { type, auth: draft.auth as 1 | 2 | 3, judgeMode: judgeMode as ProblemDefinition['judgeMode'], judgeCaseMode };
}

function checkTexts(draft: ProblemDraft): void {
  if (draft.displayId.trim().length > 50) reject(problemMessages.displayIdTooLong);
  if (draft.title.trim() === '') reject(problemMessages.titleRequired);
  if (draft.title.length > 255) reject(problemMessages.titleTooLong);
  if ([draft.description, draft.input, draft.output, draft.hint].some((text) => text.length > maxText))
    reject(problemMessages.textTooLong);
}

function checkCases(draft: ProblemDraft, type: 'ACM' | 'OI', judgeCaseMode: string): void {
  if (draft.testCases.length === 0) reject(problemMessages.testCasesRequired);
  if (!draft.isUploadCase && draft.testCases.some((testCase) => !testCase.manualInput && !testCase.manualOutput))
    reject(problemMessages.manualCaseEmpty);
  if (type === 'OI' && draft.testCases.some((testCase) => !Number.isInteger(testCase.score) || testCase.score < 0))
    reject(problemMessages.caseScoreInvalid);
  if (judgeCaseMode.startsWith('subtask') && draft.testCases.some((testCase) => !(testCase.groupNum >= 1)))
    reject(problemMessages.groupNumRequired);
  if (judgeCaseMode.startsWith('subtask') && !draft.testCases.every((testCase) => Number.isInteger(testCase.groupNum)))
    reject(problemMessages.groupNumNotWhole);
}

/** The names the judge creates inside the program's box: one plain file name each (issue 10, F3). */
function checkFileNames(draft: ProblemDraft): void {
  const names = [
    ...(draft.isFileIo ? [draft.ioReadFileName.trim(), draft.ioWriteFileName.trim()] : []),
    ...Object.keys(draft.userExtraFiles),
    ...Object.keys(draft.judgeExtraFiles),
  ];
  const bad = names.find((name) => !plainFileName.safeParse(name).success);
  if (bad !== undefined)
    reject(problemMessages.fileNameInvalid, { name: JSON.stringify(Array.from(bad).slice(0, 130).join('')) });
}

function checkPrograms(draft: ProblemDraft, judgeMode: ProblemDefinition['judgeMode']): void {
  if (draft.isFileIo && (draft.ioReadFileName.trim() === '' || draft.ioWriteFileName.trim() === ''))
    reject(problemMessages.fileIoNamesRequired);
  checkFileNames(draft);
  if (judgeMode !== 'default') {
    if (!draft.judgeProgram || draft.judgeProgram.code.trim() === '') reject(problemMessages.judgeProgramRequired);
    if (!findOfferedLanguage(draft.judgeProgram?.language ?? '')?.isSpj) reject(problemMessages.judgeProgramLanguage);
  }
  if (draft.languages.length === 0) reject(problemMessages.languagesRequired);
  for (const name of [...draft.languages, ...draft.codeTemplates.map((template) => template.language)]) {
    if (!findOfferedLanguage(name)) reject(problemMessages.unknownLanguage, { name });
  }
  const empty = draft.codeTemplates.find((template) => template.enabled && template.code.trim() === '');
  if (empty) reject(problemMessages.codeTemplateEmpty, { language: empty.language });
}

/**
 * Every rule of admin §5.7 / group §4.4 in HOJ's order, then the client-side rules of spec 002 §5; returns the
 * definition to record (without its test-data version, which depends on history).
 */
export function validateProblem(draft: ProblemDraft): Omit<ProblemDefinition, 'testDataVersion'> {
  const settings = checkSettings(draft);
  checkTexts(draft);
  checkCases(draft, settings.type, settings.judgeCaseMode);
  checkPrograms(draft, settings.judgeMode);
  const { isFileIo, ioReadFileName, ioWriteFileName, ...rest } = draft;
  const testCases: ProblemTestCase[] = draft.testCases.map((testCase, index) => ({
    ...testCase,
    caseId: index + 1,
    score: settings.type === 'OI' ? testCase.score : 0,
    groupNum: settings.judgeCaseMode.startsWith('subtask') ? testCase.groupNum : 1,
  }));
  return {
    ...rest,
    ...settings,
    displayId: draft.displayId.trim().toUpperCase(),
    title: draft.title.trim(),
    judgeProgram: settings.judgeMode === 'default' ? null : draft.judgeProgram,
    fileIo: isFileIo ? { inputFileName: ioReadFileName.trim(), outputFileName: ioWriteFileName.trim() } : null,
    ioScore: settings.type === 'OI' ? ioScoreOf(testCases, settings.judgeCaseMode) : 100,
    testCases,
  };
}
