import { describe, it } from 'vitest';
import { aCarouselImageAdded, aCarouselImageRemoved } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { carouselModel } from './carousel.state';
import { addCarouselImage } from './add-carousel-image';

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
