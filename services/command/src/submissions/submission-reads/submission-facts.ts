import { sql, type Kysely } from 'kysely';
import { judgeSettingsSchema, siteSwitchDefaults } from '@oj/events';
import type { Database } from '@oj/read-models';
import type { ProblemForSubmission } from '../submit-code';

const definitionFacts = (definition: unknown): { languages: string[]; codeShare: boolean } => {
  const saved = definition as { languages?: unknown; codeShare?: unknown } | null;
  const languages = saved?.languages;
  return {
    languages: Array.isArray(languages) ? languages.filter((name) => typeof name === 'string') : [],
    // The query side's default too (submission detail's codeShare): the bank always saves the flag.
    codeShare: typeof saved?.codeShare === 'boolean' ? saved.codeShare : true,
  };
};

/** Reads a problem of the bank (projection `problems`) as submit and rejudge need it. */
export function problemForSubmissionReader(db: Kysely<Database>) {
  const read = async (where: { displayId: string } | { problemId: number }): Promise<ProblemForSubmission | null> => {
    let query = db.selectFrom('problems').select(['problem_id', 'display_id', 'auth', 'definition', 'judge_settings']);
    query =
      'displayId' in where
        ? query.where('display_id_key', '=', where.displayId.trim().toUpperCase())
        : query.where('problem_id', '=', where.problemId);
    const row = await query.executeTakeFirst();
    if (!row) return null;
    const judge = judgeSettingsSchema.safeParse(row.judge_settings);
    return {
      problemId: row.problem_id,
      displayId: row.display_id,
      auth: row.auth,
      ...definitionFacts(row.definition),
      judge: judge.success ? judge.data : null,
    };
  };
  return {
    byDisplayId: (displayId: string) => read({ displayId }),
    byId: (problemId: number) => read({ problemId }),
  };
}

export interface JudgeSwitches {
  readonly openPublicJudge: boolean;
  readonly openGroupJudge: boolean;
  readonly openContestJudge: boolean;
  readonly defaultSubmitIntervalSeconds: number;
}

/** The judge switches from the site-config read model, HOJ's defaults until an admin saved them. */
export async function readJudgeSwitches(db: Kysely<Database>): Promise<JudgeSwitches> {
  const row = await db.selectFrom('site_config').select('switches').where('id', '=', 'site').executeTakeFirst();
  const saved = (row?.switches ?? {}) as Partial<Record<keyof JudgeSwitches, unknown>>;
  const flag = (name: 'openPublicJudge' | 'openGroupJudge' | 'openContestJudge') => {
    const value = saved[name];
    return typeof value === 'boolean' ? value : siteSwitchDefaults[name];
  };
  return {
    openPublicJudge: flag('openPublicJudge'),
    openGroupJudge: flag('openGroupJudge'),
    openContestJudge: flag('openContestJudge'),
    defaultSubmitIntervalSeconds:
      typeof saved.defaultSubmitIntervalSeconds === 'number'
        ? saved.defaultSubmitIntervalSeconds
        : siteSwitchDefaults.defaultSubmitIntervalSeconds,
  };
}

/** Numeric ids for every command process from one Postgres sequence (HOJ's auto-increment submit_id). */
export async function nextSubmissionId(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ id: string }>`SELECT nextval('submission_id_seq') AS id`.execute(db);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('submission_id_seq gave no value');
  return Number(id);
}
