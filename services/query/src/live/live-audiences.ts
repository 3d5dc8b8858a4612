import type { Kysely } from 'kysely';
import { contestStatusAt } from '@oj/events';
import type { Database } from '@oj/read-models';
import { liveTopics } from '@oj/read-models/names';
import { adminRoles, type Clock, type Principal } from '@oj/platform';
import { contestAccessFailure, isContestAdmin, isSealedFor } from '../contests/contest-access';
import { viewerOf } from '../contests/contest-viewer';
import { findContest, isRegistered } from '../contests/contests.queries';
import { findSubmission } from '../submissions/submissions.queries';
import { readSubmissionVisibility } from '../submissions/submission-visibility';
import { contestCreatorOf, rejudgingById } from '../rejudgings/rejudgings.queries';
import type { LiveAudience, LiveGate } from './live-hub';

const everyone: LiveAudience = () => true;
const nobody: LiveAudience = () => false;
/** Rebuild progress (issue 13 item 5): the audience of the projections page, root and admins. */
const rebuildAudience: LiveAudience = (principal) => principal?.role === 'root' || principal?.role === 'admin';

/** Topics whose changes say nothing about any contest row or any one user: anyone may hear of them. */
const publicTopics = new Set<string>([
  liveTopics.announcements,
  liveTopics.carousel,
  liveTopics.siteConfig,
  liveTopics.tags,
]);
/** The shapes `liveTopics` builds, read back. */
const submissionTopicShape = /^submission:(\d{1,10})$/;
const scoreboardTopicShape = /^contest-scoreboard:(\d{1,10})$/;
/** A test run's key is an unguessable token handed to its requester only, so the topic is theirs. */
const testRunTopicShape = /^test-run:[\w-]{1,100}$/;
/** A staged rejudge's progress (issue 13 item 4), and the list of them (docs/judging.md "Who"). */
const rejudgingTopicShape = /^rejudging:([0-9a-f-]{36})$/;
const isRejudgingTopic = (topic: string) => topic === liveTopics.rejudgings || rejudgingTopicShape.test(topic);
const siteAdmins: LiveAudience = (principal) => principal?.role === 'root' || principal?.role === 'admin';
/** The list's ping names no rejudging, and a problem admin's list shows only their contests' ones: the back office. */
const backOffice: LiveAudience = (principal) => principal !== null && adminRoles.includes(principal.role);

/** The live board's projections; the sealed ones (`sealed-…`) change only as the sealed board does. */
const isLiveBoardProjection = (projection: string) => !projection.startsWith('sealed-');

/**
 * Who hears of what (F17). A submission's changes go to those who see its row whole (the freeze-aware view,
 * `contestRowFate`): pings of a sealed row would tell when it was judged. A contest board's changes go to those
 * who may read that board, and the live board's only to those for whom it is not sealed. Other topics ('ranks',
 * 'user:…', 'problem:…') are not served: a 'ranks' ping follows every judged contest row.
 */
export function liveAudiences(db: Kysely<Database>, clock: Clock): LiveGate {
  return {
    isKnownTopic: (topic) =>
      topic === liveTopics.adminProjections ||
      publicTopics.has(topic) ||
      submissionTopicShape.test(topic) ||
      scoreboardTopicShape.test(topic) ||
      testRunTopicShape.test(topic) ||
      isRejudgingTopic(topic),
    async audienceOf(projection, topic) {
      if (topic === liveTopics.adminProjections) return rebuildAudience;
      if (isRejudgingTopic(topic)) return rejudgingAudience(db, topic);
      const submissionId = submissionTopicShape.exec(topic)?.[1];
      if (submissionId !== undefined) return submissionAudience(db, clock, Number(submissionId));
      const contestId = scoreboardTopicShape.exec(topic)?.[1];
      if (contestId !== undefined) return scoreboardAudience(db, clock, Number(contestId), projection);
      return publicTopics.has(topic) || testRunTopicShape.test(topic) ? everyone : nobody;
    },
  };
}

/** One rejudging's progress: root and admins, and the problem admin who created its contest (the page's rule). */
async function rejudgingAudience(db: Kysely<Database>, topic: string): Promise<LiveAudience> {
  const rejudgingId = rejudgingTopicShape.exec(topic)?.[1];
  if (rejudgingId === undefined) return backOffice;
  const rejudging = await rejudgingById(db, rejudgingId);
  const creator = rejudging?.cid ? await contestCreatorOf(db, rejudging.cid) : null;
  return (principal) =>
    siteAdmins(principal) || (creator !== null && backOffice(principal) && principal?.userId === creator);
}

async function submissionAudience(db: Kysely<Database>, clock: Clock, submissionId: number): Promise<LiveAudience> {
  const record = await findSubmission(db, submissionId);
  if (!record) return nobody;
  return async (principal: Principal | null) => {
    const visibility = await readSubmissionVisibility(db, [record], principal, clock.now());
    return visibility.fateOf(record) === 'whole';
  };
}

async function scoreboardAudience(
  db: Kysely<Database>,
  clock: Clock,
  contestId: number,
  projection: string,
): Promise<LiveAudience> {
  const contest = await findContest(db, contestId);
  if (!contest) return nobody;
  return async (principal: Principal | null) => {
    const viewer = viewerOf(principal);
    if (isContestAdmin(contest, viewer)) return true;
    if (!contest.visible) return false;
    const now = clock.now();
    if (isLiveBoardProjection(projection) && isSealedFor(contest, viewer, false, now)) return false;
    const isStarted = contestStatusAt(contest.settings.startAt, contest.settings.endAt, now) !== -1;
    if (contest.settings.openRank && isStarted) return true;
    if (!viewer) return false;
    const registered = await isRegistered(db, contestId, viewer.userId);
    return contestAccessFailure(contest, viewer, registered, now) === null;
  };
}
