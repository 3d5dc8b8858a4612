import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { publicImageUrl, type UserEvent, type RecordedEvent, userEvents, userAvatarEvents } from '@oj/events';
import type { Database } from '@oj/read-models';
import type { Projection } from '../../runner/projection';
import { liveTopics } from '@oj/read-models/names';
import { topicsOfStringId } from '../../runner/event-topics';

type Data<Type extends UserEvent['type']> = Extract<UserEvent, { type: Type }>['data'];

async function applyUserRegistered(db: Kysely<Database>, data: Data<'UserRegistered'>): Promise<void> {
  await db
    .insertInto('users')
    .values({
      user_id: data.userId,
      username: data.username,
      username_key: data.username.toLowerCase(),
      email: data.email,
      email_key: data.email.toLowerCase(),
      role: data.role,
      nickname: null,
      realname: null,
      signature: null,
      blog: null,
      github: null,
      school: null,
      number: null,
      cf_username: null,
      avatar: null,
      title_name: null,
      title_color: null,
      registered_at: data.registeredAt,
      last_login_at: null,
    })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
}

/** Generations only move forward, so a duplicate or replayed logout changes nothing. */
async function applySessionGeneration(db: Kysely<Database>, userId: string, generation: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ session_generation: sql<number>`GREATEST(session_generation, ${generation})` })
    .where('user_id', '=', userId)
    .execute();
}

async function applyUserProfileEdited(db: Kysely<Database>, data: Data<'UserProfileEdited'>): Promise<void> {
  await db
    .updateTable('users')
    .set({
      nickname: data.nickname,
      realname: data.realname,
      signature: data.signature,
      blog: data.blog,
      github: data.github,
      school: data.school,
      number: data.number,
      cf_username: data.cfUsername,
      gender: data.gender ?? 'secrecy',
    })
    .where('user_id', '=', data.userId)
    .execute();
}

async function applyUserEvent(db: Kysely<Database>, event: UserEvent): Promise<void> {
  switch (event.type) {
    case 'UserRegistered':
      return applyUserRegistered(db, event.data);
    case 'UserLoggedIn':
      await db
        .updateTable('users')
        .set({ last_login_at: event.data.loggedInAt })
        .where('user_id', '=', event.data.userId)
        .execute();
      return;
    case 'UserLoggedOut':
    case 'UserPasswordReset':
      return applySessionGeneration(db, event.data.userId, event.data.sessionGeneration);
    case 'UserEmailChanged':
      await db
        .updateTable('users')
        .set({ email: event.data.email, email_key: event.data.email.toLowerCase() })
        .where('user_id', '=', event.data.userId)
        .execute();
      return;
    case 'UserProfileEdited':
      return applyUserProfileEdited(db, event.data);
    case 'UserPasswordChanged':
      return;
  }
}

/** The users read model: accounts, profiles and session generations; no password hashes. */
export const usersProjection: Projection = {
  name: 'users',
  tables: ['users'],
  eventTypes: [
    'UserRegistered',
    'UserLoggedIn',
    'UserLoggedOut',
    'UserPasswordReset',
    'UserEmailChanged',
    'UserProfileEdited',
    'UserAvatarChanged',
  ],
  async apply(event: RecordedEvent, transaction) {
    const parsed = userEvents.safeParse({ type: event.type, data: event.data });
    if (parsed.success) await applyUserEvent(transaction, parsed.data);
    const avatar = userAvatarEvents.safeParse({ type: event.type, data: event.data });
    if (avatar.success) {
      await transaction
        .updateTable('users')
        .set({ avatar: publicImageUrl(avatar.data.data.fileName) })
        .where('user_id', '=', avatar.data.data.userId)
        .execute();
    }
  },
  topicsFor: topicsOfStringId('userId', liveTopics.user),
};
