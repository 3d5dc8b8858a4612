import { describe, expect, it } from 'vitest';
import { decodeProtectedHeader } from 'jose';
import { manualClock } from '../clock/clock';
import { createTokenService } from './tokens';

const secret = 'a-test-secret-that-is-long-enough-for-hs512';

describe('createTokenService', () => {
  it('issues an HS512 JWT whose subject and generation verify', async () => {
    const tokens = createTokenService({ secret, clock: manualClock(new Date('2026-01-01T00:00:00Z')) });
    const token = await tokens.issue('u1', 3);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS512', typ: 'JWT' });
    expect(await tokens.verify(token)).toMatchObject({ userId: 'u1', generation: 3 });
  });

  it('refuses a token signed with another secret, or expired after 24 h', async () => {
    const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
    const tokens = createTokenService({ secret, clock });
    const other = createTokenService({ secret: `${secret}-other`, clock });
    expect(await tokens.verify(await other.issue('u1', 0))).toBeNull();
    const token = await tokens.issue('u1', 0);
    clock.advanceBy(86_401_000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('asks for a refresh only after 12 h (api-core §0.3)', async () => {
    const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
    const tokens = createTokenService({ secret, clock });
    const claims = await tokens.verify(await tokens.issue('u1', 0));
    if (!claims) throw new Error('token did not verify');
    clock.advanceBy(43_200_000);
    expect(tokens.needsRefresh(claims)).toBe(false);
    clock.advanceBy(1_000);
    expect(tokens.needsRefresh(claims)).toBe(true);
  });
});
