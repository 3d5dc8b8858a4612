import { adminFormFieldsOf, contestStatusAt } from '@oj/events';
import type { AdminContest, ContestInfo, ContestListRow } from '@oj/contracts';
import type { ContestRow } from './contests.queries';

/** HOJ's ContestVO as get-contest-info sends it (§1.1); the list sends a subset. */
export function contestInfoOf(contest: ContestRow, count: number | null, now: Date): ContestInfo {
  const settings = contest.settings;
  return {
    id: contest.contestId,
    author: contest.author,
    openPrint: settings.openPrint,
    title: settings.title,
    type: contest.type === 'ACM' ? 0 : 1,
    status: contestStatusAt(settings.startAt, settings.endAt, now),
    description: settings.description,
    sealRank: settings.sealRank,
    sealRankTime: settings.sealRankAt,
    source: settings.source,
    auth: settings.auth,
    startTime: settings.startAt,
    endTime: settings.endAt,
    duration: settings.durationSeconds,
    rankShowName: settings.rankShowName,
    openRank: settings.openRank,
    oiRankScoreType: settings.oiRankScoreType,
    gid: null,
    allowEndSubmit: settings.allowEndSubmit,
    count,
    now: now.toISOString(),
  };
}

export function contestListRowOf(contest: ContestRow, count: number | null, now: Date): ContestListRow {
  const info = contestInfoOf(contest, count, now);
  return {
    id: info.id,
    author: info.author,
    title: info.title,
    description: info.description,
    type: info.type,
    status: info.status,
    source: info.source,
    auth: info.auth,
    startTime: info.startTime,
    endTime: info.endTime,
    duration: info.duration,
    openRank: info.openRank,
    oiRankScoreType: info.oiRankScoreType,
    gid: null,
    allowEndSubmit: info.allowEndSubmit,
    count,
  };
}

/** get-recent-contest's ContestVO (api-core §2): the listed fields, the rest null. */
export function recentContestOf(contest: ContestRow, now: Date) {
  const info = contestInfoOf(contest, null, now);
  return {
    ...Object.fromEntries(Object.keys(info).map((key) => [key, null])),
    id: info.id,
    author: info.author,
    title: info.title,
    type: info.type,
    source: info.source,
    auth: info.auth,
    status: info.status,
    startTime: info.startTime,
    endTime: info.endTime,
    duration: info.duration,
    oiRankScoreType: info.oiRankScoreType,
    gid: null,
  };
}

/** AdminContestVO (§1.3): everything, the password included, for contest admins. */
export function adminContestOf(contest: ContestRow, now: Date): AdminContest {
  const settings = contest.settings;
  return {
    ...adminFormFieldsOf(settings),
    id: contest.contestId,
    uid: contest.createdBy,
    author: contest.author,
    title: settings.title,
    type: contest.type === 'ACM' ? 0 : 1,
    source: settings.source,
    status: contestStatusAt(settings.startAt, settings.endAt, now),
    visible: contest.visible,
    gid: null,
    gmtCreate: contest.createdAt.toISOString(),
    gmtModified: contest.modifiedAt.toISOString(),
  };
}
