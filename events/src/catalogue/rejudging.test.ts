import { describe, expect, it } from 'vitest';
import { appliedResultAfter } from './rejudging';

describe('appliedResultAfter: the one rule every projection applies a staged result with', () => {
  const result = { attempt: 2, status: 'AC' as const, stagedFrom: 'WA' as const };

  it('replaces the verdict of the attempt it was staged from', () => {
    expect(appliedResultAfter({ attempt: 2, status: 'WA' }, result)).toEqual({ attempt: 2, status: 'AC' });
  });
  it('leaves a newer attempt (a live rejudge after staging) alone', () => {
    expect(appliedResultAfter({ attempt: 3, status: 'WA' }, result)).toBeNull();
  });
  it('leaves a manual verdict given on the same attempt after staging alone: the person decided later', () => {
    expect(appliedResultAfter({ attempt: 2, status: 'CA' }, result)).toBeNull();
    expect(appliedResultAfter({ attempt: 2, status: 'PE' }, result)).toBeNull();
  });
  it('leaves a submission still judging alone', () => {
    expect(appliedResultAfter({ attempt: 2, status: 'Judging' }, result)).toBeNull();
  });
  it('applies on the attempt alone for results recorded before stagedFrom existed', () => {
    expect(appliedResultAfter({ attempt: 2, status: 'PE' }, { attempt: 2, status: 'AC' })).toEqual({
      attempt: 2,
      status: 'AC',
    });
  });
});
