import type { LocalizedText } from '@oj/platform';

/** Messages of POST /api/file/upload-avatar (files §6; spec 002 §5 adds bmp to HOJ's list). */
export const avatarMessages = {
  fileMissing: { 'zh-CN': '上传的头像图片文件不能为空！', 'en-US': 'The avatar image file must not be empty!' },
  tooLarge: { 'zh-CN': '上传的头像图片文件大小不能大于2M！', 'en-US': 'The avatar image may be at most 2 MB!' },
  wrongType: {
    'zh-CN': '请选择jpg,jpeg,gif,png,webp,bmp格式的头像图片！',
    'en-US': 'Please choose an avatar image in jpg, jpeg, gif, png, webp or bmp format!',
  },
  userMissing: { 'zh-CN': '用户不存在', 'en-US': 'The user does not exist' },
} as const satisfies Record<string, LocalizedText>;
