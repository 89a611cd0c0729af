/** Length limits of a support message (the form shows the maximum; support.ts checks both). */
export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 2000;
