/**
 * `@oj/query/testing`: what @oj/testbed's query API tests and benches reach below the HTTP surface. They live there
 * because they fill the read models through the projector, which the query service itself never imports.
 */
export { readRankedPage, readBoard } from '../scoreboards/board.queries';
export type { BoardChoice } from '../scoreboards/board-cells.queries';
export { pageOfRanked, rankEntries, type PageRequest, type RankSettings } from '../scoreboards/scoreboard-ranking';
export { scrollBoardTimeOf } from '../scoreboards/scroll-board.routes';
export {
  liveMaxPayloadBytes,
  liveMaxSocketsPerAddress,
  liveMaxTopicsPerSocket,
  liveSocketPluginOptions,
} from '../live/live.routes';
export { ccsFeedPage, ccsFeedPageSize } from '../ccs/ccs.queries';
