import { z } from 'zod';

/**
 * The bounded building blocks every request schema of the command and query services is made of (issue 10,
 * "bounded input everywhere"): each string has a maximum, each number a range, each list a cap, so no request
 * can make a regular expression, a query or an event grow with the attacker's input, and no id can overflow its
 * column into an HTTP 500. This file imports zod only, as all of `@oj/contracts` does: the web app bundles it too.
 *
 * The caps sit above HOJ's own limits (65535 characters for code and documents, 255 or 500 for titles), so a
 * request inside HOJ's limits still meets the decider and its spec message; only hostile sizes stop here.
 */

/** PostgreSQL `integer`, which every id and counter column of the read models is. */
export const int4Min = -2_147_483_648;
export const int4Max = 2_147_483_647;

/** RFC 5321's longest forward path; checked before the (linear) z.email() pattern ever runs. */
export const emailMaxLength = 254;

/**
 * Character caps: a name or a one-line value, a paragraph, a document (a statement, code, an announcement) and a
 * file sent as text (a checker header such as testlib.h, about 200 KB; manual test data).
 */
export const textMax = { line: 1024, paragraph: 16 * 1024, document: 128 * 1024, file: 4 * 1024 * 1024 } as const;

/** Lists: ids the client asks about at once (HOJ's pages poll at most a page of rows), and anything larger. */
export const listMax = { ids: 200, items: 1000 } as const;

/** A page number: 1-based, far past any real page but still a safe OFFSET once multiplied by a page size. */
export const pageMax = 1_000_000;

/**
 * NUL and unpaired surrogates: Postgres stores neither in `text` nor in `jsonb`, so a request carrying one
 * would fail its query or its append with a 500 (or, written by another store, poison a projection).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const unstorableCharacter = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether Postgres can store `text` as it is (no NUL, no unpaired surrogate). */
export const isStorableText = (text: string): boolean => !unstorableCharacter.test(text);

/**
 * A string of at most `max` UTF-16 units that Postgres can store. The length is checked first and stops the
 * parse, so nothing else ever scans a hostile megabyte.
 */
export const boundedText = (max: number) => z.string().max(max, { abort: true }).refine(isStorableText);

/** A JSON or query-string integer that fits an `integer` column. */
export const int4 = z.coerce.number().int().min(int4Min).max(int4Max);

/** The same, optional: absent or empty in the query string (`?cid=`, as HOJ's client sends it) reads as unset. */
export const optionalInt4 = z.preprocess((value) => (value === '' ? undefined : value), int4.optional());

/** A row id from a query string or a JSON body: 1 … 2^31-1, as the serial columns hand them out. */
export const idParam = z.coerce.number().int().min(1).max(int4Max);

/** The same two for JSON bodies, which HOJ's clients type: a number, never text. */
export const int4Json = z.number().int().min(int4Min).max(int4Max);
export const idJson = z.number().int().min(1).max(int4Max);

/** A list of ids, capped. */
export const idList = (max: number = listMax.ids) => z.array(idParam).max(max);

/**
 * The one email schema (F1): length first (so a megabyte of dots never reaches a pattern), then trimmed, then
 * zod's linear email pattern. `message` is the caller's error key or text for both failures.
 */
export const emailAddress = (message?: string) =>
  z
    .string(message === undefined ? undefined : { error: message })
    .max(emailMaxLength, message === undefined ? undefined : { error: message })
    .pipe(
      z
        .string()
        .trim()
        .pipe(z.email(message === undefined ? undefined : { error: message })),
    );

/** Whether `text` is a well-formed email address, for callers that answer "no" rather than refuse. */
export const isEmailAddress = (text: string): boolean => emailAddress().safeParse(text).success;
