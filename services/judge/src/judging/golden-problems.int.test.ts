import type { JudgeSettings } from '@oj/events';
import { zipSync } from 'fflate';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadJudgeConfig } from '../config';
import { availableLanguages } from '../languages/available-languages';
import { findLanguage } from '../languages/registry';
import { createSandbox } from '../sandbox/create-sandbox';
import type { Sandbox } from '../sandbox/sandbox';
import { createBlobCache } from '../test-data/blob-cache';
import { createBlobStore, type BlobStore, storeTestData, parseTestDataZip } from '@oj/platform';
import { judgeResultSchema, type CaseResult } from './judge-request';
import { judgeSubmission } from './judge-submission';

const fixturesDir = path.resolve(import.meta.dirname, '../../fixtures');
const problemsDir = path.join(fixturesDir, 'problems');

/** problem.json: the judge settings of a golden problem, minus what the test derives (cases, hashes). */
const problemFileSchema = z.object({
  about: z.string(),
  problemType: z.enum(['ACM', 'OI']),
  judgeMode: z.enum(['default', 'spj', 'interactive']),
  judgeCaseMode: z.enum(['default', 'subtask_lowest', 'subtask_average', 'ergodic_without_error']),
  timeLimitMs: z.number(),
  memoryLimitMib: z.number(),
  stackLimitMib: z.number(),
  isRemoveEndBlank: z.boolean(),
  ioScore: z.number(),
  difficulty: z.number(),
  fileIo: z.object({ inputFileName: z.string(), outputFileName: z.string() }).optional(),
  judgeProgram: z.object({ language: z.string(), file: z.string() }).optional(),
  judgeExtraFiles: z.array(z.string()).default([]),
  checkerIncludes: z.array(z.string()).default([]),
  cases: z.record(z.string(), z.object({ score: z.number(), groupNum: z.number() })).default({}),
});

/**
 * The header every golden submission carries: `expect: <verdict> [score=N] [first=interactor|program]
 * [interactor=<verdict>] [message~=text]` and `languages:`. The message, first and interactor parts are
 * checked on the first case whose verdict is the submission's.
 */
interface Expectation {
  readonly file: string;
  readonly source: string;
  readonly status: string;
  readonly score: number | null;
  readonly firstToFinish: string | null;
  readonly interactorStatus: string | null;
  readonly messagePart: string | null;
  readonly languages: readonly string[];
}

function parseExpectation(file: string, source: string): Expectation {
  const head = source.split('\n').slice(0, 6).join('\n');
  const expect =
    /expect:\s*([A-Z]+)(?:\s+score=(\d+))?(?:\s+first=(interactor|program))?(?:\s+interactor=([A-Z]+))?(?:\s+message~=(.+))?/.exec(
      head,
    );
  const languages = /languages:\s*(.+)/.exec(head);
  if (!expect?.[1] || !languages?.[1]) throw new Error(`${file} lacks its "expect:" or "languages:" header`);
  return {
    file,
    source,
    status: expect[1],
    score: expect[2] === undefined ? null : Number(expect[2]),
    firstToFinish: expect[3] ?? null,
    interactorStatus: expect[4] ?? null,
    messagePart: expect[5]?.trim() ?? null,
    languages: languages[1].split(',').map((name) => name.trim()),
  };
}

async function zipDirectory(dir: string): Promise<Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const name of await readdir(dir)) files[name] = new Uint8Array(await readFile(path.join(dir, name)));
  return zipSync(files);
}

/** Builds the settings as a SubmissionCreated snapshot would carry them: test data from a zip, by blob hash. */
async function loadProblem(
  name: string,
  store: BlobStore,
): Promise<{ settings: JudgeSettings; includes: Record<string, string> }> {
  const dir = path.join(problemsDir, name);
  const spec = problemFileSchema.parse(JSON.parse(await readFile(path.join(dir, 'problem.json'), 'utf8')));
  const stored = await storeTestData(store, parseTestDataZip(await zipDirectory(path.join(dir, 'data'))));
  const putFiles = async (names: readonly string[], from: string) =>
    Object.fromEntries(
      await Promise.all(names.map(async (file) => [file, await store.put(await readFile(path.join(from, file)))])),
    );
  const settings: JudgeSettings = {
    problemType: spec.problemType,
    judgeMode: spec.judgeMode,
    judgeCaseMode: spec.judgeCaseMode,
    timeLimitMs: spec.timeLimitMs,
    memoryLimitMib: spec.memoryLimitMib,
    stackLimitMib: spec.stackLimitMib,
    isRemoveEndBlank: spec.isRemoveEndBlank,
    ioScore: spec.ioScore,
    difficulty: spec.difficulty,
    testDataVersion: 'golden',
    testCases: stored.map((testCase, index) => ({
      ...testCase,
      caseId: index + 1,
      score: spec.cases[testCase.inputName]?.score ?? 0,
      groupNum: spec.cases[testCase.inputName]?.groupNum ?? 1,
    })),
    judgeProgram: spec.judgeProgram
      ? {
          language: spec.judgeProgram.language,
          sourceSha256: await store.put(await readFile(path.join(dir, spec.judgeProgram.file))),
        }
      : null,
    fileIo: spec.fileIo ?? null,
    userExtraFiles: {},
    judgeExtraFiles: await putFiles(spec.judgeExtraFiles, dir),
  };
  return { settings, includes: await putFiles(spec.checkerIncludes, path.join(fixturesDir, 'checker-includes')) };
}

async function loadSubmissions(name: string): Promise<Expectation[]> {
  const dir = path.join(problemsDir, name, 'submissions');
  const files = (await readdir(dir)).sort();
  return Promise.all(files.map(async (file) => parseExpectation(file, await readFile(path.join(dir, file), 'utf8'))));
}

const problemNames = (await readdir(problemsDir)).sort();
const submissionsByProblem = new Map(
  await Promise.all(problemNames.map(async (name) => [name, await loadSubmissions(name)] as const)),
);

let sandbox: Sandbox;
let store: BlobStore;
let dataDir: string;
let offered: Set<string>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'oj-golden-'));
  // The sandbox uids must traverse every parent of a box dir; mkdtemp makes 0700.
  await chmod(dataDir, 0o755);
  store = createBlobStore(dataDir);
  const config = loadJudgeConfig({ DATA_DIR: dataDir, JUDGE_WORKERS: '3' });
  sandbox = await createSandbox(config);
  const availability = await availableLanguages(sandbox, { workRoot: config.workRoot, runSelfTests: false });
  offered = new Set(availability.offered.map((language) => language.name));
});

afterAll(async () => {
  await sandbox?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('golden problems', () => {
  it('have an accepted A+B solution in every offered language', () => {
    const accepted = (submissionsByProblem.get('a-plus-b') ?? [])
      .filter((s) => s.status === 'AC')
      .flatMap((s) => s.languages);
    expect([...offered].filter((name) => !accepted.includes(name))).toEqual([]);
    expect(offered.size).toBeGreaterThanOrEqual(10);
  });

  for (const problem of problemNames) {
    describe.concurrent(problem, () => {
      for (const submission of submissionsByProblem.get(problem) ?? []) {
        for (const languageName of submission.languages) {
          it(`${submission.file} in ${languageName} gets ${submission.status}${submission.score === null ? '' : ` ${submission.score}`}`, async (context) => {
            if (!offered.has(languageName)) return context.skip(`${languageName} is not offered on this machine`);
            const { settings, includes } = await loadProblem(problem, store);
            const reported: CaseResult[] = [];
            const result = await judgeSubmission(
              { language: languageName, code: submission.source, settings, checkerIncludes: includes },
              {
                sandbox,
                blobs: createBlobCache(path.join(dataDir, 'worker-cache'), store),
                findLanguage,
                workRoot: path.join(dataDir, 'judge'),
                cacheDir: path.join(dataDir, 'worker-cache'),
                onCaseJudged: (caseResult) => void reported.push(caseResult),
              },
            );
            const summary = {
              status: result.status,
              score: result.score,
              cases: result.cases.map((c) => `${c.seq}:${c.status}:${c.message.slice(0, 80)}`),
              errorMessage: result.errorMessage?.slice(0, 300),
            };
            expect(summary, JSON.stringify(summary)).toMatchObject({
              status: submission.status,
              score: submission.score,
            });
            expect(judgeResultSchema.parse(result)).toEqual(result);
            expect(reported.length).toBe(result.cases.length);
            const failing = result.cases.find((c) => c.status === result.status);
            if (submission.messagePart !== null) {
              expect(failing?.message ?? result.errorMessage).toContain(submission.messagePart);
            }
            if (submission.firstToFinish !== null) {
              expect(failing?.interaction?.firstToFinish).toBe(submission.firstToFinish);
            }
            if (submission.interactorStatus !== null) {
              expect(failing?.interaction?.interactorStatus).toBe(submission.interactorStatus);
            }
          });
        }
      }
    });
  }
});
