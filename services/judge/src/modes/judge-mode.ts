import type { JudgeSettings, JudgeTestCase } from '@oj/events';
import type { Sandbox, SandboxLimits } from '../sandbox/sandbox';
import type { Verdict } from '../verdicts/verdict';
import type { RunLimits } from '../verdicts/run-outcome';

/** A compiled user program, ready to run once per case from a read-only box. */
export interface UserProgram {
  /** Host directory holding the run artifacts; mounted read-only at /box. */
  readonly boxDir: string;
  readonly argv: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** The real limits the verdict is decided by (after the language factor). */
  readonly limits: RunLimits;
  /** The sandbox ceiling (judging.md §3.1); stdout's cap is set per case. */
  readonly sandboxLimits: SandboxLimits;
}

/** A compiled checker or interactor (judging.md §5), shared by every case of the submission. */
export interface JudgeProgram {
  readonly boxDir: string;
  readonly argv: readonly string[];
}

/** One case, its data as verified local files, and a private scratch directory. */
export interface CaseContext {
  readonly seq: number;
  readonly testCase: JudgeTestCase;
  readonly inputFile: string;
  readonly answerFile: string;
  readonly answerBytes: number;
  /** Empty, private to this case, traversable by the sandbox uids. */
  readonly caseDir: string;
}

/** One case's verdict before scoring; `percentage` is a fraction in [0, 1) for PA. */
export interface CaseVerdict {
  readonly verdict: Verdict;
  readonly timeMs: number;
  readonly memoryKib: number;
  readonly percentage: number | null;
  readonly message: string;
}

export interface JudgeModeSetup {
  readonly sandbox: Sandbox;
  readonly settings: JudgeSettings;
  readonly program: UserProgram;
  /** Present for the modes that need one. */
  readonly judgeProgram: JudgeProgram | null;
  readonly signal?: AbortSignal;
}

export type CaseJudge = (context: CaseContext) => Promise<CaseVerdict>;

/** A judge mode is a record in the registry (./judge-modes), never a subclass. */
export interface JudgeModeDefinition {
  readonly name: JudgeSettings['judgeMode'];
  /** spj needs a checker, interactive an interactor. */
  readonly judgeProgramRole: 'checker' | 'interactor' | null;
  createCaseJudge(setup: JudgeModeSetup): CaseJudge;
}
