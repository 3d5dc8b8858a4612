import type { ProblemIdClaimEvent } from '@oj/events';
import type { LocalizedText } from '@oj/platform';
import { CommandRejected } from '../handling/command-rejected';
import type { ProblemIdClaimState } from './problem-id-claim.state';

/**
 * How long a claim whose owner does not hold the id counts as a save still in flight (claim appended, problem
 * event not yet). After it the claim is abandoned (the saving process died, or a concurrent edit of the same
 * problem moved on) and another problem may take it over. A save takes well under a second; minutes are safe.
 */
export const abandonedClaimAfterMs = 10 * 60_000;

export interface ClaimProblemId {
  readonly problemId: number;
  /** Upper-cased and trimmed, as the bank compares display ids. */
  readonly displayId: string;
  readonly claimedAt: string;
  /**
   * What the event store says of the current holder, read just before: whether problem `ownerId` is live with
   * this display id. Null when the claim was free at that read.
   */
  readonly holder: { readonly ownerId: number; readonly holdsId: boolean } | null;
  /**
   * The read model's holder of the id: problems saved before claims existed have no claim stream, so the
   * read model (long caught up with them) still speaks for them.
   */
  readonly readModelOwner: number | null;
  /** The save's own wording: create and edit answer different HOJ texts. */
  readonly whenTaken: LocalizedText;
}

function isAbandoned(claim: ProblemIdClaimState, command: ClaimProblemId): boolean {
  const { holder } = command;
  if (holder === null || holder.ownerId !== claim.ownerId || holder.holdsId || claim.claimedAt === null) return false;
  return Date.parse(command.claimedAt) - Date.parse(claim.claimedAt) >= abandonedClaimAfterMs;
}

/** Reserves a display id for a problem being created or moved to it; idempotent for its holder. */
export const claimProblemId =
  (command: ClaimProblemId) =>
  (claim: ProblemIdClaimState): ProblemIdClaimEvent[] => {
    const { problemId, displayId, claimedAt, readModelOwner } = command;
    if (claim.ownerId === problemId) return [];
    if (claim.ownerId !== null && !isAbandoned(claim, command)) throw new CommandRejected(400, command.whenTaken);
    if (readModelOwner !== null && readModelOwner !== problemId) throw new CommandRejected(400, command.whenTaken);
    return [{ type: 'ProblemIdClaimed', data: { displayId, problemId, claimedAt } }];
  };

/** Frees the id when its holder moved away, was deleted, or could not finish the save; a no-op for others. */
export const releaseProblemId =
  (command: { readonly problemId: number; readonly displayId: string; readonly releasedAt: string }) =>
  (claim: ProblemIdClaimState): ProblemIdClaimEvent[] =>
    claim.ownerId === command.problemId ? [{ type: 'ProblemIdReleased', data: { ...command } }] : [];
