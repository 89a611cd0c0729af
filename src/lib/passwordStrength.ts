export type PasswordStrength = 'weak' | 'fair' | 'strong';

/**
 * A hint, not a rule (the schema asks for 12 characters): counts character kinds
 * (lower case, upper case, digits, other) and length.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < 8) return 'weak';
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((re) => re.test(password)).length;
  if ((password.length >= 12 && kinds >= 3) || (password.length >= 10 && kinds === 4)) return 'strong';
  if (kinds >= 2 || password.length >= 14) return 'fair';
  return 'weak';
}
