/**
 * Pure folds over events that more than one service runs (issue 13 item 1): the projector keeps the live boards
 * with them, and the query and the replay CLI fold a contest's history to any position with the same code.
 * No IO here; the folds take parsed or recorded events and return values.
 */
export { contestBoardAfter } from './contest-board/board-contest';
export {
  boardRowOf,
  recordStatusOf,
  sealStartSeconds,
  type AcmCell,
  type BoardContest,
  type BoardRecord,
  type BoardRow,
  type BoardView,
} from './contest-board/scoreboard-rows';
export { movesRows, recordAfter, type ScoreboardRecord } from './contest-board/scoreboard-records';
export {
  byBoardOrder,
  emptyReplay,
  positionAt,
  replayAfter,
  replayAll,
  replayAt,
  replayCheckpoints,
  replayedRows,
  replayedUsernames,
  type ReplayCheckpoints,
  type ReplayedContest,
} from './contest-board/board-replay';
export {
  boardTimeline,
  emptyTimeline,
  extendTimeline,
  timelineUsernamesAt,
  timelineUsersNamed,
  type BoardTimeline,
  type PlacedRow,
} from './contest-board/board-timeline';
export {
  timelineBoardAt,
  timelineRowsAt,
  type OrderedBoard,
  type TimelineBoard,
} from './contest-board/timeline-boards';
