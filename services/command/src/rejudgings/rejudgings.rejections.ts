import type { LocalizedText } from '@oj/platform';

/** Messages of the staged rejudges (ours; HOJ has no such API). */
export const rejudgingMessages = {
  nothingSelected: {
    'zh-CN': '没有符合条件的已评测提交可以重判！',
    'en-US': 'No judged submission matches the selection.',
  },
  tooMany: {
    'zh-CN': '选中的提交过多，一次最多重判{max}个！',
    'en-US': 'Too many submissions selected: at most {max} per rejudging.',
  },
  reasonRequired: {
    'zh-CN': '请填写重判原因！',
    'en-US': 'Please give the reason for the rejudge.',
  },
  problemGone: {
    'zh-CN': '题目或其测试数据已不存在，无法重判提交{submitId}！',
    'en-US': 'The problem or its test data is gone: submission {submitId} cannot be rejudged.',
  },
  alreadyStaged: {
    'zh-CN': '该重判已存在！',
    'en-US': 'This rejudging exists already.',
  },
  missing: {
    'zh-CN': '该重判不存在！',
    'en-US': 'This rejudging does not exist.',
  },
  stillJudging: {
    'zh-CN': '重判尚未评测完成（{judged}/{total}），暂不能应用！',
    'en-US': 'The rejudging is still judging ({judged}/{total}): it cannot be applied yet.',
  },
  alreadyApplied: {
    'zh-CN': '该重判已应用，不能再次应用或丢弃！',
    'en-US': 'This rejudging was applied already: it cannot be applied or discarded again.',
  },
  alreadyDiscarded: {
    'zh-CN': '该重判已丢弃，不能应用或再次丢弃！',
    'en-US': 'This rejudging was discarded: it cannot be applied or discarded again.',
  },
  onlyOwnContest: {
    'zh-CN': '对不起，您只能重判自己创建的比赛的提交！',
    'en-US': 'Sorry, you may only rejudge submissions of contests you created.',
  },
} as const satisfies Record<string, LocalizedText>;
