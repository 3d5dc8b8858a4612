/**
 * `@oj/query/testing`: what the cross-service benches of @oj/testbed read directly. The scoreboard bench times the
 * first rank page through the same query the route uses, without HTTP around it.
 */
export { readRankedPage } from '../scoreboards/board.queries';
