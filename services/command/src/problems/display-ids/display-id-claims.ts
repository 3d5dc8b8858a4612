import type { Kysely } from 'kysely';
import { problemIdClaimStream, type EventMetadata, type EventStore } from '@oj/events';
import type { LocalizedText } from '@oj/platform';
import type { Database } from '@oj/read-models';
import { fold } from '../../handling/decider';
import { handleCommand } from '../../handling/handle-command';
import { claimProblemId, releaseProblemId } from '../claim-problem-id';
import { problemIdClaimModel } from '../problem-id-claim.state';
import { displayIdKey, displayIdOwner, holdsDisplayId } from '../problem-reads/problem-lookup';

export interface DisplayIdClaimDependencies {
  readonly store: EventStore;
  readonly db: Kysely<Database>;
  readonly newId: () => string;
}

/**
 * Display-id uniqueness through `problemid-<KEY>` claim streams: a save claims the id before it appends the
 * problem event, so the event store's optimistic concurrency picks one winner among concurrent saves.
 */
export function displayIdClaims(dependencies: DisplayIdClaimDependencies, metadata: EventMetadata) {
  const handling = { store: dependencies.store, newEventId: dependencies.newId };

  /** Rejects with `whenTaken` (400) when another problem holds the id. */
  const claim = async (command: {
    readonly problemId: number;
    readonly displayId: string;
    readonly at: string;
    readonly whenTaken: LocalizedText;
  }): Promise<void> => {
    const stream = problemIdClaimStream(command.displayId);
    const current = fold(problemIdClaimModel, await dependencies.store.readStream(stream));
    const holder =
      current.ownerId === null || current.ownerId === command.problemId
        ? null
        : {
            ownerId: current.ownerId,
            holdsId: await holdsDisplayId(dependencies.store, current.ownerId, command.displayId),
          };
    const decide = claimProblemId({
      problemId: command.problemId,
      displayId: displayIdKey(command.displayId),
      claimedAt: command.at,
      holder,
      readModelOwner: await displayIdOwner(dependencies.db, command.displayId),
      whenTaken: command.whenTaken,
    });
    await handleCommand(handling, stream, problemIdClaimModel, decide, metadata);
  };

  const release = async (command: {
    readonly problemId: number;
    readonly displayId: string;
    readonly at: string;
  }): Promise<void> => {
    const decide = releaseProblemId({
      problemId: command.problemId,
      displayId: displayIdKey(command.displayId),
      releasedAt: command.at,
    });
    await handleCommand(handling, problemIdClaimStream(command.displayId), problemIdClaimModel, decide, metadata);
  };

  /** Runs the save that needed the claim; a save that fails gives the id back, so it is not held for nothing. */
  const releasingOnFailure = async <Result>(
    claimed: { readonly problemId: number; readonly displayId: string; readonly at: string },
    save: () => Promise<Result>,
  ): Promise<Result> => {
    try {
      return await save();
    } catch (error) {
      await release(claimed);
      throw error;
    }
  };

  return { claim, release, releasingOnFailure };
}
