import type { ContestSettings, ProblemDefinition } from '@oj/events';

/** An event's state as the audit compares it: field → short text (null: unset). */
export type FieldView = Readonly<Record<string, string | null>>;

/** Above this, a text is shown by its length and fingerprint, not its content (descriptions, statements). */
const shownTextMax = 120;

/** Field names whose values are secrets: compared by fingerprint, reported as "changed", never shown. */
const secretField = /password|secret|token|hash$/i;

export const isSecretField = (field: string): boolean => secretField.test(field.split('.').at(-1) ?? field);

/** FNV-1a, 32 bits: tells a changed text from an unchanged one; not a security hash (nothing relies on it). */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** A value as the trail shows it: scalars as text, long text by length and fingerprint, lists joined. */
export function shown(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    return value.length > shownTextMax ? `${value.length} chars #${fingerprint(value)}` : value;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return shown(JSON.stringify(value));
}

/** A secret as the snapshot keeps it: a fingerprint of the (sealed) value, enough to tell that it changed. */
const secret = (value: string | null): string | null => (value === null ? null : `#${fingerprint(value)}`);

const shortHash = (sha256: string): string => sha256.slice(0, 12);

/** The contest form's fields (ContestCreated, ContestSettingsChanged); the password only as a fingerprint. */
export function contestSettingsView(settings: ContestSettings): FieldView {
  return {
    title: shown(settings.title),
    description: shown(settings.description),
    source: shown(settings.source),
    auth: shown(settings.auth),
    password: secret(settings.password),
    startAt: settings.startAt,
    endAt: settings.endAt,
    durationSeconds: shown(settings.durationSeconds),
    sealRank: shown(settings.sealRank),
    sealRankAt: settings.sealRankAt,
    autoRealRank: shown(settings.autoRealRank),
    openPrint: shown(settings.openPrint),
    openRank: shown(settings.openRank),
    rankShowName: settings.rankShowName,
    openAccountLimit: shown(settings.openAccountLimit),
    accountLimitRule: shown(settings.accountLimitRule),
    allowEndSubmit: shown(settings.allowEndSubmit),
    starAccounts: shown(settings.starAccounts.join(', ')),
    oiRankScoreType: settings.oiRankScoreType,
    awardType: shown(settings.awardType),
    awards: shown(settings.awards),
  };
}

function filesView(prefix: string, files: Readonly<Record<string, { readonly sha256: string }>>): FieldView {
  return Object.fromEntries(Object.entries(files).map(([name, file]) => [`${prefix}.${name}`, shortHash(file.sha256)]));
}

/**
 * The problem editor's fields; test data by version and by each case's hashes (`case <id>`), statements by length
 * and fingerprint. Manual case text is not kept: the hashes say whether it changed.
 */
export function problemDefinitionView(definition: ProblemDefinition): FieldView {
  const cases = definition.testCases.map((testCase) => [
    `case ${testCase.caseId}`,
    `${testCase.inputName} ${shortHash(testCase.inputSha256)} → ${testCase.outputName} ` +
      `${shortHash(testCase.outputSha256)} (score ${testCase.score}, group ${testCase.groupNum})`,
  ]);
  return {
    displayId: definition.displayId,
    title: shown(definition.title),
    author: shown(definition.author),
    type: definition.type,
    auth: shown(definition.auth),
    difficulty: shown(definition.difficulty),
    timeLimitMs: shown(definition.timeLimitMs),
    memoryLimitMib: shown(definition.memoryLimitMib),
    stackLimitMib: shown(definition.stackLimitMib),
    description: shown(definition.description),
    input: shown(definition.input),
    output: shown(definition.output),
    examples: shown(definition.examples),
    hint: shown(definition.hint),
    source: shown(definition.source),
    ioScore: shown(definition.ioScore),
    codeShare: shown(definition.codeShare),
    isRemoveEndBlank: shown(definition.isRemoveEndBlank),
    openCaseResult: shown(definition.openCaseResult),
    judgeMode: definition.judgeMode,
    judgeCaseMode: definition.judgeCaseMode,
    judgeProgram: definition.judgeProgram
      ? `${definition.judgeProgram.language} ${shortHash(definition.judgeProgram.sha256)}`
      : null,
    fileIo: definition.fileIo ? `${definition.fileIo.inputFileName} / ${definition.fileIo.outputFileName}` : null,
    languages: shown(definition.languages.join(', ')),
    codeTemplates: shown(definition.codeTemplates.map((template) => template.language).join(', ')),
    tagIds: shown(definition.tagIds.join(', ')),
    isUploadCase: shown(definition.isUploadCase),
    testDataVersion: definition.testDataVersion,
    ...filesView('userExtraFiles', definition.userExtraFiles),
    ...filesView('judgeExtraFiles', definition.judgeExtraFiles),
    ...Object.fromEntries(cases),
  };
}

/** The fields that make a problem edit a test-data change (kind `test-data`). */
export const isTestDataField = (field: string): boolean =>
  field === 'testDataVersion' || field.startsWith('case ') || field.startsWith('judgeExtraFiles.');

/** Every scalar field of an event's data except instants, actors and secrets: the fallback view. */
export function scalarView(data: unknown, omitted: readonly string[] = []): FieldView {
  if (typeof data !== 'object' || data === null) return {};
  const entries = Object.entries(data as Record<string, unknown>).filter(
    ([field, value]) =>
      !omitted.includes(field) &&
      !field.endsWith('At') &&
      !field.endsWith('By') &&
      !isSecretField(field) &&
      (value === null || ['string', 'number', 'boolean'].includes(typeof value)),
  );
  return Object.fromEntries(entries.map(([field, value]) => [field, shown(value)]));
}
