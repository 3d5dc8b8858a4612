import { z } from 'zod';
import {
  scrollBoardInfoSchema,
  scrollBoardSubmissionSchema,
  type ScrollBoardInfo,
  type ScrollBoardSubmission,
} from '@oj/contracts';
import { apiGet } from '@/lib/api-client';

export type { ScrollBoardInfo, ScrollBoardSubmission };

/** GET /api/get-contest-scroll-board-info (reference §1.2.9): ended, sealed ACM contests only. */
export const getScrollBoardInfo = (cid: string) =>
  apiGet('/get-contest-scroll-board-info', scrollBoardInfoSchema, { query: { cid } });

/** GET /api/get-contest-scroll-board-submission (reference §1.2.10), newest first. */
export const getScrollBoardSubmissions = (cid: string, removeStar: boolean) =>
  apiGet('/get-contest-scroll-board-submission', z.array(scrollBoardSubmissionSchema), {
    query: { cid, removeStar },
  });
