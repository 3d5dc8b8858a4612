import type { CarouselEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import { carouselMessages } from './carousel.rejections';
import type { CarouselState } from './carousel.state';

export interface AddCarouselImage {
  /** Stored in the blob store by the route before deciding. */
  readonly image: { readonly fileName: string; readonly sha256: string; readonly contentType: string };
  readonly addedBy: string;
  readonly addedAt: string;
}

export const addCarouselImage =
  (command: AddCarouselImage) =>
  (state: CarouselState): CarouselEvent[] => [
    {
      type: 'CarouselImageAdded',
      data: { imageId: state.lastImageId + 1, ...command.image, addedBy: command.addedBy, addedAt: command.addedAt },
    },
  ];

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
