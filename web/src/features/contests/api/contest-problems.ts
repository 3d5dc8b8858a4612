import { z } from 'zod';
import { userProblemStatusReply } from '@oj/contracts';
import { apiGet, apiPost } from '@/lib/api-client';
import { problemDetailSchema } from '@/lib/problem-schemas';
import { contestProblemSchema } from '@/lib/contest-schemas';

/** GET /api/get-contest-problem (reference §1.1, counts §2.11). */
export const getContestProblems = (cid: string, containsEnd: boolean) =>
  apiGet('/get-contest-problem', z.array(contestProblemSchema), { query: { cid, containsEnd } });

const detailSchema = problemDetailSchema;
export type ContestProblemDetail = z.infer<typeof detailSchema>;

/** GET /api/get-contest-problem-details: the client always sends containsEnd = true. */
export const getContestProblemDetails = (cid: string, displayId: string) =>
  apiGet('/get-contest-problem-details', detailSchema, { query: { cid, displayId, containsEnd: true } });

/** The contract's userProblemStatusReply; in contest mode each entry carries the score. */
export type ContestStatusMap = z.infer<typeof userProblemStatusReply>;

/** POST /api/get-user-problem-status in contest mode: the viewer's status per problem id. */
export const getContestProblemStatus = (cid: string, pids: readonly string[], containsEnd: boolean) =>
  apiPost(
    '/get-user-problem-status',
    { pidList: pids.map(Number), isContestProblemList: true, cid: Number(cid), containsEnd },
    userProblemStatusReply,
    { silent: true },
  );
