import { z } from 'zod';

/** HOJ's reply shape (api-core §0.1): every JSON reply, success or failure. */
export interface Envelope<Data> {
  readonly status: number;
  readonly msg: string;
  readonly data: Data;
}

export function envelope<Data extends z.ZodType>(data: Data) {
  return z.object({ status: z.number().int(), msg: z.string(), data });
}

export function success<Data>(data: Data, msg = 'success'): Envelope<Data> {
  return { status: 200, msg, data };
}
