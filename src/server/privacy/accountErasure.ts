import { deleteOutboxFilesTo } from '@/server/mail/mailer';
import crypto from 'node:crypto';
import type { Db } from '@/server/db/createDb';
import { badRequest, notFound } from '@/server/http/errors';
import { hashPassword, verifyPassword } from '@/server/passwords';
import * as notificationsRepo from '@/server/notifications/repositories/notifications';
import * as accountData from '@/server/accounts/repositories/accountData';
import * as accountsRepo from '@/server/accounts/repositories/accounts';
import { deleteSecurityEventsOf } from '@/server/audit/repositories/audit';
import { clearCart } from '@/server/cart/repositories/cart';
import { forgetDevices } from '@/server/accounts/repositories/devices';
import { deleteAttemptsUnder } from '@/server/accounts/repositories/loginAttempts';
import { deleteMailTo } from '@/server/mail/repositories/mailOutbox';
import { revokeUserShares } from '@/server/results/repositories/shares';
import { actorOf, recordAudit } from '@/server/audit/audit';
import { inWriteTransaction } from '@/server/db/transactions';
import { eraseNeedsOfUser } from '@/server/accounts/patientNeeds';

/**
 * `DELETE users/current` with the password: signs the account out everywhere and erases its
 * personal data. What the laboratory must keep by law (orders, their results and revisions, the audit
 * trail) stays, anonymised: the account row keeps only its id under an address that cannot be
 * reached, patients and the identities frozen on orders lose names and contact data (sex and date of
 * birth stay: the reference intervals of kept results depend on them), order addresses and phones
 * are blanked (postal code, the nurse's not-at-home note and the status notes too), cart and share
 * links go, and so do the attempts and security events keyed by the address and the known devices.
 * The address can register again.
 */

export const WRONG_PASSWORD = 'The password is not correct';

export async function eraseAccount(db: Db, userId: number, password: string, ip = '', now = new Date()): Promise<void> {
  const user = await accountsRepo.findUserById(db, userId);
  if (!user) throw notFound('User not found');
  if (!(await verifyPassword(password, user.password_hash)).ok) throw badRequest(WRONG_PASSWORD, { password: WRONG_PASSWORD });
  const at = now.toISOString();
  const unusable = await hashPassword(crypto.randomBytes(32).toString('base64url'));
  await inWriteTransaction(db, async (trx) => {
    await accountsRepo.revokeAllUserTokens(trx, userId, now);
    // No more pushes to the account's devices; its notification choices go too.
    await notificationsRepo.deleteUserSubscriptions(trx, userId);
    await notificationsRepo.deleteUserSettings(trx, userId);
    await accountData.anonymiseUser(trx, userId, unusable, at);
    await accountData.anonymisePatients(trx, userId, at);
    // What the nurse should have known goes entirely.
    await eraseNeedsOfUser(trx, userId);
    await accountData.anonymiseOrders(trx, userId, at);
    // The limits' and sign-in records keyed by the address or the account, and the known devices.
    const address = user.email.toLowerCase();
    await deleteAttemptsUnder(trx, [`email:${address}`, `register:key:${address}`, `reset:key:${address}`, `support:key:${address}`, `activation:key:user:${userId}`, `order:key:user:${userId}`, `promo:key:user:${userId}`]);
    await deleteSecurityEventsOf(trx, userId, [`sign_in_failed:${address}`, `locked_out:${address}`]);
    await forgetDevices(trx, userId);
    // The outbox's copies of mails to the address (sent ones hold no body; waiting ones are moot now).
    await deleteMailTo(trx, address);
    await revokeUserShares(trx, userId, at);
    await clearCart(trx, userId);
    await recordAudit(trx, { action: 'account_deleted', ...actorOf(user), subjectUserId: userId, ip }, now);
  });
  // The local outbox's files of mails to the address (MAIL_OUTBOX without SMTP) go too.
  await deleteOutboxFilesTo(user.email);
}
