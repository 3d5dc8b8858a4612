/**
 * HOJ allows 6 to 20 characters (api-core §1.1); the upper bound only capped strength (review F19), so it is 64
 * here, at register, login, reset and change alike. The minimum stays HOJ's.
 */
export const passwordLength = { min: 6, max: 64 } as const;

export function hasAllowedPasswordLength(password: string): boolean {
  return password.length >= passwordLength.min && password.length <= passwordLength.max;
}
