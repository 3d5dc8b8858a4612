import type { LocalizedText } from '@oj/platform';

/** Messages of the carousel calls (admin §5.2, files §6; zh-CN is HOJ's text, "头像" slip included). */
export const carouselMessages = {
  fileMissing: { 'zh-CN': '上传的图片文件不能为空！', 'en-US': 'The uploaded image file must not be empty!' },
  wrongType: {
    'zh-CN': '请选择jpg,jpeg,gif,png,webp,jfif,svg格式的头像图片！',
    'en-US': 'Please choose an image in jpg, jpeg, gif, png, webp, jfif or svg format!',
  },
  tooLarge: { 'zh-CN': '上传的图片文件大小不能大于16M！', 'en-US': 'The image may be at most 16 MB!' },
  imageMissing: { 'zh-CN': '文件id错误，图片不存在', 'en-US': 'Wrong file id: the image does not exist' },
} as const satisfies Record<string, LocalizedText>;
