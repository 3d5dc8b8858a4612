import type { LocalizedText } from '@oj/platform';

/** Messages of the test run (api-core §4 submit-problem-test-judge; zh-CN is HOJ's text, en-US ours). */
export const testRunMessages = {
  codeEmpty: { 'zh-CN': '在线调试的代码不可为空！', 'en-US': 'The code of a test run cannot be empty!' },
  languageEmpty: {
    'zh-CN': '在线调试的编程语言不可为空！',
    'en-US': 'The language of a test run cannot be empty!',
  },
  inputEmpty: { 'zh-CN': '在线调试的输入数据不可为空！', 'en-US': 'The input of a test run cannot be empty!' },
  inputTooLong: {
    'zh-CN': '在线调试的输入数据字符长度不能超过1000！',
    'en-US': 'The input of a test run cannot be longer than 1000 characters!',
  },
  problemRequired: {
    'zh-CN': '在线调试所属题目的id不能为空！',
    'en-US': 'The problem id of a test run cannot be empty!',
  },
  typeWrong: { 'zh-CN': '请求参数type错误！', 'en-US': 'The request parameter type is wrong!' },
  tooFast: {
    'zh-CN': '对不起，您使用在线调试过于频繁，请稍后再尝试！',
    'en-US': 'Sorry, you are starting test runs too often, please try again later!',
  },
  problemMissing: {
    'zh-CN': '当前题目不存在！不支持在线调试！',
    'en-US': 'This problem does not exist! Test runs are not possible!',
  },
  // Ours (security F4): HOJ runs tests of any problem.
  contestOnlyProblem: {
    'zh-CN': '当前题目为比赛题目，比赛结束前只能由该比赛的参赛者在线调试！',
    'en-US': 'This is a contest problem: until the contest ends only its contestants can start test runs!',
  },
  publicJudgeClosed: {
    'zh-CN': '网站当前未开启题目评测的功能，禁止提交或调试！',
    'en-US': 'Judging is switched off on this site: submitting and test runs are not allowed!',
  },
  groupJudgeClosed: {
    'zh-CN': '网站当前未开启团队内题目评测的功能，禁止提交或调试！',
    'en-US': 'Judging in groups is switched off on this site: submitting and test runs are not allowed!',
  },
  contestJudgeClosed: {
    'zh-CN': '网站当前未开启比赛题目评测的功能，禁止提交或调试！',
    'en-US': 'Judging in contests is switched off on this site: submitting and test runs are not allowed!',
  },
} as const satisfies Record<string, LocalizedText>;
