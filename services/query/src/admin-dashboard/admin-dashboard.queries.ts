import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import type { DashboardInfo, LoginSession, QuarantinedEvents } from '@oj/contracts';

type Db = Kysely<Database>;

const dayMs = 24 * 3600_000;

/** Midnight UTC of `now`'s day (docs/home-and-ranks.md: days are UTC days). */
function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The get-recent-contest rule (api-core §2): HOJ compares dates, so any start on the 14th day ahead counts. */
async function countRecentContests(db: Db, now: Date): Promise<number> {
  const firstDayTooLate = new Date(startOfUtcDay(now).getTime() + 15 * dayMs);
  const row = await db
    .selectFrom('contests')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('group_id', 'is', null)
    .where('visible', '=', true)
    .where('end_at', '>', now)
    .where('start_at', '<', firstDayTooLate)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function countSubmissionsToday(db: Db, now: Date): Promise<number> {
  const today = startOfUtcDay(now);
  const row = await db
    .selectFrom('submissions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('submitted_at', '>=', today)
    .where('submitted_at', '<', new Date(today.getTime() + dayMs))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function dashboardInfo(db: Db, now: Date): Promise<DashboardInfo> {
  const [userNum, recentContestNum, todayJudgeNum] = await Promise.all([
    countUsers(db),
    countRecentContests(db, now),
    countSubmissionsToday(db, now),
  ]);
  return { userNum, recentContestNum, todayJudgeNum };
}

/** The second newest login of the user, else the only one (admin §5.1); a login is never modified. */
export async function previousLoginSession(db: Db, userId: string): Promise<LoginSession> {
  const rows = await db
    .selectFrom('user_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('login_position', 'desc')
    .limit(2)
    .execute();
  const row = rows[1] ?? rows[0];
  if (!row) return null;
  const loggedInAt = row.logged_in_at.toISOString();
  return {
    id: row.login_event_id,
    uid: row.user_id,
    userAgent: row.user_agent,
    ip: row.ip,
    gmtCreate: loggedInAt,
    gmtModified: loggedInAt,
  };
}

/** How many quarantined events the dashboard lists; the total counts them all. */
const quarantinedListLimit = 50;

/** The projector's dead letters (F5), newest first. */
export async function quarantinedEvents(db: Db): Promise<QuarantinedEvents> {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('projection_dead_letters')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst(),
    db
      .selectFrom('projection_dead_letters')
      .selectAll()
      .orderBy('quarantined_at', 'desc')
      .orderBy('position', 'desc')
      .orderBy('projection')
      .limit(quarantinedListLimit)
      .execute(),
  ]);
  return {
    total: Number(count?.n ?? 0),
    records: rows.map((row) => ({
      projection: row.projection,
      position: String(row.position),
      eventId: row.event_id,
      stream: row.stream,
      eventType: row.event_type,
      error: row.error,
      quarantinedAt: row.quarantined_at.toISOString(),
    })),
  };
}
