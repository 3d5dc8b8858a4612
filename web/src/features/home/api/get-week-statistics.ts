import { weekStatisticsSchema } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';

/** GET /api/get-last-week-submission-statistics (api-core §2): seven UTC days, oldest first. */
export const getWeekStatistics = () => apiGet('/get-last-week-submission-statistics', weekStatisticsSchema);
