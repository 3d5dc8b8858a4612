import { z } from 'zod';
import { pageOf } from '@oj/contracts';

type TolerantShape<Shape extends z.ZodRawShape, Kept extends keyof Shape> = {
  [Key in keyof Shape]: Key extends Kept ? Shape[Key] : z.ZodOptional<z.ZodNullable<Shape[Key]>>;
};

/**
 * A contract's reply schema as the web reads it: the shape is the contract's (`@oj/contracts`, written once), but
 * every field but `kept` may be missing or null and unknown fields pass, so a page still renders a reply from an
 * older server or a copy cached in local storage before a field was added. Only the fields a page cannot do
 * without are `kept`.
 */
export function tolerantOf<Shape extends z.ZodRawShape, Kept extends keyof Shape = never>(
  contract: z.ZodObject<Shape>,
  kept: readonly Kept[] = [],
): z.ZodObject<TolerantShape<Shape, Kept>, z.core.$loose> {
  const shape = Object.fromEntries(
    Object.entries(contract.shape).map(([name, field]) => [
      name,
      (kept as readonly string[]).includes(name) ? field : (field as z.ZodType).nullish(),
    ]),
  );
  // Object.fromEntries loses the mapped type that the signature states.
  return z.looseObject(shape) as unknown as z.ZodObject<TolerantShape<Shape, Kept>, z.core.$loose>;
}

/** HOJ's page (`pageOf` of the contracts) read tolerantly: only the rows and the total are needed. */
export const tolerantPageOf = <Row extends z.ZodType>(row: Row) => tolerantOf(pageOf(row), ['records', 'total']);
