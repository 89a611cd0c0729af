/**
 * The e-mail confirmation code mailed beside the link: 6 characters from an alphabet without the
 * look-alikes 0/O and 1/I (so it can be read from a phone and typed on another device). Typed
 * case-insensitively, with spaces or a hyphen in between.
 */
export const ACTIVATION_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const ACTIVATION_CODE_LENGTH = 6;

const CODE_PATTERN = new RegExp(`^[${ACTIVATION_CODE_ALPHABET}]{${ACTIVATION_CODE_LENGTH}}$`);

/** The code as stored and compared: upper case, spaces and hyphens removed. */
export function normalizeActivationCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** Whether what was typed is a confirmation code (rather than the link's long token). */
export function isActivationCode(input: string): boolean {
  return CODE_PATTERN.test(normalizeActivationCode(input));
}
