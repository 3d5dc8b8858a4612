import { z } from 'zod';
import { apiGet } from '@/lib/api-client';

/** GET /api/admin/contest/clone: a copy of the contest's settings only, owned by the caller (root or its creator). */
export const cloneContest = (cid: string) => apiGet('/admin/contest/clone', z.unknown(), { query: { cid } });
