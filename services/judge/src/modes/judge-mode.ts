import type { JudgeSettings, JudgeTestCase } from '@oj/events';
import type { LanguageRecord } from '../languages/language';
import type { ProblemLimits } from '../languages/program-limits';
import type { Sandbox } from '../sandbox/sandbox';
import type { Interaction } from '../verdicts/interactive-verdict';
import type { RunLimits } from '../verdicts/run-outcome';
import type { Verdict } from '../verdicts/verdict';

/** A compiled user program: the languages layer runs it from `artifactsDir` once per case. */
export interface UserProgram {
  readonly language: LanguageRecord;
  readonly artifactsDir: string;
  /** The problem's limits before the language factor, as the languages layer takes them. */
  readonly problemLimits: ProblemLimits;
  /** The real limits the verdict is decided by (after the language factor). */
  readonly limits: RunLimits;
}

/** A compiled checker or interactor (judging.md §5), as a language record of its own. */
export interface JudgeProgram {
  readonly language: LanguageRecord;
  readonly artifactsDir: string;
}

/** One case, its data as verified local files, and a private scratch directory. */
export interface CaseContext {
  readonly seq: number;
  readonly testCase: JudgeTestCase;
  readonly inputFile: string;
  readonly answerFile: string;
  readonly answerBytes: number;
  /**
   * Makes an empty directory private to this case (each call a new one). Made on demand: only the special
   * judge needs one, and a directory per case cost ≈ 0.4 ms of the judge's CPU (a synchronous mkdtemp).
   */
  readonly makeCaseDir: () => Promise<string>;
}

/** One case's verdict before scoring; `percentage` is a fraction in [0, 1) for PA. */
export interface CaseVerdict {
  readonly verdict: Verdict;
  readonly timeMs: number;
  readonly memoryKib: number;
  readonly percentage: number | null;
  readonly message: string;
  /** Interactive cases only: the interactor's own verdict and who finished first. */
  readonly interaction?: Interaction;
}

export interface JudgeModeSetup {
  readonly sandbox: Sandbox;
  readonly settings: JudgeSettings;
  readonly program: UserProgram;
  /** Present for the modes that need one. */
  readonly judgeProgram: JudgeProgram | null;
}

export type CaseJudge = (context: CaseContext) => Promise<CaseVerdict>;

/** A judge mode is a record in the registry (./judge-modes), never a subclass. */
export interface JudgeModeDefinition {
  readonly name: JudgeSettings['judgeMode'];
  /** spj needs a checker, interactive an interactor. */
  readonly judgeProgramRole: 'checker' | 'interactor' | null;
  /** Sandbox slots one case holds at once (the interactive pair takes two). */
  readonly slotsPerCase: number;
  createCaseJudge(setup: JudgeModeSetup): CaseJudge;
}
