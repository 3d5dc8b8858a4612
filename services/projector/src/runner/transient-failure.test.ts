import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorTextOf } from './dead-letters';
import { isTransientFailure } from './transient-failure';

const pgError = (code: string) => Object.assign(new Error('from postgres'), { code });

describe('isTransientFailure', () => {
  it('retries what the connection, the server or another transaction caused', () => {
    for (const code of ['08006', '40001', '40P01', '53300', '57P01', '42P01']) {
      expect(isTransientFailure(pgError(code)), code).toBe(true);
    }
    expect(isTransientFailure(Object.assign(new Error('read'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isTransientFailure(Object.assign(new Error('write'), { code: 'EPIPE' }))).toBe(true);
    expect(isTransientFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientFailure(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it("quarantines what the event caused: bad data, a broken constraint, a schema's complaint, a bug", () => {
    for (const code of ['22021', '22P05', '22003', '23505', '23502']) {
      expect(isTransientFailure(pgError(code)), code).toBe(false);
    }
    const schemaComplaint = z.object({ connectionTimeout: z.number() }).safeParse({ connectionTimeout: 'x' });
    expect(isTransientFailure(schemaComplaint.error)).toBe(false);
    expect(isTransientFailure(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isTransientFailure('a string')).toBe(false);
  });
});

describe('errorTextOf', () => {
  it('names the error, drops NULs and cuts on a code-point boundary', () => {
    expect(errorTextOf(new RangeError('bad\u0000value'))).toBe('RangeError: bad\uFFFDvalue');
    const long = errorTextOf(new Error('😀'.repeat(5000)));
    expect(Array.from(long)).toHaveLength(4000);
    expect(long.endsWith('😀')).toBe(true);
  });
});
