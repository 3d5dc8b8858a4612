import { createQueryId, PostgresQueryCompiler, type Kysely, type RawBuilder } from 'kysely';
import { createRequire } from 'node:module';

// node-postgres's own conversion of a parameter to the text it sends (pg/lib/utils, untyped and not a
// declared export): a value is written in as exactly that text. Required here with its type stated, so
// every program that compiles this file (each workspace's typecheck) needs no ambient declaration.
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue(value: unknown): string | Buffer | null;
};

/**
 * A statement's text with its values written in as literals, for a multi-statement query (the simple query
 * protocol carries no bind parameters). Each value becomes exactly the text node-postgres would have sent as its
 * parameter (`prepareValue`: numbers and bigints as digits, arrays as array literals, dates as timestamps), quoted
 * as node-postgres's `escapeLiteral` quotes (quotes doubled, and an E'' string with backslashes doubled when there is one, so the literal
 * reads the same whatever `standard_conforming_strings` says). A quoted literal and an untyped parameter are both
 * of type unknown until the statement's context types them, so the statement means what it meant with parameters.
 * Identifiers and immediate values (`sql.table`, `sql.lit`) are compiled as kysely always compiles them.
 */
class InliningCompiler extends PostgresQueryCompiler {
  protected override appendValue(value: unknown): void {
    this.append(literalOf(value));
  }
}

/** One value as a literal; a NUL is refused (PostgreSQL's text cannot hold it, and the query text must not). */
export function literalOf(value: unknown): string {
  const prepared: unknown = prepareValue(value);
  if (prepared === null) return 'NULL';
  if (typeof prepared !== 'string') throw new TypeError('only text values can be written into a statement');
  if (prepared.includes('\0')) throw new RangeError('a value with a NUL character cannot be written into a statement');
  return quotedLiteral(prepared);
}

/**
 * node-postgres's `escapeLiteral` (quotes doubled; with a backslash, backslashes doubled and an E'' string), built
 * with two replaces instead of its string grown one character at a time: that allocated ~30 KB per verdict, most
 * of the inlined statement's cost (a unit property holds the two equal).
 */
export function quotedLiteral(text: string): string {
  const quotes = text.replaceAll("'", "''");
  return text.includes('\\') ? ` E'${quotes.replaceAll('\\', '\\\\')}'` : `'${quotes}'`;
}

/** The statement's text with every value inlined, after the plugins of `db` (none today) transformed it. */
export function inlinedStatement<Schema>(db: Kysely<Schema>, statement: RawBuilder<unknown>): string {
  const queryId = createQueryId();
  const node = db.getExecutor().transformQuery(statement.toOperationNode(), queryId);
  return new InliningCompiler().compileQuery(node, queryId).sql;
}
