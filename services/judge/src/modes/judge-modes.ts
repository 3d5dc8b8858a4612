import type { JudgeSettings } from '@oj/events';
import { interactiveMode } from './interactive-mode';
import type { JudgeModeDefinition } from './judge-mode';
import { specialJudgeMode } from './special-judge-mode';
import { standardMode } from './standard-mode';

/** The judge modes by HOJ's name (problem.judgeMode). */
export const judgeModes: Readonly<Record<JudgeSettings['judgeMode'], JudgeModeDefinition>> = {
  default: standardMode,
  spj: specialJudgeMode,
  interactive: interactiveMode,
};
