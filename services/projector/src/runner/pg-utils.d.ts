// node-postgres's own conversion of a parameter to the text it sends (exported as pg/lib/utils, untyped):
// inline-statement.ts writes a value in as exactly that text.
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): string | Buffer | null;
}
