import { describe, it } from 'vitest';
import { aCarouselImageAdded, aCarouselImageRemoved } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { carouselMessages } from './carousel.rejections';
import { carouselModel } from './carousel.state';
import { addCarouselImage, removeCarouselImage } from './manage-carousel';

const at = '2026-05-01T10:00:00.000Z';
const sha256 = 'a'.repeat(64);
const image = { fileName: `${sha256}.png`, sha256, contentType: 'image/png' };

describe('addCarouselImage', () => {
  it('numbers a new image after every id used so far', () => {
    given(
      carouselModel,
      aCarouselImageAdded({ imageId: 1 }),
      aCarouselImageAdded({ imageId: 2 }),
      aCarouselImageRemoved({ imageId: 2 }),
    )
      .when(addCarouselImage({ image, addedBy: 'root-uid', addedAt: at }))
      .then([aCarouselImageAdded({ imageId: 3, ...image, addedAt: at })]);
  });
});

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
