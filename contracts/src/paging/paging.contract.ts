import { z } from 'zod';
import { pageMax } from '../input/bounded-input.contract';

/**
 * The page parameters of HOJ's list calls, lenient as HOJ is (junk reads as the default) but bounded: a page
 * past `pageMax` reads as the last allowed one, so `(page - 1) * size` stays a small OFFSET.
 */
export const pageNumber = z.coerce
  .number()
  .int()
  .catch(1)
  .transform((value) => Math.min(Math.max(value, 1), pageMax));

/** A page size: junk or below 1 reads as `fallback`, above `max` as `max`. */
export const pageSizeOf = (fallback: number, max = 500) =>
  z.coerce
    .number()
    .int()
    .catch(fallback)
    .transform((value) => (value < 1 ? fallback : Math.min(value, max)));
