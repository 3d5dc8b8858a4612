import { z } from 'zod';
import { apiPost } from '@/lib/api-client';

const replySchema = z.record(z.string(), z.looseObject({ status: z.number(), score: z.number().nullish() }));
export type ProblemStatusMap = z.infer<typeof replySchema>;

/** POST /api/get-user-problem-status (api-core §3): the signed-in user's status per problem (DB ids). */
export const getUserProblemStatus = (pids: readonly string[]) =>
  apiPost('/get-user-problem-status', { pidList: pids.map(Number), isContestProblemList: false }, replySchema, {
    silent: true,
  });
