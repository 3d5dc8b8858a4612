import { cutText } from '@oj/platform';

/**
 * The longest case message the judge stores. HOJ keeps up to 1 MiB, but the message is shown in a table cell,
 * and a testlib message is read from its first 1024 characters anyway (judging.md §5.2).
 */
export const caseMessageChars = 1000;

/**
 * A case message as CaseJudged carries it: a checker's or interactor's stderr is anything its author printed,
 * so NUL (which Postgres keeps neither in text nor in jsonb, and which would fail the append every time) is
 * dropped, and the text is cut on a code point so no half of a surrogate pair is left behind.
 */
export function caseMessage(text: string): string {
  return cutText(text.replaceAll('\u0000', ''), caseMessageChars);
}
