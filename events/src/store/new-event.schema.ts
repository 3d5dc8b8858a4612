import { z } from 'zod';
import type { NewEvent } from './event-store';

/** The store's inbound boundary: what every implementation accepts before it touches the database. */
export const newEventSchema = z.object({
  id: z.guid(),
  type: z.string().min(1),
  data: z.unknown(),
  metadata: z.record(z.string(), z.string()).optional(),
});

export const newEventBatchSchema = z
  .array(newEventSchema)
  .refine((events) => new Set(events.map((event) => event.id.toLowerCase())).size === events.length, {
    message: 'a batch names the same event id twice',
  });

export function parseNewEvents(events: readonly NewEvent[]): readonly NewEvent[] {
  return newEventBatchSchema.parse(events);
}
