import { z } from 'zod';
import { apiGet } from '@/lib/api-client';

/** GET /api/get-random-problem (api-core §3): a display id to open. */
export const getRandomProblem = () => apiGet('/get-random-problem', z.looseObject({ problemId: z.string() }));
