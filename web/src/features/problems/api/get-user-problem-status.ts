import type { z } from 'zod';
import { userProblemStatusReply } from '@oj/contracts';
import { apiPost } from '@/lib/api-client';

export type ProblemStatusMap = z.infer<typeof userProblemStatusReply>;

/** POST /api/get-user-problem-status (api-core §3): the signed-in user's status per problem (DB ids). */
export const getUserProblemStatus = (pids: readonly string[]) =>
  apiPost(
    '/get-user-problem-status',
    { pidList: pids.map(Number), isContestProblemList: false },
    userProblemStatusReply,
    {
      silent: true,
    },
  );
