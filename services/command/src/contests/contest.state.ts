import { contestEventSchemas, type ContestEvent, type ContestSettings, type ContestType } from '@oj/events';
import type { DomainEvent, StreamModel } from '../handling/decider';

export interface ContestProblemFacts {
  readonly problemId: number;
  readonly displayId: string;
  readonly displayTitle: string;
  readonly color: string | null;
}

/** What the contest deciders need: existence, ownership, settings, problem links, registrations, announcements. */
export interface ContestState {
  readonly contest: {
    readonly contestId: number;
    readonly type: ContestType;
    readonly createdBy: string;
    readonly visible: boolean;
    readonly settings: ContestSettings;
  } | null;
  readonly isDeleted: boolean;
  readonly problems: Readonly<Record<number, ContestProblemFacts>>;
  readonly registeredUserIds: readonly string[];
  readonly announcementIds: readonly number[];
  readonly printIds: readonly number[];
}

export const initialContestState: ContestState = {
  contest: null,
  isDeleted: false,
  problems: {},
  registeredUserIds: [],
  announcementIds: [],
  printIds: [],
};

function evolve(state: ContestState, event: ContestEvent): ContestState {
  const contest = state.contest;
  switch (event.type) {
    case 'ContestCreated': {
      const { contestId, type, createdBy, settings } = event.data;
      return { ...state, contest: { contestId, type, createdBy, visible: true, settings } };
    }
    case 'ContestSettingsChanged':
      return contest ? { ...state, contest: { ...contest, settings: event.data.settings } } : state;
    case 'ContestVisibilityChanged':
      return contest ? { ...state, contest: { ...contest, visible: event.data.visible } } : state;
    case 'ContestDeleted':
      return { ...initialContestState, isDeleted: true };
    case 'ContestantRegistered':
      return { ...state, registeredUserIds: [...state.registeredUserIds, event.data.userId] };
    case 'ContestRegistrationsCleared':
      return { ...state, registeredUserIds: [] };
    case 'ContestProblemAdded':
    case 'ContestProblemChanged': {
      const previous = state.problems[event.data.contestProblemId];
      const problemId = 'problemId' in event.data ? event.data.problemId : (previous?.problemId ?? 0);
      const { displayId, displayTitle, color } = event.data;
      return {
        ...state,
        problems: { ...state.problems, [event.data.contestProblemId]: { problemId, displayId, displayTitle, color } },
      };
    }
    case 'ContestProblemRemoved': {
      const { [event.data.contestProblemId]: _removed, ...problems } = state.problems;
      return { ...state, problems };
    }
    case 'ContestAnnouncementPosted':
      return { ...state, announcementIds: [...state.announcementIds, event.data.announcementId] };
    case 'ContestAnnouncementRemoved':
      return { ...state, announcementIds: state.announcementIds.filter((id) => id !== event.data.announcementId) };
    case 'ContestAnnouncementEdited':
    case 'ContestAcCheckChanged':
    case 'ContestPrintMarkedPrinted':
      return state;
    case 'ContestPrintRequested':
      return { ...state, printIds: [...state.printIds, event.data.printId] };
  }
}

function parse(event: DomainEvent): ContestEvent | null {
  if (!(event.type in contestEventSchemas)) return null;
  const type = event.type as ContestEvent['type'];
  const result = contestEventSchemas[type].safeParse(event.data);
  return result.success ? ({ type, data: result.data } as ContestEvent) : null;
}

export const contestModel: StreamModel<ContestState, ContestEvent> = {
  initialState: initialContestState,
  evolve,
  parse,
};
