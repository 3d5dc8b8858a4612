import type { LocalizedText } from '@oj/platform';

/** Our own call (no HOJ counterpart), so our own messages, in both languages. */
export const projectionRebuildMessages = {
  unknownProjection: { 'zh-CN': '不存在该投影！', 'en-US': 'There is no such projection!' },
  alreadyRebuilding: {
    'zh-CN': '该投影正在重建中，请等待其完成！',
    'en-US': 'This projection is already being rebuilt: wait for it to finish!',
  },
  noProjector: {
    'zh-CN': '投影服务尚未启动，暂无可重建的投影！',
    'en-US': 'The projector has not started yet: there is nothing to rebuild!',
  },
} as const satisfies Record<string, LocalizedText>;
