import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProblemIdClaimEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import { fold } from '../handling/decider';
import { given } from '../handling/testing/given-when-then';
import { abandonedClaimAfterMs, claimProblemId, releaseProblemId, type ClaimProblemId } from './claim-problem-id';
import { problemIdClaimModel } from './problem-id-claim.state';
import { problemMessages } from './problems.rejections';

const claimedAt = '2026-03-01T00:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(claimedAt) + ms).toISOString();

const claimBy = (problemId: number, at = claimedAt): ProblemIdClaimEvent => ({
  type: 'ProblemIdClaimed',
  data: { displayId: 'P1', problemId, claimedAt: at },
});
const releaseBy = (problemId: number): ProblemIdClaimEvent => ({
  type: 'ProblemIdReleased',
  data: { displayId: 'P1', problemId, releasedAt: claimedAt },
});

const claim = (changes: Partial<ClaimProblemId> = {}) =>
  claimProblemId({
    problemId: 1001,
    displayId: 'P1',
    claimedAt,
    holder: null,
    readModelOwner: null,
    whenTaken: problemMessages.displayIdExists,
    ...changes,
  });

describe('claimProblemId', () => {
  it('claims a free id', () => {
    given(problemIdClaimModel)
      .when(claim())
      .then([claimBy(1001)]);
  });

  it('appends nothing when the holder claims again', () => {
    given(problemIdClaimModel, claimBy(1001)).when(claim()).then([]);
  });

  it('rejects with the save’s own message while another problem holds the id', () => {
    const holder = { ownerId: 1000, holdsId: true };
    given(problemIdClaimModel, claimBy(1000))
      .when(claim({ holder, claimedAt: later(abandonedClaimAfterMs * 10) }))
      .thenRejects(400, problemMessages.displayIdExists);
    given(problemIdClaimModel, claimBy(1000))
      .when(claim({ holder, whenTaken: problemMessages.displayIdInUse }))
      .thenRejects(400, problemMessages.displayIdInUse);
  });

  it('rejects a claim whose owner does not hold the id yet while its save may still be in flight', () => {
    given(problemIdClaimModel, claimBy(1000))
      .when(claim({ holder: { ownerId: 1000, holdsId: false }, claimedAt: later(abandonedClaimAfterMs - 1) }))
      .thenRejects(400, problemMessages.displayIdExists);
  });

  it('takes over a claim abandoned longer than the grace period', () => {
    const at = later(abandonedClaimAfterMs);
    given(problemIdClaimModel, claimBy(1000))
      .when(claim({ holder: { ownerId: 1000, holdsId: false }, claimedAt: at }))
      .then([claimBy(1001, at)]);
  });

  it('does not take over when the facts were read for another holder (the claim changed in between)', () => {
    given(problemIdClaimModel, claimBy(1000))
      .when(claim({ holder: { ownerId: 999, holdsId: false }, claimedAt: later(abandonedClaimAfterMs * 2) }))
      .thenRejects(400, problemMessages.displayIdExists);
  });

  it('rejects a free id the read model gives to another problem (saved before claims existed)', () => {
    given(problemIdClaimModel)
      .when(claim({ readModelOwner: 1000 }))
      .thenRejects(400, problemMessages.displayIdExists);
    given(problemIdClaimModel)
      .when(claim({ readModelOwner: 1001 }))
      .then([claimBy(1001)]);
  });

  it('claims an id again after its holder released it', () => {
    given(problemIdClaimModel, claimBy(1000), releaseBy(1000))
      .when(claim())
      .then([claimBy(1001)]);
  });
});

describe('releaseProblemId', () => {
  const release = releaseProblemId({ problemId: 1000, displayId: 'P1', releasedAt: claimedAt });

  it('frees the id its holder releases', () => {
    given(problemIdClaimModel, claimBy(1000))
      .when(release)
      .then([releaseBy(1000)]);
  });

  it('leaves alone an id held by another problem, or free', () => {
    given(problemIdClaimModel, claimBy(1001)).when(release).then([]);
    given(problemIdClaimModel).when(release).then([]);
  });

  it('keeps one holder at a time over any interleaving of claims and releases', () => {
    const step = fc.record({ kind: fc.constantFrom('claim', 'release'), problemId: fc.integer({ min: 1, max: 4 }) });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const history: ProblemIdClaimEvent[] = [];
        let expectedOwner: number | null = null;
        for (const { kind, problemId } of steps) {
          const state = fold(problemIdClaimModel, history);
          const decide =
            kind === 'claim'
              ? claim({ problemId, holder: state.ownerId === null ? null : { ownerId: state.ownerId, holdsId: true } })
              : releaseProblemId({ problemId, displayId: 'P1', releasedAt: claimedAt });
          try {
            history.push(...decide(state));
          } catch (error) {
            expect(error).toBeInstanceOf(CommandRejected);
            expect(kind === 'claim' && expectedOwner !== null && expectedOwner !== problemId).toBe(true);
            continue;
          }
          if (kind === 'claim') expectedOwner = problemId;
          else if (expectedOwner === problemId) expectedOwner = null;
          expect(fold(problemIdClaimModel, history).ownerId).toBe(expectedOwner);
        }
      }),
    );
  });
});
