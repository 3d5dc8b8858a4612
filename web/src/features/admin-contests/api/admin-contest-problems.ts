import { z } from 'zod';
import { announcementSchema as contractAnnouncement } from '@oj/contracts';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';
import { tolerantOf, tolerantPageOf } from '@/lib/tolerant-reply';

const id = z.union([z.number(), z.string()]).transform(String);

const problemSchema = z.looseObject({
  id,
  problemId: z.string().nullish(),
  title: z.string().nullish(),
  author: z.string().nullish(),
});
const linkSchema = z.looseObject({
  id: id.nullish(),
  displayId: z.string(),
  cid: id.nullish(),
  pid: id,
  displayTitle: z.string().nullish(),
  color: z.string().nullish(),
});
export type ContestProblemLink = z.infer<typeof linkSchema>;

const listSchema = z.looseObject({
  problemList: z.looseObject({ records: z.array(problemSchema), total: z.number() }),
  contestProblemMap: z.record(z.string(), linkSchema).nullish(),
  // Added by this server (not HOJ's): the contest's type, readable by every admin role.
  type: z.union([z.literal(0), z.literal(1)]).nullish(),
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
    z.unknown(),
  );

/** POST /api/admin/contest/add-problem-from-public (the problem stays in the bank: docs/contests.md quirk 21). */
export const addProblemFromPublic = (cid: string, pid: string, displayId: string) =>
  apiPost('/admin/contest/add-problem-from-public', { cid: Number(cid), pid: Number(pid), displayId }, z.unknown());

/** DELETE /api/admin/contest/problem with cid: removes the link and the contest's submissions of it. */
export const removeContestProblem = (cid: string, pid: string) =>
  apiDelete('/admin/contest/problem', { cid, pid }, z.unknown());

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
    ? apiPut('/admin/contest/announcement', body, z.unknown())
    : apiPost('/admin/contest/announcement', body, z.unknown());
};

export const deleteContestAnnouncement = (aid: string) =>
  apiDelete('/admin/contest/announcement', { aid }, z.unknown());
