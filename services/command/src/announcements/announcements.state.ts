import { type AnnouncementEvent, announcementEvents } from '@oj/events';
import { parserFor, type StreamModel } from '../handling/decider';

export interface AnnouncementFacts {
  readonly title: string;
  readonly content: string;
  readonly isVisible: boolean;
}

/** The site stream's announcements (other site events are skipped by the parser). */
export interface AnnouncementsState {
  /** The highest id ever handed out; deleted ids are not reused, as with HOJ's auto-increment. */
  readonly lastId: number;
  readonly announcements: Readonly<Record<number, AnnouncementFacts>>;
}

export const initialAnnouncementsState: AnnouncementsState = { lastId: 0, announcements: {} };

function evolve(state: AnnouncementsState, event: AnnouncementEvent): AnnouncementsState {
  const id = event.data.announcementId;
  const current = state.announcements[id];
  const put = (facts: AnnouncementFacts) => ({ ...state.announcements, [id]: facts });
  switch (event.type) {
    case 'AnnouncementPublished': {
      const { title, content, isVisible } = event.data;
      return { lastId: Math.max(state.lastId, id), announcements: put({ title, content, isVisible }) };
    }
    case 'AnnouncementEdited': {
      const { title, content } = event.data;
      return current ? { ...state, announcements: put({ ...current, title, content }) } : state;
    }
    case 'AnnouncementVisibilityChanged':
      return current ? { ...state, announcements: put({ ...current, isVisible: event.data.isVisible }) } : state;
    case 'AnnouncementDeleted': {
      const { [id]: _deleted, ...rest } = state.announcements;
      return { ...state, announcements: rest };
    }
  }
}

export const announcementsModel: StreamModel<AnnouncementsState, AnnouncementEvent> = {
  initialState: initialAnnouncementsState,
  evolve,
  parse: parserFor(announcementEvents),
};
