import { createHash } from 'node:crypto';

/** A fixed namespace for the judge's name-based ids, so no other producer can collide with them. */
const judgeNamespace = '7b7f3c52-6a7e-4f39-9a0c-5d0c2b9e7a11';

/**
 * A name-based (RFC 4122 version 5) uuid: the same name gives the same id in every process, so a redelivered
 * task that re-appends an event it already wrote is a no-op in the store instead of a duplicate fact.
 */
export function nameBasedUuid(name: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(judgeNamespace.replaceAll('-', ''), 'hex'))
    .update(name)
    .digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Ids of the events the worker appends for one attempt of one submission. */
export const judgeEventIds = {
  /** One per delivery: a redelivered task starts the attempt again and says so. */
  started: (submissionId: number, attempt: number, delivery: number): string =>
    nameBasedUuid(`submission/${submissionId}/attempt/${attempt}/delivery/${delivery}/started`),
  caseJudged: (submissionId: number, attempt: number, delivery: number, seq: number): string =>
    nameBasedUuid(`submission/${submissionId}/attempt/${attempt}/delivery/${delivery}/case/${seq}`),
  /**
   * Shared by SubmissionJudged and SubmissionJudgingFailed: an attempt has one final event, whichever worker
   * or delivery writes it first.
   */
  finalVerdict: (submissionId: number, attempt: number): string =>
    nameBasedUuid(`submission/${submissionId}/attempt/${attempt}/final`),
};
