/** The household's refusals that both its invites and its record transfers give (household.ts, recordTransfer.ts). */
export const INVITE_USED = 'This invite link was used or has expired';
export const RECORD_CLAIMED = 'This record is already shared with an account';
