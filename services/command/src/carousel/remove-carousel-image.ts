import type { CarouselEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import { carouselMessages } from './carousel.rejections';
import type { CarouselState } from './carousel.state';

export interface RemoveCarouselImage {
  readonly imageId: number;
  readonly removedBy: string;
  readonly removedAt: string;
}

/** The blob stays: the store is content-addressed and another row may share it. */
export const removeCarouselImage =
  (command: RemoveCarouselImage) =>
  (state: CarouselState): CarouselEvent[] => {
    if (!state.imageIds.includes(command.imageId)) throw new CommandRejected(400, carouselMessages.imageMissing);
    return [{ type: 'CarouselImageRemoved', data: { ...command } }];
  };
