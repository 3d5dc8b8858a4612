import { z } from 'zod';

/** MyBatis-Plus's page object, which every HOJ list endpoint answers with (api-core §0.1). */
export const pageOf = <Row extends z.ZodType>(row: Row) =>
  z.object({
    records: z.array(row),
    total: z.number().int(),
    size: z.number().int(),
    current: z.number().int(),
    pages: z.number().int(),
    orders: z.array(z.unknown()),
    optimizeCountSql: z.boolean(),
    searchCount: z.boolean(),
  });
