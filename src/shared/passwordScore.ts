import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * How hard a password is to guess: zxcvbn's score (0 to 4) with its common-password, keyboard-pattern,
 * repeat and sequence matchers, and the account holder's own e-mail and names as extra words. A new
 * password needs at least MIN_PASSWORD_SCORE. The feedback is zxcvbn's warning and suggestion keys
 * (e.g. `straightRow`, `useWords`), translated by the form (`account:password.feedback.*`).
 * The server checks every new password; the form loads this module on demand (it carries the
 * dictionaries) to show the score and the feedback while the user types.
 */
export const MIN_PASSWORD_SCORE = 3;

export interface PasswordScore {
  score: 0 | 1 | 2 | 3 | 4;
  warning: string | null;
  suggestions: string[];
}

let factory: ZxcvbnFactory | null = null;

/** The parts of an e-mail address and names worth guessing from. */
function userWords(inputs: (string | null | undefined)[]): string[] {
  return inputs.flatMap((v) => (v ?? '').toLowerCase().split(/[^\p{L}\p{Nd}]+/u)).filter((w) => w.length >= 3);
}

export function scorePassword(password: string, userInputs: (string | null | undefined)[] = []): PasswordScore {
  // Keys stand for themselves: the translation happens where the feedback is shown.
  factory ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  // zxcvbn's cost grows with the length; past 100 characters nothing is easy to guess.
  const r = factory.check(password.slice(0, 100), userWords(userInputs));
  return { score: r.score, warning: r.feedback.warning || null, suggestions: r.feedback.suggestions };
}

export function isStrongEnough(password: string, userInputs: (string | null | undefined)[] = []): boolean {
  return scorePassword(password, userInputs).score >= MIN_PASSWORD_SCORE;
}
