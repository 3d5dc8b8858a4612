import { z } from 'zod';
import { carouselImageSchema, noData } from '@oj/contracts';
import { apiDelete, apiGet, apiUpload } from '@/lib/api-client';

/** Carousel image types (docs/home-and-ranks.md): jpg, jpeg, jfif, gif, png, webp, svg. */
export const carouselSuffixes = ['jpg', 'jpeg', 'jfif', 'gif', 'png', 'webp', 'svg'] as const;

/** GET /api/home-carousel (api-core §2): the images the home page shows, which this section manages. */
export const getCarouselImages = () => apiGet('/home-carousel', z.array(carouselImageSchema), { silent: true });

/** POST /api/file/upload-carouse-img (HOJ's spelling, files §6): answers {id, url}. */
export const uploadCarouselImage = (file: File) => {
  const form = new FormData();
  form.set('image', file, file.name);
  return apiUpload('/file/upload-carouse-img', form, carouselImageSchema);
};

/** DELETE /api/admin/config/home-carousel?id= */
export const deleteCarouselImage = (id: number) => apiDelete('/admin/config/home-carousel', { id }, noData);
