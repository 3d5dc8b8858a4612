import type { LocalizedText } from '@oj/platform';

/** Messages of the problem reads (api-core §3, admin §5.7, §6; zh-CN is HOJ's text). */
export const problemReadMessages = {
  problemMissing: { 'zh-CN': '该题号对应的题目不存在', 'en-US': 'No problem has this id' },
  problemNotPublic: {
    'zh-CN': '该题号对应题目并非公开题目，不支持访问！',
    'en-US': 'This problem is not public and cannot be viewed!',
  },
  noPublicProblem: {
    'zh-CN': '获取随机题目失败，题库暂无公开题目！',
    'en-US': 'No random problem: the bank has no public problem yet!',
  },
  noViewPermission: { 'zh-CN': '对不起，你无权限查看题目！', 'en-US': 'Sorry, you may not view this problem!' },
  queryFailed: { 'zh-CN': '查询失败！', 'en-US': 'The query failed!' },
  noOperatePermission: { 'zh-CN': '对不起，您无权限操作！', 'en-US': 'Sorry, you may not do this!' },
  testDataEmpty: { 'zh-CN': '对不起，该题目的评测数据为空！', 'en-US': 'Sorry, this problem has no test data!' },
} as const satisfies Record<string, LocalizedText>;
