import type { LocalizedText } from '@oj/platform';

/** Messages of the tag admin calls (admin §5.9; zh-CN is HOJ's text). */
export const tagMessages = {
  tagExists: {
    'zh-CN': '该标签名称已存在！请勿重复添加！',
    'en-US': 'A tag with this name already exists! Do not add it twice!',
  },
  classificationExists: {
    'zh-CN': '该标签分类名称已存在！请勿重复！',
    'en-US': 'A tag classification with this name already exists!',
  },
  addFailed: { 'zh-CN': '添加失败', 'en-US': 'Adding failed' },
  updateFailed: { 'zh-CN': '更新失败', 'en-US': 'Updating failed' },
  deleteFailed: { 'zh-CN': '删除失败', 'en-US': 'Deleting failed' },
  nameRequired: { 'zh-CN': '标签名称不能为空', 'en-US': 'The tag name is required' },
} as const satisfies Record<string, LocalizedText>;

export const tagValidationMessages: Readonly<Record<string, LocalizedText>> = Object.fromEntries(
  Object.entries(tagMessages).map(([name, text]) => [`tags.${name}`, text]),
);
