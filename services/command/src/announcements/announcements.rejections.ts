import type { LocalizedText } from '@oj/platform';

/** Messages of the admin announcement calls (admin §5.5, §4.3; zh-CN is HOJ's text). */
export const announcementMessages = {
  addFailed: { 'zh-CN': '添加失败', 'en-US': 'Adding failed' },
  updateFailed: { 'zh-CN': '修改失败，该公告已不存在！', 'en-US': 'Update failed: the announcement no longer exists!' },
  deleteFailed: { 'zh-CN': '删除失败，该公告不存在！', 'en-US': 'Delete failed: the announcement does not exist!' },
  titleRequired: { 'zh-CN': '公告标题不能为空', 'en-US': 'The announcement title is required' },
  titleTooLong: {
    'zh-CN': '公告标题不能超过255个字符',
    'en-US': 'The announcement title may have at most 255 characters',
  },
  contentTooLong: { 'zh-CN': '公告内容过长', 'en-US': 'The announcement content is too long' },
  idRequired: { 'zh-CN': '公告ID不能为空', 'en-US': 'The announcement id is required' },
} as const satisfies Record<string, LocalizedText>;

/** The zod keys of announcements.contract.ts, for the service's error handler. */
export const announcementValidationMessages: Readonly<Record<string, LocalizedText>> = Object.fromEntries(
  Object.entries(announcementMessages).map(([name, text]) => [`announcements.${name}`, text]),
);
