/** The only place a stream name is spelled. */
export const siteStream = 'site';
/** The tag catalogue: every tag and tag classification (one stream, see catalogue/tag.ts). */
export const tagCatalogueStream = 'tags';
export const userStream = (userId: string): string => `user-${userId}`;
export const problemStream = (problemId: number | string): string => `problem-${problemId}`;
export const submissionStream = (submissionId: number | string): string => `submission-${submissionId}`;
export const contestStream = (contestId: number | string): string => `contest-${contestId}`;
/** A test run on custom input (judging.md §8), keyed by HOJ's TEST_JUDGE_<hex> key. */
export const testRunStream = (testRunKey: string): string => `test-run-${testRunKey}`;
/** A staged rejudge (issue 13 item 4), keyed by a uuid. */
export const rejudgingStream = (rejudgingId: string): string => `rejudging-${rejudgingId}`;
/** Registry streams reserve unique keys (usernames, emails) so two users can't claim one. */
export const usernameClaimStream = (username: string): string => `username-${username.toLowerCase()}`;
export const emailClaimStream = (email: string): string => `email-${email.toLowerCase()}`;
/**
 * Reserves a problem display id, case-insensitively as the bank compares them (upper-cased, trimmed). No dash
 * after `problem`: `problem-…` is the category of the problems' own streams.
 */
export const problemIdClaimStream = (displayId: string): string => `problemid-${displayId.trim().toUpperCase()}`;

export type StreamCategory =
  | 'site'
  | 'tags'
  | 'user'
  | 'problem'
  | 'submission'
  | 'contest'
  | 'training'
  | 'group'
  | 'discussion'
  | 'username'
  | 'email'
  | 'problemid'
  | 'rejudging';

export function parseStream(stream: string): { category: StreamCategory; id: string } {
  if (stream === siteStream) return { category: 'site', id: '' };
  if (stream === tagCatalogueStream) return { category: 'tags', id: '' };
  const dash = stream.indexOf('-');
  const category = stream.slice(0, dash) as StreamCategory;
  return { category, id: stream.slice(dash + 1) };
}
