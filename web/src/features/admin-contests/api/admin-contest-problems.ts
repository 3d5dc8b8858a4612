import { z } from 'zod';
import {
  adminContestProblemListSchema,
  announcementSchema as contractAnnouncement,
  contestProblemLink,
  contestProblemLinkRow,
  noData,
  problemEntity,
} from '@oj/contracts';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';
import { tolerantOf, tolerantPageOf } from '@/lib/tolerant-reply';

const id = z.union([z.number(), z.string()]).transform(String);

/** A problem row of the list (the contract's Problem entity; the contest's own rows carry id, title, auth). */
const problemSchema = tolerantOf(problemEntity).extend({ id });
/** HOJ's ContestProblem (the contract's contestProblemLinkRow); ids as strings for the views. */
const linkSchema = tolerantOf(contestProblemLinkRow, ['displayId']).extend({
  id: id.nullish(),
  cid: id.nullish(),
  pid: id,
});
export type ContestProblemLink = z.infer<typeof linkSchema>;

/** The contract's adminContestProblemListSchema; `type` (ours, not HOJ's) is readable by every admin role. */
const listSchema = tolerantOf(adminContestProblemListSchema).extend({
  problemList: tolerantPageOf(problemSchema),
  contestProblemMap: z.record(z.string(), linkSchema).nullish(),
});

/**
 * GET /api/admin/contest/get-problem-list: without problemType the contest's problems, with it the candidates;
 * either way the contest's type (0 ACM, 1 OI).
 */
export const getAdminContestProblems = (query: {
  cid: string;
  currentPage: number;
  limit: number;
  keyword?: string;
  problemType?: number;
}) => apiGet('/admin/contest/get-problem-list', listSchema, { query });

/** GET /api/admin/contest/contest-problem: the link of problem `pid` in contest `cid`. */
export const getContestProblemLink = (cid: string, pid: string) =>
  apiGet('/admin/contest/contest-problem', linkSchema, { query: { cid, pid } });

/** The link as saved (the contract's contestProblemLink); the editor reloads the list rather than read it. */
const savedLinkSchema = tolerantOf(contestProblemLink);

/** PUT /api/admin/contest/contest-problem: display id, title and balloon colour; without `id` it links `pid`. */
export const saveContestProblemLink = (link: {
  id?: string | null;
  cid: string;
  pid: string;
  displayId: string;
  displayTitle: string;
  color: string | null;
}) =>
  apiPut(
    '/admin/contest/contest-problem',
    { ...link, id: link.id ? Number(link.id) : undefined, cid: Number(link.cid), pid: Number(link.pid) },
    savedLinkSchema,
  );

/** POST /api/admin/contest/add-problem-from-public (the problem stays in the bank: docs/contests.md quirk 21). */
export const addProblemFromPublic = (cid: string, pid: string, displayId: string) =>
  apiPost('/admin/contest/add-problem-from-public', { cid: Number(cid), pid: Number(pid), displayId }, noData);

/** DELETE /api/admin/contest/problem with cid: removes the link and the contest's submissions of it. */
export const removeContestProblem = (cid: string, pid: string) =>
  apiDelete('/admin/contest/problem', { cid, pid }, noData);

/** A contest announcement: the contract's announcement row (ids as strings for the views). */
const announcementSchema = tolerantOf(contractAnnouncement, ['title']).extend({ id });
export type AdminContestAnnouncement = z.infer<typeof announcementSchema>;

export const getAdminContestAnnouncements = (cid: string, currentPage: number) =>
  apiGet('/admin/contest/announcement', tolerantPageOf(announcementSchema), {
    query: { cid, currentPage, limit: 10 },
  });

type AnnouncementInput = { id?: string; title: string; content: string; status: number; uid: string };

export const saveContestAnnouncement = (cid: string, announcement: AnnouncementInput) => {
  const body = {
    cid: Number(cid),
    announcement: { ...announcement, id: announcement.id ? Number(announcement.id) : undefined },
  };
  return announcement.id
    ? apiPut('/admin/contest/announcement', body, noData)
    : apiPost('/admin/contest/announcement', body, noData);
};

export const deleteContestAnnouncement = (aid: string) => apiDelete('/admin/contest/announcement', { aid }, noData);
