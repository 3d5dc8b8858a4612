import { type CarouselEvent, carouselEvents } from '@oj/events';
import { parserFor, type StreamModel } from '../handling/decider';

/** The carousel as the `site` stream says it is now. */
export interface CarouselState {
  /** Ids are never reused, as HOJ's file-row auto-increment. */
  readonly lastImageId: number;
  readonly imageIds: readonly number[];
}

export const carouselModel: StreamModel<CarouselState, CarouselEvent> = {
  initialState: { lastImageId: 0, imageIds: [] },
  evolve: (state, event) =>
    event.type === 'CarouselImageAdded'
      ? {
          lastImageId: Math.max(state.lastImageId, event.data.imageId),
          imageIds: [...state.imageIds, event.data.imageId],
        }
      : { ...state, imageIds: state.imageIds.filter((id) => id !== event.data.imageId) },
  parse: parserFor(carouselEvents),
};
