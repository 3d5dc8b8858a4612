import { describe, expect, it } from 'vitest';
import { describeSignal, signalName } from './linux-signals';

describe('linux signals (one table for the sandbox and the verdicts)', () => {
  it('names a signal number and describes the name back to the same number', () => {
    expect(signalName(11)).toBe('SIGSEGV');
    expect(signalName(40)).toBe('SIG40');
    for (let num = 1; num <= 31; num++) expect(describeSignal(signalName(num))?.num).toBe(num);
  });

  it('describes "SIGSEGV", "SEGV" and "11" alike, and nothing for an unknown name', () => {
    expect(describeSignal('segv')).toEqual({ num: 11, description: 'Segmentation fault' });
    expect(describeSignal('11')).toEqual(describeSignal('SIGSEGV'));
    expect(describeSignal('SIGNOPE')).toBeNull();
  });
});
