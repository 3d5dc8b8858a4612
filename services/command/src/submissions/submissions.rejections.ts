import type { LocalizedText } from '@oj/platform';

/** Messages of the submission calls (api-core §4; zh-CN is HOJ's text, en-US ours). */
export const submissionMessages = {
  publicJudgeClosed: {
    'zh-CN': '网站当前未开启题目评测的功能，禁止提交或调试！',
    'en-US': 'Judging is switched off on this site: submitting and test runs are not allowed!',
  },
  languageWrong: {
    'zh-CN': '提交的代码的语言错误！请使用{languages}中之一的语言！',
    'en-US': 'The language of the code is wrong! Please use one of {languages}!',
  },
  codeTooShort: {
    'zh-CN': '提交的代码是无效的，代码字符长度请不要低于50！',
    'en-US': 'The code is invalid: it must be at least 50 characters long!',
  },
  codeTooLong: {
    'zh-CN': '提交的代码是无效的，代码字符长度请不要超过65535！',
    'en-US': 'The code is invalid: it must not be longer than 65535 characters!',
  },
  submitTooFast: {
    'zh-CN': '对不起，您的提交频率过快，请稍后再尝试！',
    'en-US': 'Sorry, you are submitting too often, please try again later!',
  },
  problemMissing: {
    'zh-CN': '错误！当前题目已不存在，不可提交！',
    'en-US': 'Error! This problem no longer exists and cannot be submitted!',
  },
  problemNotSubmittable: { 'zh-CN': '错误！当前题目不可提交！', 'en-US': 'Error! This problem cannot be submitted!' },
  // Ours (security F4): HOJ accepts practice runs of contest-only problems.
  contestOnlyProblem: {
    'zh-CN': '错误！该题目为比赛题目，比赛结束前只能在比赛中提交！',
    'en-US': 'Error! This is a contest problem: until the contest ends it can only be submitted in the contest!',
  },
  contestMissing: { 'zh-CN': '对不起，该比赛不存在！', 'en-US': 'Sorry, this contest does not exist!' },
  trainingMissing: {
    'zh-CN': '该训练不存在或不允许显示！',
    'en-US': 'The training does not exist or may not be shown!',
  },
  submissionMissing: { 'zh-CN': '此提交数据不存在！', 'en-US': 'This submission does not exist!' },
  resubmitNotOwner: {
    'zh-CN': '非提交该评测的用户不可操作！',
    'en-US': 'Only the user who made this submission may do this!',
  },
  // Ours (security F6): HOJ's client offers resubmit only on SF rows, its backend takes any status.
  resubmitNotFailed: {
    'zh-CN': '错误！只有提交失败或系统错误的评测可以重新提交！',
    'en-US': 'Error! Only a submission that failed (Submitted Failed or System Error) can be resubmitted!',
  },
  resubmitLocalContest: {
    'zh-CN': '错误！非vJudge题目在比赛过程无权限重新提交',
    'en-US': 'Error! Submissions of non-remote problems cannot be resubmitted in a contest',
  },
  shareBadRequest: { 'zh-CN': '修改失败，请求参数错误！', 'en-US': 'Update failed: the request parameters are wrong!' },
  shareNotOwner: {
    'zh-CN': '对不起，您不能修改他人的代码分享权限！',
    'en-US': "Sorry, you cannot change the sharing of someone else's code!",
  },
  shareContest: {
    'zh-CN': '对不起，您不能分享比赛题目的提交代码！',
    'en-US': 'Sorry, you cannot share the code of a contest submission!',
  },
  // Ours (security F4, F20): HOJ checks neither the problem's visibility nor its codeShare flag here.
  shareHiddenProblem: {
    'zh-CN': '对不起，隐藏题目或比赛题目的提交代码不可分享！',
    'en-US': 'Sorry, the code of a hidden or contest-only problem cannot be shared!',
  },
  shareNotAllowed: {
    'zh-CN': '对不起，该题目不允许分享代码！',
    'en-US': 'Sorry, this problem does not allow sharing code!',
  },
  rejudgeFailed: { 'zh-CN': '重判失败！请重新尝试！', 'en-US': 'Rejudge failed! Please try again!' },
  rejudged: {
    'zh-CN': '重判成功！该提交已进入判题队列！',
    'en-US': 'Rejudged! The submission is back in the judge queue!',
  },
  adminSubmissionMissing: {
    'zh-CN': '错误：该提交数据已不存在！',
    'en-US': 'Error: this submission no longer exists!',
  },
  manualWhileJudging: {
    'zh-CN': '错误：该提交正在评测中，无法修改，请稍后再尝试！',
    'en-US': 'Error: the submission is being judged and cannot be changed, please try again later!',
  },
  manualCompileError: {
    'zh-CN': '错误：编译失败的提交无法修改！',
    'en-US': 'Error: a submission that failed to compile cannot be changed!',
  },
  manualStatusInvalid: {
    'zh-CN': '错误：人工评测的状态不合法！',
    'en-US': 'Error: this status cannot be set by hand!',
  },
  cancelWhileJudging: {
    'zh-CN': '错误：该提交正在评测中，无法取消，请稍后再尝试！',
    'en-US': 'Error: the submission is being judged and cannot be cancelled, please try again later!',
  },
} as const satisfies Record<string, LocalizedText>;
