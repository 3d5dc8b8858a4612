import { z } from 'zod';
import { carouselImageSchema } from '@oj/contracts';
import { apiGet } from '@/lib/api-client';

export type CarouselImage = z.infer<typeof carouselImageSchema>;

/** GET /api/home-carousel (api-core §2). */
export const getHomeCarousel = () => apiGet('/home-carousel', z.array(carouselImageSchema), { silent: true });
