/**
 * Field rules of the account dialogs (spec 000 §5 and §9). Each returns the auth-namespace key of the
 * message to show, or null when the value is fine, so the same rules serve every form and the tests.
 */
export type RuleResult = string | null;

export const limits = {
  usernameMaxLength: 20,
  passwordMinLength: 6,
  /** HOJ says 20; 64 here (review F19, the command side's password-length.ts). */
  passwordMaxLength: 64,
  emailCodeLength: 6,
  captchaMinLength: 1,
  captchaMaxLength: 8,
} as const;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const checkUsername = (value: string): RuleResult => {
  if (value.trim() === '') return 'validation.usernameRequired';
  return value.length > limits.usernameMaxLength ? 'validation.usernameTooLong' : null;
};

export const checkPassword = (value: string): RuleResult => {
  if (value === '') return 'validation.passwordRequired';
  return value.length < limits.passwordMinLength || value.length > limits.passwordMaxLength
    ? 'validation.passwordLength'
    : null;
};

export const checkPasswordAgain = (value: string, password: string): RuleResult => {
  if (value === '') return 'validation.passwordAgainRequired';
  return value === password ? null : 'validation.passwordMismatch';
};

export const isEmail = (value: string): boolean => emailPattern.test(value.trim());

export const checkEmail = (value: string): RuleResult => {
  if (value.trim() === '') return 'validation.emailRequired';
  return isEmail(value) ? null : 'validation.emailInvalid';
};

export const checkEmailCode = (value: string): RuleResult => {
  if (value.trim() === '') return 'validation.codeRequired';
  return value.trim().length === limits.emailCodeLength ? null : 'validation.codeLength';
};

export const checkCaptcha = (value: string): RuleResult => {
  const length = value.trim().length;
  if (length === 0) return 'validation.captchaRequired';
  return length > limits.captchaMaxLength ? 'validation.captchaLength' : null;
};
