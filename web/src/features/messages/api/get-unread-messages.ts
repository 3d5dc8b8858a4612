import { z } from 'zod';
import { apiGet } from '@/lib/api-client';

/** GET /api/msg/unread (api-community-groups-admin §…, "msg/unread"): unread counts per box. */
const unreadSchema = z.object({
  comment: z.number().default(0),
  reply: z.number().default(0),
  like: z.number().default(0),
  sys: z.number().default(0),
  mine: z.number().default(0),
});
export type UnreadMessages = z.infer<typeof unreadSchema>;

export const getUnreadMessages = () => apiGet('/msg/unread', unreadSchema, { silent: true });

export const totalUnread = (unread: UnreadMessages): number =>
  unread.comment + unread.reply + unread.like + unread.sys + unread.mine;
