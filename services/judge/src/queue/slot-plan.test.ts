import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slotPlan, slotsPerInteractiveCase } from './slot-plan';

describe('slotPlan', () => {
  it('gives a one-task process (the stack’s layout) a pair of slots but one case at a time', () => {
    expect(slotPlan(1)).toEqual({ tasks: 1, sandboxSlots: 2, caseConcurrency: 1 });
  });

  it('always has room for an interactive pair and never fewer slots than tasks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), (workers) => {
        const plan = slotPlan(workers);
        expect(plan.tasks).toBe(workers);
        expect(plan.sandboxSlots).toBeGreaterThanOrEqual(Math.max(workers, slotsPerInteractiveCase));
        expect(plan.caseConcurrency ?? plan.sandboxSlots).toBeLessThanOrEqual(plan.sandboxSlots);
      }),
    );
  });

  it('leaves a process with enough slots as it was configured', () => {
    expect(slotPlan(3)).toEqual({ tasks: 3, sandboxSlots: 3, caseConcurrency: undefined });
  });
});
