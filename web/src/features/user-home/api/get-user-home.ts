import { calendarHeatmapSchema, userHomeSchema, type UserHome } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';

export type { UserHome };
export type UserLookup = { uid?: string; username?: string };

/** GET /api/get-user-home-info?uid|username (api-core §5); neither means the signed-in user. */
export const getUserHome = (lookup: UserLookup) => apiGet('/get-user-home-info', userHomeSchema, { query: lookup });

/** GET /api/get-user-calendar-heatmap?uid|username: a year of submissions per UTC day. */
export const getCalendarHeatmap = (lookup: UserLookup) =>
  apiGet('/get-user-calendar-heatmap', calendarHeatmapSchema, { query: lookup });
