import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { problemStream, type EventStore, type ProblemTestCase } from '@oj/events';
import { normaliseLineEndings, offeredLanguages, pairTestCaseFiles, type BlobStore, type Clock } from '@oj/platform';
import type { Database } from '@oj/read-models';
import { awaitWrites, type AwaitProjections } from '../../handling/await-projection';
import { handleCommand } from '../../handling/handle-command';
import { nextProblemId } from '../problem-reads/problem-lookup';
import { problemModel } from '../problem.state';
import { createProblem } from '../save-problem';
import { displayIdClaims } from '../display-ids/display-id-claims';
import { problemMessages } from '../problems.rejections';
import type { ProblemDraft } from '../validate-problem';
import { demoProblems, type DemoProblem } from './demo-problems';

export interface SeedDemoProblemsOptions {
  readonly store: EventStore;
  readonly db: Kysely<Database>;
  readonly blobs: BlobStore;
  readonly clock: Clock;
  readonly newId: () => string;
  readonly awaitProjections: AwaitProjections;
  /** The judge's golden problems; by default found next to this workspace. */
  readonly fixturesDir?: string;
}

const defaultFixturesDir = fileURLToPath(new URL('../../../../judge/fixtures/problems', import.meta.url));

async function readCases(blobs: BlobStore, dataDir: string, demo: DemoProblem): Promise<ProblemTestCase[]> {
  const names = await readdir(dataDir);
  const cases: ProblemTestCase[] = [];
  for (const [index, pair] of pairTestCaseFiles(names).entries()) {
    const read = async (name: string, exists: boolean) =>
      exists ? normaliseLineEndings(new Uint8Array(await readFile(path.join(dataDir, name)))) : new Uint8Array();
    const extra = demo.cases?.[pair.inputName];
    cases.push({
      caseId: index + 1,
      inputName: pair.inputName,
      outputName: pair.outputName,
      inputSha256: await blobs.put(await read(pair.inputName, true)),
      outputSha256: await blobs.put(await read(pair.outputName, pair.hasOutput)),
      score: extra?.score ?? 0,
      groupNum: extra?.groupNum ?? 1,
      manualInput: null,
      manualOutput: null,
    });
  }
  return cases;
}

async function draftOf(
  blobs: BlobStore,
  fixturesDir: string,
  demo: DemoProblem,
  displayId: string,
): Promise<ProblemDraft> {
  const dir = path.join(fixturesDir, demo.fixture);
  const judgeExtraFiles: ProblemDraft['judgeExtraFiles'] = {};
  for (const file of demo.judgeExtraFiles ?? []) {
    const content = await readFile(path.join(dir, file), 'utf8');
    judgeExtraFiles[path.basename(file)] = { content, sha256: await blobs.put(content) };
  }
  const programCode = demo.judgeProgramFile ? await readFile(path.join(dir, demo.judgeProgramFile), 'utf8') : null;
  return {
    displayId,
    title: demo.title,
    author: 'root',
    type: demo.type,
    auth: 1,
    difficulty: demo.difficulty,
    timeLimitMs: 1000,
    memoryLimitMib: 256,
    stackLimitMib: 128,
    description: demo.description,
    input: demo.input,
    output: demo.output,
    examples: demo.examples,
    hint: demo.hint,
    source: 'Demo problem',
    codeShare: true,
    isRemoveEndBlank: true,
    openCaseResult: true,
    judgeMode: demo.judgeMode,
    judgeCaseMode: demo.judgeCaseMode,
    judgeProgram: programCode ? { language: 'C++', code: programCode, sha256: await blobs.put(programCode) } : null,
    isFileIo: false,
    ioReadFileName: '',
    ioWriteFileName: '',
    userExtraFiles: {},
    judgeExtraFiles,
    languages: offeredLanguages.map((language) => language.name),
    codeTemplates: [],
    tagIds: [],
    isUploadCase: true,
    testCases: await readCases(blobs, path.join(dir, 'data'), demo),
  };
}

/**
 * On a site that never had a problem (the id sequence is untouched), adds the demo problems through the same
 * decider admins use, so a newcomer can submit at once. Returns how many were added (0 when skipped).
 */
export async function seedDemoProblems(options: SeedDemoProblemsOptions): Promise<number> {
  const sequence = await sql<{ is_called: boolean }>`SELECT is_called FROM problem_ids`.execute(options.db);
  if (sequence.rows[0]?.is_called !== false) return 0;
  const fixturesDir = options.fixturesDir ?? defaultFixturesDir;
  let position: bigint | null = null;
  const metadata = { actorId: 'system', correlationId: 'demo-problems', causationId: 'demo-problems' };
  const claims = displayIdClaims({ store: options.store, db: options.db, newId: options.newId }, metadata);
  for (const demo of demoProblems) {
    const problemId = await nextProblemId(options.db);
    const draft = await draftOf(options.blobs, fixturesDir, demo, String(problemId));
    const at = options.clock.now().toISOString();
    await claims.claim({ problemId, displayId: draft.displayId, at, whenTaken: problemMessages.displayIdExists });
    const decide = createProblem({ problemId, draft, createdBy: 'root', creatorId: null, createdAt: at });
    const handled = await handleCommand(
      { store: options.store, newEventId: options.newId },
      problemStream(problemId),
      problemModel,
      decide,
      metadata,
    );
    position = handled.position ?? position;
  }
  await awaitWrites(options.awaitProjections, position);
  return demoProblems.length;
}
