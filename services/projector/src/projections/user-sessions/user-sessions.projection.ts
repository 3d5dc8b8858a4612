import type { Kysely } from 'kysely';
import { userLoggedInSchema, type RecordedEvent } from '@oj/events';
import type { Database } from '@oj/read-models';
import type { Projection } from '../../runner/projection';

/** The back office shows the previous login (admin §5.1); two rows per user answer it, older ones are dropped. */
const sessionsKeptPerUser = 2;

type Login = ReturnType<typeof userLoggedInSchema.parse>;

async function applyLogin(db: Kysely<Database>, event: RecordedEvent, login: Login): Promise<void> {
  await db
    .insertInto('user_sessions')
    .values({
      login_event_id: event.id,
      user_id: login.userId,
      ip: login.ip,
      user_agent: login.userAgent,
      logged_in_at: login.loggedInAt,
      login_position: event.position,
    })
    .onConflict((conflict) => conflict.column('login_event_id').doNothing())
    .execute();
  // A late duplicate of an older login is inserted and dropped again here, so the kept rows never change.
  await db
    .deleteFrom('user_sessions')
    .where('user_id', '=', login.userId)
    .where('login_event_id', 'not in', (newest) =>
      newest
        .selectFrom('user_sessions')
        .select('login_event_id')
        .where('user_id', '=', login.userId)
        .orderBy('login_position', 'desc')
        .limit(sessionsKeptPerUser),
    )
    .execute();
}

/** HOJ's `session` rows: who logged in from which ip and browser, when (the newest two per user). */
export const userSessionsProjection: Projection = {
  name: 'user-sessions',
  tables: ['user_sessions'],
  eventTypes: ['UserLoggedIn'],
  async apply(event, transaction) {
    const parsed = userLoggedInSchema.safeParse(event.data);
    if (parsed.success) await applyLogin(transaction, event, parsed.data);
  },
};
