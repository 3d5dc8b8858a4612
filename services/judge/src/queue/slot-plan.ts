/** An interactive case runs the user program and the interactor together, one sandbox slot each. */
export const slotsPerInteractiveCase = 2;

export interface SlotPlan {
  /** Messages judged at once by this process (JUDGE_WORKERS). */
  readonly tasks: number;
  /** Sandbox slots the process claims: never fewer than an interactive case takes at once. */
  readonly sandboxSlots: number;
  /** Cases of one submission run at once; undefined leaves the pipeline's default (slots ÷ slots per case). */
  readonly caseConcurrency: number | undefined;
}

/**
 * The stack runs processes of JUDGE_WORKERS=1; with one slot an interactive case could never get its pair.
 * Such a process claims a second slot, but keeps standard cases one at a time, so the machine still runs
 * about one program per task and the spare slot only serves the interactor.
 */
export function slotPlan(workers: number): SlotPlan {
  const sandboxSlots = Math.max(workers, slotsPerInteractiveCase);
  return { tasks: workers, sandboxSlots, caseConcurrency: sandboxSlots > workers ? workers : undefined };
}
