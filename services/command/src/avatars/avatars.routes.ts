import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userStream } from '@oj/events';
import type { Kysely } from 'kysely';
import { uploadAvatarReply } from '@oj/contracts';
import { ApiError, hojReply, principalOf, success } from '@oj/platform';
import type { Database } from '@oj/read-models';
import type { CommandContext } from '../command-context';
import { runCommand } from '../handling/run-command';
import { readUserInfo } from '../users/account-reads/user-info';
import { avatarModel } from './avatar.state';
import { avatarMessages } from './avatars.rejections';
import { changeAvatar } from './change-avatar';

/** Spec 002 §5: gif, jpg, jpeg, png, bmp, webp up to 2 MiB (the browser sends a 200x200 png crop). */
const avatarTypes: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
  bmp: 'image/bmp',
  webp: 'image/webp',
};
export const maxAvatarBytes = 2 * 1024 * 1024;

const isTooLarge = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';

/** The `image` part, checked in HOJ's order: present, size, suffix. */
async function readAvatar(request: FastifyRequest) {
  const file = request.isMultipart()
    ? await request.file({ limits: { fileSize: maxAvatarBytes, files: 1 } })
    : undefined;
  if (!file) throw new ApiError(400, avatarMessages.fileMissing);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.toBuffer());
  } catch (error) {
    if (isTooLarge(error)) throw new ApiError(400, avatarMessages.tooLarge);
    throw error;
  }
  if (bytes.length === 0) throw new ApiError(400, avatarMessages.fileMissing);
  const suffix = file.filename.includes('.') ? (file.filename.split('.').pop() ?? '').toLowerCase() : '';
  const contentType = avatarTypes[suffix];
  if (!contentType) throw new ApiError(400, avatarMessages.wrongType);
  return { bytes, suffix, contentType };
}

/** The reply of upload-avatar (files §6): the caller's user info with the new avatar, less gender and title. */
async function readAvatarReply(db: Kysely<Database>, userId: string) {
  const info = await readUserInfo(db, userId);
  return info && uploadAvatarReply.parse(info);
}

/** Needs @fastify/multipart in the calling scope (app.ts registers it for the file calls). */
export function avatarsRoutes(app: FastifyInstance, dependencies: CommandContext): void {
  // No body schema: the image is a multipart file read from its stream (readAvatar), checked for size as it arrives.
  app.post('/file/upload-avatar', { config: { access: 'login' }, ...hojReply(uploadAvatarReply) }, async (request) => {
    const { userId } = principalOf(request);
    const image = await readAvatar(request);
    const sha256 = await dependencies.blobs.put(image.bytes);
    await runCommand(
      dependencies,
      request,
      userStream(userId),
      avatarModel,
      changeAvatar({
        userId,
        image: { fileName: `${sha256}.${image.suffix}`, sha256, contentType: image.contentType },
        changedAt: dependencies.clock.now().toISOString(),
      }),
    );
    return success(await readAvatarReply(dependencies.db, userId));
  });
}
