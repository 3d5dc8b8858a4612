import type { Projection } from '../runner/projection';
import { siteConfigProjection } from './site-config/site-config.projection';
import { acceptedProblemsProjection } from './accepted-problems/accepted-problems.projection';
import { problemsProjection } from './problems/problems.projection';
import { problemCountersProjection } from './problem-counters/problem-counters.projection';
import { submissionsProjection } from './submissions/submissions.projection';
import { testRunsProjection } from './test-runs/test-runs.projection';
import { tagsProjection } from './tags/tags.projection';
import { usersProjection } from './users/users.projection';
import { announcementsProjection } from './announcements/announcements.projection';
import { publicImagesProjection } from './public-images/public-images.projection';
import { userRanksProjection } from './user-ranks/user-ranks.projection';
import { contestsProjection } from './contests/contests.projection';
import { contestRegistrationsProjection } from './contest-registrations/contest-registrations.projection';
import {
  acmScoreboardProjection,
  oiScoreboardProjection,
  sealedAcmScoreboardProjection,
  sealedOiScoreboardProjection,
} from './contest-scoreboards/scoreboards';
import { contestAdminToolsProjection } from './contest-admin-tools/contest-admin-tools.projection';
import { userSessionsProjection } from './user-sessions/user-sessions.projection';
import { auditEntriesProjection } from './audit-entries/audit-entries.projection';
import { rejudgingsProjection } from './rejudgings/rejudgings.projection';

/**
 * Every projection the projector runs, registered explicitly (no directory scan). Append yours here;
 * its name is its checkpoint row and the argument of `npm run projections:rebuild -- <name>`.
 */
export const projections: readonly Projection[] = [
  usersProjection,
  siteConfigProjection,
  submissionsProjection,
  problemCountersProjection,
  acceptedProblemsProjection,
  testRunsProjection,
  problemsProjection,
  tagsProjection,
  announcementsProjection,
  publicImagesProjection,
  userRanksProjection,
  contestsProjection,
  contestRegistrationsProjection,
  acmScoreboardProjection,
  sealedAcmScoreboardProjection,
  oiScoreboardProjection,
  sealedOiScoreboardProjection,
  contestAdminToolsProjection,
  userSessionsProjection,
  auditEntriesProjection,
  rejudgingsProjection,
];
