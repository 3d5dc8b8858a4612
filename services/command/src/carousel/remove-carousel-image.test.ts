import { describe, it } from 'vitest';
import { aCarouselImageAdded, aCarouselImageRemoved } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { carouselMessages } from './carousel.rejections';
import { carouselModel } from './carousel.state';
import { removeCarouselImage } from './remove-carousel-image';

const at = '2026-05-01T10:00:00.000Z';

describe('removeCarouselImage', () => {
  it('removes an image on the carousel', () => {
    given(carouselModel, aCarouselImageAdded({ imageId: 1 }))
      .when(removeCarouselImage({ imageId: 1, removedBy: 'root-uid', removedAt: at }))
      .then([aCarouselImageRemoved({ imageId: 1, removedAt: at })]);
  });

  it('rejects an id that is not on the carousel', () => {
    given(carouselModel, aCarouselImageAdded({ imageId: 1 }), aCarouselImageRemoved({ imageId: 1 }))
      .when(removeCarouselImage({ imageId: 1, removedBy: 'root-uid', removedAt: at }))
      .thenRejects(400, carouselMessages.imageMissing);
  });
});
