import { z } from 'zod';
import { apiPost } from '@/lib/api-client';
import { submissionSchema } from './submission-schemas';

const replySchema = z.record(z.string(), submissionSchema);

/** POST /api/check-submissions-status (api-core §4): the rows the list and pages poll. */
export const checkSubmissionsStatus = (submitIds: readonly string[]) =>
  apiPost('/check-submissions-status', { submitIds: submitIds.map(Number), cid: 0 }, replySchema, { silent: true });
