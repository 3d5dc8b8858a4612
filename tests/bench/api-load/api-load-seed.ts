import { contestStream } from '@oj/events';
import { benchContestHistory, benchContestId, rebuildSourceOf } from '@oj/events/testing';
import { createKysely, type createPool } from '@oj/platform';
import { projections, rebuildProjection } from '@oj/projector';

/** The data set of `npm run bench -- api` (issue 14 item 4). */
export interface SeedSize {
  readonly problems: number;
  readonly submissions: number;
  readonly contestants: number;
  readonly contestProblems: number;
  readonly contestSubmissions: number;
}

type Pool = ReturnType<typeof createPool>;

export const contestId = benchContestId;
const tagCount = 40;
const firstContestSubmissionId = 10_000_000;

/**
 * Fills a freshly migrated database before the stack starts on it. Two routes, chosen for speed:
 * - the bank (problems, tags, counters), the users and the practice submissions go in by bulk SQL into the read
 *   models (`INSERT … SELECT FROM generate_series`, seconds); through events they would be 400,000 appends and a
 *   projection pass of several minutes on this machine, and the list reads only see the rows anyway;
 * - the contest and its board go through events and the projections' own rebuild (`rebuildProjection`, the
 *   history served from memory as the scoreboard bench does), so the board's rows, rank keys and statistics are
 *   exactly what the projector writes.
 * The in-memory positions (1 … 400,014) sit below any real store position (xid8 << 20), so the projector of the
 * stack started afterwards goes on from them.
 */
export async function seedApiLoadData(pool: Pool, size: SeedSize, now: number): Promise<void> {
  await seedUsers(pool, size.contestants);
  await seedBank(pool, size.problems);
  await seedPracticeSubmissions(pool, size, now);
  await seedContest(pool, size, now);
  await pool.query('VACUUM ANALYZE');
}

async function seedUsers(pool: Pool, users: number) {
  await pool.query(
    `INSERT INTO users (user_id, username, username_key, email, email_key, role, registered_at)
     SELECT 'u' || n, 'u' || n, 'u' || n, 'u' || n || '@bench.test', 'u' || n || '@bench.test', 'default_user',
            now() - interval '90 days'
     FROM generate_series(0, $1 - 1) AS n`,
    [users],
  );
}

async function seedBank(pool: Pool, problems: number) {
  await pool.query(
    `INSERT INTO tags (tag_id, name, color, oj, created_at, modified_at)
     SELECT n, 'tag ' || n, '#409EFF', 'ME', now(), now() FROM generate_series(1, $1) AS n`,
    [tagCount],
  );
  await pool.query(
    `INSERT INTO problems (problem_id, display_id, display_id_key, title, author, type, auth, difficulty,
                          definition, created_at, modified_at)
     SELECT n, 'P' || (1000 + n), upper('P' || (1000 + n)), 'Problem number ' || n, 'root',
            CASE WHEN n % 5 = 0 THEN 'OI' ELSE 'ACM' END, CASE WHEN n % 50 = 0 THEN 2 ELSE 1 END, n % 3,
            '{}'::jsonb, now() - interval '100 days', now() - interval '100 days'
     FROM generate_series(1, $1) AS n`,
    [problems],
  );
  await pool.query(
    `INSERT INTO problem_tags (problem_id, tag_id)
     SELECT n, 1 + (n % $2) FROM generate_series(1, $1) AS n
     UNION SELECT n, 1 + ((n * 7) % $2) FROM generate_series(1, $1) AS n`,
    [problems, tagCount],
  );
}

async function seedPracticeSubmissions(pool: Pool, size: SeedSize, now: number) {
  // A deterministic spread: users and problems by fixed strides, ~30 % AC, one submission every ~13 s for 30 days.
  await pool.query(
    `INSERT INTO submissions (submission_id, problem_id, display_pid, user_id, username, language, code, length, ip,
                             submitted_at, attempt, status, score, time_ms, memory_kib, judger, is_manual, share,
                             judge_case_mode, problem_type, io_score, difficulty, updated_at, last_position)
     SELECT 1000 + n, p, 'P' || (1000 + p), 'u' || u, 'u' || u, 'Python3', 'print(sum(map(int, input().split())))',
            38, '127.0.0.1', to_timestamp($3::double precision / 1000) - (($1 - n) * interval '13 seconds'), 1,
            CASE WHEN n % 10 < 3 THEN 'AC' WHEN n % 10 < 8 THEN 'WA' ELSE 'CE' END, NULL, 12, 9000, 'judge-1',
            false, false, 'default', 'ACM', 100, p % 3, now(), 0
     FROM generate_series(1, $1) AS n,
          LATERAL (SELECT 1 + (n * 31) % $2 AS p, (n * 7919) % $4 AS u) AS spread`,
    [size.submissions, size.problems, now, size.contestants],
  );
  await pool.query(
    `INSERT INTO problem_counters (problem_id, group_id, total, ac, wa, ce)
     SELECT problem_id, 0, count(*), count(*) FILTER (WHERE status = 'AC'), count(*) FILTER (WHERE status = 'WA'),
            count(*) FILTER (WHERE status = 'CE')
     FROM submissions GROUP BY problem_id`,
  );
}

async function seedContest(pool: Pool, size: SeedSize, now: number) {
  const { startMs, spanMs } = contestWindow(now);
  // A running public ACM contest, started two hours ago, with its submissions spread over those two hours.
  const events = benchContestHistory({
    contestants: size.contestants,
    problems: size.contestProblems,
    submissions: size.contestSubmissions,
    startMs,
    spanMs,
    firstSubmissionId: firstContestSubmissionId,
    createdBy: 'root',
    title: 'Load bench contest',
  });
  const db = createKysely(pool);
  const contestEvents = events.filter((event) => event.stream === contestStream(contestId));
  for (const name of ['contests', 'acm-scoreboard']) {
    const projection = projections.find((candidate) => candidate.name === name);
    if (!projection) throw new Error(`the projector registers no ${name} projection`);
    const history = name === 'contests' ? contestEvents : events;
    await rebuildProjection({ db, store: rebuildSourceOf(history), projection });
  }
  await seedContestSubmissionRows(pool, size, now);
}

/**
 * The contest's runs as rows of `submissions` too: the same ids, users, problems and verdicts as its events (the
 * strides of `strideSpread`, written in SQL so that 200,000 rows go in by one statement).
 */
async function seedContestSubmissionRows(pool: Pool, size: SeedSize, now: number) {
  const { startMs, spanMs } = contestWindow(now);
  await pool.query(
    `INSERT INTO submissions (submission_id, problem_id, display_pid, user_id, username, contest_id, contest_problem_id,
                             language, code, length, ip, submitted_at, attempt, status, time_ms, memory_kib, judger,
                             is_manual, share, judge_case_mode, problem_type, io_score, difficulty, updated_at,
                             last_position)
     SELECT ${firstContestSubmissionId} + n, p, chr(64 + p), 'u' || u, 'u' || u, $5, p, 'Python3', 'print(1)', 8,
            '127.0.0.1', to_timestamp((($3::bigint + floor((n::double precision / $1) * $4))) / 1000.0), 1,
            CASE WHEN n % 10 < 3 THEN 'AC' WHEN n % 10 < 8 THEN 'WA' ELSE 'CE' END, 12, 9000, 'judge-1', false, false,
            'default', 'ACM', 100, 0, now(), 0
     FROM generate_series(1, $1) AS n,
          LATERAL (SELECT 1 + (n * 31) % $2 AS p, (n * 7919) % $6 AS u) AS spread`,
    [size.contestSubmissions, size.contestProblems, startMs, spanMs, contestId, size.contestants],
  );
}

/** The contest started two hours ago; its runs are spread over those two hours but the last minute. */
function contestWindow(now: number) {
  const startMs = now - 2 * 3600_000;
  return { startMs, spanMs: now - startMs - 60_000 };
}
