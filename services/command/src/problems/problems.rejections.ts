import type { LocalizedText } from '@oj/platform';

/**
 * Messages of the problem admin calls (admin §5.7, §6, group §4.4 validation; zh-CN is HOJ's text where the
 * reference quotes it). The ones marked "ours" stand for checks HOJ's client does (spec 002 §5) and which
 * we repeat on the server so a hand-made request cannot save a problem the judge could not run.
 */
export const problemMessages = {
  configMissing: { 'zh-CN': '题目的配置项不能为空！', 'en-US': 'The problem settings cannot be empty!' },
  displayIdBlank: { 'zh-CN': '题目的展示ID不能为空！', 'en-US': 'The display id of the problem cannot be empty!' },
  displayIdTooLong: {
    'zh-CN': '题目的展示ID长度不能超过50！',
    'en-US': 'The display id of the problem cannot exceed 50 characters!',
  },
  typeInvalid: { 'zh-CN': '题目的类型必须为ACM(0), OI(1)！', 'en-US': 'The problem type must be ACM (0) or OI (1)!' },
  authInvalid: {
    'zh-CN': '题目的权限必须为公开题目(1), 隐藏题目(2), 比赛题目(3)！',
    'en-US': 'The problem visibility must be public (1), private (2) or contest (3)!',
  },
  judgeModeInvalid: {
    'zh-CN': '题目的判题模式必须为普通判题(default), 特殊判题(spj), 交互判题(interactive)！',
    'en-US': 'The judge mode must be default, spj or interactive!',
  },
  acmCaseModeInvalid: {
    'zh-CN': '题目的用例模式错误，ACM类型的题目只能为默认模式(default)或遇错止评模式(ergodic_without_error)！',
    'en-US': 'Wrong case mode: an ACM problem takes default or ergodic_without_error!',
  },
  oiCaseModeInvalid: {
    'zh-CN':
      '题目的用例模式错误，OI类型的题目只能为默认模式(default)、最低分子任务模式(subtask_lowest)或平均分子任务模式(subtask_average)！',
    'en-US': 'Wrong case mode: an OI problem takes default, subtask_lowest or subtask_average!',
  },
  timeLimitInvalid: { 'zh-CN': '题目的时间限制不能小于等于0！', 'en-US': 'The time limit must be above 0!' },
  memoryLimitInvalid: { 'zh-CN': '题目的内存限制不能小于等于0！', 'en-US': 'The memory limit must be above 0!' },
  stackLimitInvalid: { 'zh-CN': '题目的栈限制不能小于等于0！', 'en-US': 'The stack limit must be above 0!' },
  titleRequired: { 'zh-CN': '题目标题不能为空！', 'en-US': 'The title is required!' },
  titleTooLong: { 'zh-CN': '题目标题的长度不能超过255！', 'en-US': 'The title cannot exceed 255 characters!' },
  textTooLong: {
    'zh-CN': '题目的描述、输入、输出或提示的长度不能超过65535！',
    'en-US': 'The description, input, output or hint cannot exceed 65535 characters!',
  },
  fileIoNamesRequired: {
    'zh-CN': '文件IO的输入文件名和输出文件名不能为空！',
    'en-US': 'File IO needs both the input and the output file name!',
  },
  /** Ours (issue 10, F3): the judge puts these files inside the program's box, so one plain name each. */
  fileNameInvalid: {
    'zh-CN': '文件名不合法：{name}（只能包含字母、数字、_、.、+、-，不能以.或-开头，长度不超过128）',
    'en-US': 'Invalid file name: {name} (letters, digits, _ . + - only, not starting with . or -, at most 128)',
  },
  testCasesRequired: { 'zh-CN': '题目的评测数据不能为空！', 'en-US': 'The judge samples are required!' },
  manualCaseEmpty: {
    'zh-CN': '每个评测样例的输入或输出不能同时为空！',
    'en-US': 'Each judge sample needs an input or an output!',
  },
  caseScoreInvalid: {
    'zh-CN': 'OI题目的测试点分数必须为不小于0的整数！',
    'en-US': 'Each OI case score must be a whole number of at least 0!',
  },
  groupNumRequired: {
    'zh-CN': '子任务模式下每个测试点都需要组号！',
    'en-US': 'Subtask modes need a group number for every case!',
  },
  groupNumNotWhole: {
    'zh-CN': '测试点的组号必须为正整数！',
    'en-US': 'A case group number must be a whole number of at least 1!',
  },
  limitsNotWhole: {
    'zh-CN': '题目的时间、内存和栈限制必须为整数！',
    'en-US': 'The time, memory and stack limits must be whole numbers!',
  },
  difficultyInvalid: {
    'zh-CN': '题目的难度必须为简单(0)、中等(1)或困难(2)！',
    'en-US': 'The difficulty must be easy (0), medium (1) or hard (2)!',
  },
  judgeProgramRequired: {
    'zh-CN': '特殊判题或交互判题的程序代码不能为空！',
    'en-US': 'The special judge or interactor code is required!',
  },
  judgeProgramLanguage: {
    'zh-CN': '特殊判题或交互判题的程序语言只能为C或C++！',
    'en-US': 'The special judge or interactor language must be C or C++!',
  },
  languagesRequired: { 'zh-CN': '题目的可用语言不能为空！', 'en-US': 'At least one language is required!' },
  unknownLanguage: { 'zh-CN': '不支持的语言：{name}', 'en-US': 'Unsupported language: {name}' },
  codeTemplateEmpty: {
    'zh-CN': '{language}语言的代码模板不能为空！',
    'en-US': 'The code template of {language} cannot be empty!',
  },
  unknownTag: { 'zh-CN': '题目的标签不存在：{id}', 'en-US': 'No tag with id {id}' },
  uploadMissing: {
    'zh-CN': '评测数据上传记录不存在，请重新上传！',
    'en-US': 'The uploaded test data was not found, please upload it again!',
  },
  caseNotInUpload: {
    'zh-CN': '评测数据中不存在文件：{name}',
    'en-US': 'The test data has no file {name}',
  },
  displayIdExists: {
    'zh-CN': '该题目的Problem ID已存在，请更换！',
    'en-US': 'This Problem ID already exists, please change it!',
  },
  displayIdInUse: {
    'zh-CN': '当前的Problem ID 已被使用，请重新更换新的！',
    'en-US': 'This Problem ID is already used, please choose another one!',
  },
  idRequired: { 'zh-CN': '题目的id不能为空！', 'en-US': 'The problem id is required!' },
  /** Ours: HOJ does not check the contest of a contest problem (admin §5.12). */
  contestMissing: {
    'zh-CN': '该比赛不存在或不包含该题目，请检查参数cid是否准确！',
    'en-US': 'This contest does not exist or does not hold this problem, check the cid!',
  },
  noContestPermission: { 'zh-CN': '对不起，你无权限操作！', 'en-US': 'Sorry, you have no permission for this!' },
  noEditPermission: { 'zh-CN': '对不起，你无权限修改题目！', 'en-US': 'Sorry, you may not edit this problem!' },
  noPublishPermission: {
    'zh-CN': '修改失败！你无权限公开题目！',
    'en-US': 'Failed! You may not make problems public!',
  },
  addFailed: { 'zh-CN': '添加失败', 'en-US': 'Adding failed' },
  editFailed: { 'zh-CN': '修改失败', 'en-US': 'Saving failed' },
  deleteFailed: { 'zh-CN': '删除失败！', 'en-US': 'Deleting failed!' },
  compileParametersEmpty: { 'zh-CN': '参数不能为空！', 'en-US': 'The parameters cannot be empty!' },
  compiled: { 'zh-CN': '编译成功！', 'en-US': 'Compiled successfully!' },
  noOperatePermission: { 'zh-CN': '对不起，您无权限操作！', 'en-US': 'Sorry, you may not do this!' },
  zipRequired: { 'zh-CN': '请上传zip格式的测试数据压缩包！', 'en-US': 'Please upload the test data as a zip archive!' },
  zipEmpty: { 'zh-CN': '评测数据压缩包里文件不能为空！', 'en-US': 'The test data archive holds no test case!' },
  uploadFailed: { 'zh-CN': '服务器异常：评测数据上传失败！', 'en-US': 'Server error: the test data upload failed!' },
} as const satisfies Record<string, LocalizedText>;

export const problemValidationMessages: Readonly<Record<string, LocalizedText>> = Object.fromEntries(
  Object.entries(problemMessages).map(([name, text]) => [`problems.${name}`, text]),
);
