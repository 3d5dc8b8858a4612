import { systemInfoSchema, type SystemInfo } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';

export type { SystemInfo };

/** GET /api/get-system-info (ours; docs/home-and-ranks.md): versions and the judge queue. */
export const getSystemInfo = () => apiGet('/get-system-info', systemInfoSchema);
