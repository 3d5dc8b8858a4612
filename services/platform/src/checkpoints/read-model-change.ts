import { z } from 'zod';

/** The payload of NOTIFY read_model_changed, sent by the projector after each committed batch. */
export const readModelChangeSchema = z.object({
  projection: z.string(),
  /** Decimal string of the checkpoint's global position (JSON has no bigint). */
  position: z.string().regex(/^\d+$/),
  /** What changed, e.g. "contest:42"; empty when only the checkpoint moved. */
  topics: z.array(z.string()),
});

export type ReadModelChange = z.infer<typeof readModelChangeSchema>;

/** NOTIFY payloads must stay under 8000 bytes: a batch touching many topics is split across notifications. */
const maxPayloadBytes = 7000;

export function readModelChangePayloads(projection: string, position: bigint, topics: readonly string[]): string[] {
  const payloads: string[] = [];
  let chunk: string[] = [];
  const encode = (chunkTopics: string[]): string =>
    JSON.stringify({ projection, position: position.toString(), topics: chunkTopics } satisfies ReadModelChange);
  for (const topic of new Set(topics)) {
    if (chunk.length > 0 && Buffer.byteLength(encode([...chunk, topic])) > maxPayloadBytes) {
      payloads.push(encode(chunk));
      chunk = [];
    }
    chunk.push(topic);
  }
  payloads.push(encode(chunk));
  return payloads;
}
