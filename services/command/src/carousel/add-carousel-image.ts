import type { CarouselEvent } from '@oj/events';
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
