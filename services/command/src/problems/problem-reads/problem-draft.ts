import type { ProblemDefinition, ProblemTestCase } from '@oj/events';
import { findOfferedLanguageById, normaliseLineEndings, type BlobStore } from '@oj/platform';
import { CommandRejected } from '../../handling/command-rejected';
import type { SaveProblemBody } from '@oj/contracts';
import { problemMessages } from '../problems.rejections';
import { readUpload } from '../test-data/test-data-upload';
import type { ProblemDraft } from '../validate-problem';

type ExtraFiles = ProblemDefinition['userExtraFiles'];
type CaseSource = ReadonlyMap<string, { outputName: string; inputSha256: string; outputSha256: string }>;

/** HOJ keeps extra files as JSON text; entries with an empty name or content are skipped (judging.md §6). */
async function storeExtraFiles(blobs: BlobStore, json: string | null | undefined): Promise<ExtraFiles> {
  if (!json) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const files: Record<string, ProblemDefinition['userExtraFiles'][string]> = {};
  for (const [name, content] of Object.entries(parsed)) {
    if (name.trim() === '' || typeof content !== 'string' || content === '') continue;
    files[name] = { content, sha256: await blobs.put(content) };
  }
  return files;
}

/** Uploaded cases come from the new upload's manifest, or else from the cases the problem already has. */
async function uploadedCaseSource(
  blobs: BlobStore,
  token: string | null | undefined,
  previous: ProblemDefinition | null,
): Promise<CaseSource> {
  if (token) {
    const manifest = await readUpload(blobs, token);
    if (!manifest) throw new CommandRejected(400, problemMessages.uploadMissing);
    return new Map(manifest.cases.map((testCase) => [testCase.inputName, testCase]));
  }
  const cases = previous?.isUploadCase ? previous.testCases : [];
  return new Map(cases.map((testCase) => [testCase.inputName, testCase]));
}

async function resolveCases(
  blobs: BlobStore,
  body: SaveProblemBody,
  isUploadCase: boolean,
  previous: ProblemDefinition | null,
): Promise<ProblemTestCase[]> {
  const samples = body.samples ?? [];
  const source = isUploadCase ? await uploadedCaseSource(blobs, body.uploadTestcaseDir, previous) : null;
  const cases: ProblemTestCase[] = [];
  for (const [index, sample] of samples.entries()) {
    const common = { caseId: index + 1, score: sample.score ?? Number.NaN, groupNum: sample.groupNum ?? 1 };
    if (source) {
      const inputName = sample.input ?? '';
      const stored = source.get(inputName);
      if (!stored) throw new CommandRejected(400, problemMessages.caseNotInUpload, { name: inputName });
      cases.push({ ...common, inputName, ...stored, manualInput: null, manualOutput: null });
      continue;
    }
    // Manual data: the folder HOJ would write holds 1.in/1.out … with CRLF turned into LF (judging.md §7.2).
    const input = new TextDecoder().decode(normaliseLineEndings(new TextEncoder().encode(sample.input ?? '')));
    const output = new TextDecoder().decode(normaliseLineEndings(new TextEncoder().encode(sample.output ?? '')));
    cases.push({
      ...common,
      inputName: `${index + 1}.in`,
      outputName: `${index + 1}.out`,
      inputSha256: await blobs.put(input),
      outputSha256: await blobs.put(output),
      manualInput: input,
      manualOutput: output,
    });
  }
  return cases;
}

/**
 * Turns HOJ's ProblemDTO into a draft for the deciders: everything that needs IO (blob hashes, the upload
 * manifest, the problem's current cases) is resolved here; every rule is checked by validateProblem.
 */
export async function buildProblemDraft(
  blobs: BlobStore,
  body: SaveProblemBody,
  context: { readonly author: string; readonly tagIds: readonly number[]; readonly previous: ProblemDefinition | null },
): Promise<ProblemDraft> {
  const problem = body.problem ?? {};
  const judgeMode = problem.judgeMode ?? body.judgeMode ?? 'default';
  const isUploadCase = body.isUploadTestCase ?? problem.isUploadCase ?? true;
  const programCode = problem.spjCode ?? '';
  return {
    displayId: problem.problemId ?? '',
    title: problem.title ?? '',
    author: problem.author || context.author,
    type: problem.type ?? 0,
    auth: problem.auth ?? 1,
    difficulty: Math.min(2, Math.max(0, Math.trunc(problem.difficulty ?? 0))),
    timeLimitMs: problem.timeLimit ?? 1000,
    memoryLimitMib: problem.memoryLimit ?? 256,
    stackLimitMib: problem.stackLimit ?? 128,
    description: problem.description ?? '',
    input: problem.input ?? '',
    output: problem.output ?? '',
    examples: problem.examples ?? '',
    hint: problem.hint ?? '',
    source: problem.source ?? '',
    codeShare: problem.codeShare ?? true,
    isRemoveEndBlank: problem.isRemoveEndBlank ?? true,
    openCaseResult: problem.openCaseResult ?? true,
    judgeMode,
    judgeCaseMode: problem.judgeCaseMode ?? 'default',
    judgeProgram:
      judgeMode === 'default' || programCode.trim() === ''
        ? null
        : { language: problem.spjLanguage ?? '', code: programCode, sha256: await blobs.put(programCode) },
    isFileIo: problem.isFileIO ?? false,
    ioReadFileName: problem.ioReadFileName ?? '',
    ioWriteFileName: problem.ioWriteFileName ?? '',
    userExtraFiles: await storeExtraFiles(blobs, problem.userExtraFile),
    judgeExtraFiles: await storeExtraFiles(blobs, problem.judgeExtraFile),
    languages: [...new Set((body.languages ?? []).map((language) => language.name))],
    codeTemplates: (body.codeTemplates ?? []).map((template) => ({
      language: template.language ?? findOfferedLanguageById(template.lid ?? 0)?.name ?? `#${template.lid ?? ''}`,
      code: template.code ?? '',
      enabled: template.status ?? true,
    })),
    tagIds: [...context.tagIds],
    isUploadCase,
    testCases: await resolveCases(blobs, body, isUploadCase, context.previous),
  };
}
