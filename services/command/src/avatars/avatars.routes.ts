import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RoleName, userStream } from '@oj/events';
import type { Kysely } from 'kysely';
import { ApiError, principalOf, success } from '@oj/platform';
import type { Database } from '@oj/read-models';
import type { CommandContext } from '../command-context';
import { runCommand } from '../handling/run-command';
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
export function avatarsRoutes(app: FastifyInstance, dependencies: CommandContext): void {
  app.post('/file/upload-avatar', { config: { access: 'login' } }, async (request) => {
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
