import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@oj/read-models';
import { ApiError, type LocalizedText } from '@oj/platform';
import { isContestAdmin } from './contest-access';
import { viewerOf } from './contest-viewer';
import { findContest } from './contests.queries';

const contestMissing = { 'zh-CN': '错误：该比赛不存在！', 'en-US': 'Error: this contest does not exist!' } as const;

/** File calls answer a file, so a refusal is an envelope with HTTP 400 (§1.2.5), whatever its body status. */
export const refuseFile = (status: 400 | 403, text: LocalizedText): never => {
  throw new ApiError(status, text, {}, { httpStatus: 400 });
};

/** The contest a file call names, when the caller administers it (§1.2.6, §1.2.7); refused as a file call otherwise. */
export async function administeredContest(
  db: Kysely<Database>,
  request: FastifyRequest,
  contestId: number,
  notAdmin: LocalizedText,
) {
  const contest = await findContest(db, contestId);
  if (!contest) return refuseFile(400, contestMissing);
  const viewer = viewerOf(request.principal);
  if (!viewer || !isContestAdmin(contest, viewer)) return refuseFile(403, notAdmin);
  return { contest, viewer };
}
