import { z } from 'zod';

/** A live push: the named topic changed; the client re-fetches what it shows (polling stays the fallback). */
export const liveMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('changed'), topic: z.string(), position: z.string() }),
  z.object({ type: z.literal('subscribed'), topics: z.array(z.string()) }),
]);
export type LiveMessage = z.infer<typeof liveMessageSchema>;

/** What a client sends over /api/ws. */
export const liveRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), topics: z.array(z.string().max(200)).max(100) }),
  z.object({ type: z.literal('unsubscribe'), topics: z.array(z.string().max(200)).max(100) }),
  /** The token the HTTP calls send (browsers cannot set headers on a websocket); pushes then follow that user. */
  z.object({ type: z.literal('authenticate'), token: z.string().max(2000) }),
]);
export type LiveRequest = z.infer<typeof liveRequestSchema>;
