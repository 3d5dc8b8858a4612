import { projectionRebuildSchema, projectionsOverviewSchema, rebuildProjectionsReplySchema } from '@oj/contracts';
import { apiGet, apiPost } from '@/lib/api-client';

/** GET /api/admin/projections (ours): every projection with its checkpoint, lag, rows, state and last rebuild. */
export const getProjectionsOverview = () => apiGet('/admin/projections', projectionsOverviewSchema);

/** GET /api/admin/projections/rebuild: one rebuild request, its progress and its report. */
export const getProjectionRebuild = (id: string) =>
  apiGet('/admin/projections/rebuild', projectionRebuildSchema, { query: { id } });

/** POST /api/admin/projections/rebuild: one projection by name, or `all`; the projector does the work. */
export const requestProjectionRebuild = (projection: string) =>
  apiPost('/admin/projections/rebuild', { projection }, rebuildProjectionsReplySchema);
