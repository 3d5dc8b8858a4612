import type { LocalizedText } from '@oj/platform';

/** Our own call (no HOJ counterpart), so our own messages, in both languages. */
export const checkerIncludeMessages = {
  badName: {
    'zh-CN': '文件名只能包含字母、数字、下划线、点和连字符，且不超过128个字符！',
    'en-US': 'The file name may only hold letters, digits, "_", "." and "-", up to 128 characters!',
  },
  emptyContent: { 'zh-CN': '文件内容不能为空！', 'en-US': 'The file content cannot be empty!' },
  tooLarge: { 'zh-CN': '文件不能超过{limit}字节！', 'en-US': 'The file cannot exceed {limit} bytes!' },
  notFound: { 'zh-CN': '该文件不存在！', 'en-US': 'There is no such file!' },
} as const satisfies Record<string, LocalizedText>;
