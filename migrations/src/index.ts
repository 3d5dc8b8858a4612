/** The typed read-model schema: one interface per table, added by the migration that creates it. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}
