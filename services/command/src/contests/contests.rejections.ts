import type { LocalizedText } from '@oj/platform';

/** Messages of the contest calls (api-contest-training.md §1.1, §1.3, §2.3, §2.4; zh-CN is HOJ's text). */
export const contestMessages = {
  contestMissing: { 'zh-CN': '对不起，该比赛不存在!', 'en-US': 'Sorry, this contest does not exist!' },
  noPermission: { 'zh-CN': '对不起，您无权限操作！', 'en-US': 'Sorry, you have no permission for this!' },
  adminNoPermission: { 'zh-CN': '对不起，你无权限操作！', 'en-US': 'Sorry, you have no permission for this!' },
  registerBadRequest: { 'zh-CN': 'cid或者password不能为空！', 'en-US': 'cid and password are required!' },
  wrongPassword: { 'zh-CN': '比赛密码错误，请重新输入！', 'en-US': 'Wrong contest password, please try again!' },
  accountRuleRegister: {
    'zh-CN': '对不起！本次比赛只允许特定账号规则的用户参赛！',
    'en-US': 'Sorry! Only accounts that follow the contest account rule may take part!',
  },
  alreadyRegistered: {
    'zh-CN': '您已注册过该比赛，请勿重复注册！',
    'en-US': 'You have already registered for this contest!',
  },
  titleBlank: { 'zh-CN': '比赛标题的内容不能为空！', 'en-US': 'The contest title is required!' },
  titleTooLong: {
    'zh-CN': '比赛标题的内容长度超过限制，请重新编辑！',
    'en-US': 'The contest title is too long, please edit it!',
  },
  descriptionTooLong: {
    'zh-CN': '比赛描述的内容长度超过限制，请重新编辑！',
    'en-US': 'The contest description is too long, please edit it!',
  },
  typeWrong: { 'zh-CN': '比赛的赛制必须为ACM(0)、OI(1)！', 'en-US': 'The contest type must be ACM (0) or OI (1)!' },
  oiScoreTypeWrong: {
    'zh-CN': 'OI比赛排行榜得分类型必须为最近得分(Recent)、最高得分(Highest)！',
    'en-US': 'The OI rank score type must be Recent or Highest!',
  },
  authWrong: {
    'zh-CN': '比赛的权限必须为公开赛(0)、私有赛(1)、保护赛(2)！',
    'en-US': 'The contest auth must be public (0), private (1) or protected (2)!',
  },
  typeLocked: { 'zh-CN': '比赛创建后不可修改赛制！', 'en-US': 'The contest type cannot change after creation!' },
  adminContestMissing: {
    'zh-CN': '查询失败：该比赛不存在,请检查参数cid是否准确！',
    'en-US': 'Query failed: this contest does not exist, check the cid!',
  },
  updateFailed: { 'zh-CN': '修改失败', 'en-US': 'Update failed' },
  cloneMissing: { 'zh-CN': '该比赛不存在，无法克隆！', 'en-US': 'This contest does not exist and cannot be cloned!' },
  deleteFailed: { 'zh-CN': '删除失败', 'en-US': 'Delete failed' },
  addProblemDuplicate: {
    'zh-CN': '添加失败，该题目已添加或者题目的比赛展示ID已存在！',
    'en-US': 'Adding failed: the problem or its display id is already in the contest!',
  },
  addFailed: { 'zh-CN': '添加失败', 'en-US': 'Adding failed' },
  contestProblemUpdateFailed: { 'zh-CN': '更新失败', 'en-US': 'Update failed' },
  announcementUpdateFailed: { 'zh-CN': '更新失败！', 'en-US': 'Update failed!' },
  announcementDeleteFailed: { 'zh-CN': '删除失败！', 'en-US': 'Delete failed!' },
  checkFailed: { 'zh-CN': '修改失败！', 'en-US': 'Update failed!' },
  contestMissingAccess: { 'zh-CN': '对不起，该比赛不存在！', 'en-US': 'Sorry, this contest does not exist!' },
  notStartedAccess: {
    'zh-CN': '比赛还未开始，您无权访问该比赛！',
    'en-US': 'The contest has not started: you cannot enter it yet!',
  },
  registerFirst: {
    'zh-CN': '对不起，请先到比赛首页输入比赛密码进行注册！',
    'en-US': 'Sorry, please register with the contest password on the contest home page first!',
  },
  printTooFast: {
    'zh-CN': '提交打印功能限制，请在{seconds}秒后再进行提交！',
    'en-US': 'Printing is limited: please submit again in {seconds} seconds!',
  },
  timeOutOfRange: {
    'zh-CN': '比赛时间必须是1970年至9999年之间的有效日期！',
    'en-US': 'Contest times must be valid dates between the years 1970 and 9999!',
  },
} as const satisfies Record<string, LocalizedText>;

/** Messages the contest contracts name by key (`'contests.timeOutOfRange'`), for the error handler. */
export const contestValidationMessages: Readonly<Record<string, LocalizedText>> = {
  'contests.timeOutOfRange': contestMessages.timeOutOfRange,
};
