import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkCaptcha,
  checkEmail,
  checkEmailCode,
  checkPassword,
  checkPasswordAgain,
  checkUsername,
  limits,
} from './account-rules';

describe('account rules (spec 000 §5)', () => {
  it('requires a username of at most 20 characters', () => {
    expect(checkUsername('')).toBe('validation.usernameRequired');
    expect(checkUsername('a'.repeat(20))).toBeNull();
    expect(checkUsername('a'.repeat(21))).toBe('validation.usernameTooLong');
  });

  it('F19: accepts a password exactly when it has 6 to 64 characters', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 80 }), (password) => {
        const isInRange = password.length >= limits.passwordMinLength && password.length <= limits.passwordMaxLength;
        expect(checkPassword(password) === null).toBe(isInRange);
      }),
    );
    expect(checkPassword('')).toBe('validation.passwordRequired');
    expect(checkPassword('a'.repeat(64))).toBeNull();
    expect(checkPassword('a'.repeat(65))).toBe('validation.passwordLength');
  });

  it('wants the password again to equal the password', () => {
    expect(checkPasswordAgain('', 'secret1')).toBe('validation.passwordAgainRequired');
    expect(checkPasswordAgain('secret2', 'secret1')).toBe('validation.passwordMismatch');
    expect(checkPasswordAgain('secret1', 'secret1')).toBeNull();
  });

  it('checks the email format', () => {
    expect(checkEmail('')).toBe('validation.emailRequired');
    expect(checkEmail('not-an-email')).toBe('validation.emailInvalid');
    expect(checkEmail('a@b')).toBe('validation.emailInvalid');
    expect(checkEmail('alice@example.com')).toBeNull();
  });

  it('wants an email code of exactly 6 characters', () => {
    expect(checkEmailCode('')).toBe('validation.codeRequired');
    expect(checkEmailCode('12345')).toBe('validation.codeLength');
    expect(checkEmailCode('1234567')).toBe('validation.codeLength');
    expect(checkEmailCode('123456')).toBeNull();
  });

  it('wants a captcha of 1 to 8 characters', () => {
    expect(checkCaptcha(' ')).toBe('validation.captchaRequired');
    expect(checkCaptcha('-8')).toBeNull();
    expect(checkCaptcha('12345678')).toBeNull();
    expect(checkCaptcha('123456789')).toBe('validation.captchaLength');
  });
});
