import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { RoleName, userStream, type EventStore } from '@oj/events';
import { ApiError, principalOf, success, type BlobStore, type Clock } from '@oj/platform';
import type { Database } from '@oj/read-models';
import { awaitWrites, type AwaitProjections } from '../handling/await-projection';
import { handleCommand } from '../handling/handle-command';
import { avatarModel } from './avatar.state';
import { avatarMessages } from './avatars.rejections';
import { changeAvatar } from './change-avatar';

export interface AvatarsDependencies {
  readonly store: EventStore;
  readonly db: Kysely<Database>;
  readonly blobs: BlobStore;
  readonly clock: Clock;
  readonly newId: () => string;
  readonly awaitProjections: AwaitProjections;
}

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

/** The reply of upload-avatar (files §6): the caller's user info with the new avatar. */
async function readAvatarReply(db: Kysely<Database>, userId: string) {
  const row = await db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  const role = RoleName.safeParse(row.role);
  return {
    uid: row.user_id,
    username: row.username,
    nickname: row.nickname,
    avatar: row.avatar,
    email: row.email,
    number: row.number,
    school: row.school,
    course: null,
    signature: row.signature,
    realname: row.realname,
    github: row.github,
    blog: row.blog,
    cfUsername: row.cf_username,
    roleList: role.success ? [role.data] : [],
  };
}

/** Needs @fastify/multipart in the calling scope (app.ts registers it for the file calls). */
export function avatarsRoutes(app: FastifyInstance, dependencies: AvatarsDependencies): void {
  app.post('/file/upload-avatar', { config: { access: 'login' } }, async (request) => {
    const { userId } = principalOf(request);
    const image = await readAvatar(request);
    const sha256 = await dependencies.blobs.put(image.bytes);
    const handled = await handleCommand(
      { store: dependencies.store, newEventId: dependencies.newId },
      userStream(userId),
      avatarModel,
      changeAvatar({
        userId,
        image: { fileName: `${sha256}.${image.suffix}`, sha256, contentType: image.contentType },
        changedAt: dependencies.clock.now().toISOString(),
      }),
      { correlationId: request.id, causationId: request.id, clientIp: request.ip, actorId: userId },
    );
    await awaitWrites(dependencies.awaitProjections, handled);
    return success(await readAvatarReply(dependencies.db, userId));
  });
}
