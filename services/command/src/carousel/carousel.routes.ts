import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicImageUrl, siteStream, type CarouselEvent } from '@oj/events';
import { ApiError, hojReply, principalOf, success, type LocalizedText, type ZodRequests } from '@oj/platform';
import { carouselImageSchema, noData, removeCarouselImageQuery } from '@oj/contracts';
import type { CommandContext } from '../command-context';
import type { Decide } from '../handling/decider';
import { runCommand } from '../handling/run-command';
import { carouselMessages } from './carousel.rejections';
import { carouselModel, type CarouselState } from './carousel.state';
import { addCarouselImage } from './add-carousel-image';
import { removeCarouselImage } from './remove-carousel-image';

/** HOJ's carousel suffixes (files §6), as an exact list rather than HOJ's substring test. */
const contentTypes: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jfif: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** HOJ sets no size limit; we cap an image at 16 MiB so one upload can't fill the disk. */
const maxCarouselImageBytes = 16 * 1024 * 1024;

interface UploadedImage {
  readonly bytes: Uint8Array;
  readonly suffix: string;
  readonly contentType: string;
}

const isTooLarge = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';

/** The first file of the multipart request, checked for presence, suffix and size (in HOJ's order). */
async function readCarouselImage(
  request: FastifyRequest,
  messages: {
    readonly fileMissing: LocalizedText;
    readonly wrongType: LocalizedText;
    readonly tooLarge: LocalizedText;
  },
): Promise<UploadedImage> {
  const file = request.isMultipart()
    ? await request.file({ limits: { fileSize: maxCarouselImageBytes, files: 1 } })
    : undefined;
  if (!file) throw new ApiError(400, messages.fileMissing);
  const suffix = file.filename.includes('.') ? (file.filename.split('.').pop() ?? '').toLowerCase() : '';
  const contentType = contentTypes[suffix];
  if (!contentType) {
    file.file.resume();
    throw new ApiError(400, messages.wrongType);
  }
  try {
    const bytes = new Uint8Array(await file.toBuffer());
    if (bytes.length === 0) throw new ApiError(400, messages.fileMissing);
    return { bytes, suffix, contentType };
  } catch (error) {
    if (isTooLarge(error)) throw new ApiError(400, messages.tooLarge);
    throw error;
  }
}

/** The uploads answer the new image as the home page lists it, `{id, url}`. */
const rootUpload = { config: { access: 'login' as const, roles: ['root' as const] }, ...hojReply(carouselImageSchema) };
const removeImage = {
  config: { access: 'login' as const, roles: ['root' as const], permission: 'system_info_admin' as const },
  ...hojReply(noData, { query: removeCarouselImageQuery }),
};

/** Needs @fastify/multipart in the calling scope (app.ts registers it for the file calls). */
export function carouselRoutes(server: FastifyInstance, dependencies: CommandContext): void {
  const app = server.withTypeProvider<ZodRequests>();
  const run = async (request: FastifyRequest, decide: Decide<CarouselState, CarouselEvent>) => {
    const handled = await runCommand(dependencies, request, siteStream, carouselModel, decide);
    return handled.events[0] ?? null;
  };
  const now = () => dependencies.clock.now().toISOString();

  const upload = async (request: FastifyRequest) => {
    const image = await readCarouselImage(request, carouselMessages);
    const sha256 = await dependencies.blobs.put(image.bytes);
    const fileName = `${sha256}.${image.suffix}`;
    const decide = addCarouselImage({
      image: { fileName, sha256, contentType: image.contentType },
      addedBy: principalOf(request).userId,
      addedAt: now(),
    });
    const event = await run(request, decide);
    const imageId = event?.type === 'CarouselImageAdded' ? event.data.imageId : null;
    return success({ id: imageId, url: publicImageUrl(fileName) });
  };
  // "carouse" is HOJ's spelling (files §6); the corrected path is accepted too. No body schema: the image is a
  // multipart file read from its stream (readCarouselImage), checked for size as it arrives.
  app.post('/file/upload-carouse-img', rootUpload, upload);
  app.post('/file/upload-carousel-img', rootUpload, upload);

  app.delete('/admin/config/home-carousel', removeImage, async (request) => {
    const { id } = request.query;
    await run(request, removeCarouselImage({ imageId: id, removedBy: principalOf(request).userId, removedAt: now() }));
    return success(null);
  });
}
