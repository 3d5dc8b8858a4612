import { userStream } from '@oj/events';
import { aUserRegistered } from '@oj/events/testing';
import type { TestEvent } from './query-api-harness';

/*
 * The seeding every query API test repeated: the users of its story, registered. One home, so a test file writes
 * only the events its own story adds (contests, problems, submissions).
 */

/** A test user's uid: the name padded to 32 characters (HOJ's uid length), so a failing row names its user. */
export const uidOf = (username: string): string => username.padEnd(32, '0');

/** Each user registered with `<name>@example.com`: `root` with the root role, everyone else a default user. */
export function registeredUsers(usernames: readonly string[]): TestEvent[] {
  return usernames.map((username) => ({
    stream: userStream(uidOf(username)),
    ...aUserRegistered({
      userId: uidOf(username),
      username,
      email: `${username}@example.com`,
      role: username === 'root' ? 'root' : 'default_user',
    }),
  }));
}
