/** Every loading item uses these statuses (spec §4). */
export const Status = {
  INITIAL: 'INITIAL',
  LOADING: 'LOADING',
  SUCCESS: 'SUCCESS',
  ERROR: 'ERROR',
} as const;

export type Status = (typeof Status)[keyof typeof Status];
