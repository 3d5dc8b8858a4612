import type { ContestEvent, ContestSettings } from '../../catalogue/contest';
import type { BoardContest } from './scoreboard-rows';

const settingsFacts = (settings: ContestSettings) => ({
  startAt: settings.startAt,
  endAt: settings.endAt,
  durationSeconds: settings.durationSeconds,
  sealRank: settings.sealRank,
  sealRankAt: settings.sealRankAt,
  oiRankScoreType: settings.oiRankScoreType,
});

/** The contest facts a board depends on after one contest event; the same object when nothing relevant changed. */
export function contestBoardAfter(current: BoardContest | null, event: ContestEvent): BoardContest | null {
  switch (event.type) {
    case 'ContestCreated':
      return current ?? { type: event.data.type, ...settingsFacts(event.data.settings), displayIds: {} };
    case 'ContestSettingsChanged':
      return current && { ...current, ...settingsFacts(event.data.settings) };
    case 'ContestProblemAdded':
    case 'ContestProblemChanged':
      return (
        current && {
          ...current,
          displayIds: { ...current.displayIds, [String(event.data.contestProblemId)]: event.data.displayId },
        }
      );
    case 'ContestProblemRemoved': {
      if (!current) return null;
      const { [String(event.data.contestProblemId)]: _removed, ...displayIds } = current.displayIds;
      return { ...current, displayIds };
    }
    default:
      return current;
  }
}
