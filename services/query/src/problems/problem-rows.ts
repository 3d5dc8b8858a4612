import type { Selectable } from 'kysely';
import { ProblemDefinition } from '@oj/events';
import { findOfferedLanguage, offeredLanguages, type OfferedLanguage } from '@oj/platform';
import type { Database } from '@oj/read-models';

export type ProblemRecord = Selectable<Database['problems']>;

export const definitionOf = (row: ProblemRecord): ProblemDefinition => ProblemDefinition.parse(row.definition);

const extraFilesText = (files: ProblemDefinition['userExtraFiles']): string | null => {
  const entries = Object.entries(files);
  return entries.length === 0
    ? null
    : JSON.stringify(Object.fromEntries(entries.map(([name, file]) => [name, file.content])));
};

/**
 * HOJ's Problem entity. `withJudgeSecrets` false hides the checker and judge extra files, as the public
 * problem page does (api-core §3 get-problem-detail); the admin editor gets them.
 */
export function toProblemEntity(row: ProblemRecord, withJudgeSecrets: boolean) {
  const definition = definitionOf(row);
  return {
    id: row.problem_id,
    problemId: definition.displayId,
    title: definition.title,
    author: definition.author,
    type: definition.type === 'ACM' ? 0 : 1,
    judgeMode: definition.judgeMode,
    judgeCaseMode: definition.judgeCaseMode,
    timeLimit: definition.timeLimitMs,
    memoryLimit: definition.memoryLimitMib,
    stackLimit: definition.stackLimitMib,
    description: definition.description,
    input: definition.input,
    output: definition.output,
    examples: definition.examples,
    isRemote: false,
    source: definition.source,
    difficulty: definition.difficulty,
    hint: definition.hint,
    auth: row.auth,
    ioScore: definition.ioScore,
    codeShare: definition.codeShare,
    isRemoveEndBlank: definition.isRemoveEndBlank,
    openCaseResult: definition.openCaseResult,
    isUploadCase: definition.isUploadCase,
    caseVersion: definition.testDataVersion,
    modifiedUser: row.modified_user,
    isGroup: false,
    gid: null,
    applyPublicProgress: null,
    isFileIO: definition.fileIo !== null,
    ioReadFileName: definition.fileIo?.inputFileName ?? null,
    ioWriteFileName: definition.fileIo?.outputFileName ?? null,
    userExtraFile: extraFilesText(definition.userExtraFiles),
    judgeExtraFile: withJudgeSecrets ? extraFilesText(definition.judgeExtraFiles) : null,
    spjCode: withJudgeSecrets ? (definition.judgeProgram?.code ?? null) : null,
    spjLanguage: withJudgeSecrets ? (definition.judgeProgram?.language ?? null) : null,
    gmtCreate: row.created_at.toISOString(),
    gmtModified: row.modified_at.toISOString(),
  };
}

/** HOJ's Language row; one bank ("ME"), all with seq 0, so the order is the id order. */
export function toLanguageRow(language: OfferedLanguage) {
  return {
    id: language.id,
    contentType: language.contentType,
    description: language.description,
    name: language.name,
    compileCommand: language.compileCommand,
    /** Not in HOJ's row (its client ignores it): the help page shows how each language runs. */
    runCommand: language.runCommand,
    template: null,
    codeTemplate: null,
    isSpj: language.isSpj,
    oj: 'ME',
    seq: 0,
    gmtCreate: null,
    gmtModified: null,
  };
}

/** The problem's languages in catalogue order (HOJ: seq desc, id asc). */
export function languagesOf(definition: ProblemDefinition): OfferedLanguage[] {
  const names = new Set(definition.languages);
  return offeredLanguages.filter((language) => names.has(language.name));
}

export function codeTemplatesOf(row: ProblemRecord) {
  const definition = definitionOf(row);
  return definition.codeTemplates.map((template, index) => ({
    id: index + 1,
    pid: row.problem_id,
    lid: findOfferedLanguage(template.language)?.id ?? 0,
    code: template.code,
    status: template.enabled,
    gmtCreate: row.created_at.toISOString(),
    gmtModified: row.modified_at.toISOString(),
  }));
}
