import type { Db } from '@/server/db/createDb';
import { hashToken } from '@/server/tokens';

/** The confirmation codes mailed beside activation links: kept (hashed) on the link's token row. */

/** Puts the code's hash on the activation token just issued (the token's hash identifies it). */
export async function attachActivationCode(db: Db, token: string, codeHash: string): Promise<void> {
  await db.updateTable('auth_tokens').set({ code_hash: codeHash }).where('token_hash', '=', hashToken(token)).where('kind', '=', 'activation').execute();
}

/**
 * Uses up the user's live activation token whose code has `codeHash`: unrevoked and unexpired, in one
 * statement (so two concurrent uses cannot both succeed). Answers whether one was used up.
 */
export async function consumeActivationCode(db: Db, userId: number, codeHash: string, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const res = await db
    .updateTable('auth_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('kind', '=', 'activation')
    .where('code_hash', '=', codeHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
