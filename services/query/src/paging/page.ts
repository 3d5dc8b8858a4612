/** MyBatis-Plus's page object (api-core §0.1), the reply of every HOJ list call; `size` is the page size asked for. */
export function page<Row>(records: Row[], total: number, size: number, current: number) {
  return {
    records,
    total,
    size,
    current,
    pages: Math.ceil(total / size),
    orders: [],
    optimizeCountSql: true,
    searchCount: true,
  };
}
