import { z } from 'zod';

/** A boolean query or body parameter as HOJ's clients send it: a JSON boolean or the text `true`/`false`. */
export const flagParam = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true');

/** An optional switch whose malformed value reads as off instead of refusing the call. */
export const lenientFlagParam = flagParam.catch(false);
