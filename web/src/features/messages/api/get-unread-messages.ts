import { z } from 'zod';
import { apiGet } from '@/lib/api-client';

/** GET /api/msg/unread (api-community-groups-admin §…, "msg/unread"): unread counts per box. */
// No server route answers /msg/unread yet (the messages area is not built), so no contract declares its reply and
// this schema stays local; the poll is silent and the badge stays at 0. It moves to the contract with the route.
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
