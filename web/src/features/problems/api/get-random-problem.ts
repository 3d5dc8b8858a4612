import { randomProblemReply } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';

/** GET /api/get-random-problem (api-core §3): a display id to open. */
export const getRandomProblem = () => apiGet('/get-random-problem', randomProblemReply);
