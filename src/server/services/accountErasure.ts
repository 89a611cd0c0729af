import { deleteMailTo } from '../repositories/mailOutbox';
import crypto from 'node:crypto';
import type { Db } from '../db/createDb';
import { badRequest, notFound } from '../http/errors';
import { hashPassword, verifyPassword } from '../passwords';
import * as notificationsRepo from '../repositories/notifications';
import * as accountsRepo from '../repositories/accounts';
import { recordAudit } from './audit';

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
  await db.transaction().execute(async (trx) => {
    await accountsRepo.revokeAllUserTokens(trx, userId, now);
    // No more pushes to the account's devices; its notification choices go too.
    await notificationsRepo.deleteUserSubscriptions(trx, userId);
    await notificationsRepo.deleteUserSettings(trx, userId);
    await trx
      .updateTable('users')
      .set({ email: `erased-${userId}@erased.invalid`, password_hash: unusable, first_name: '', last_name: '', phone: null, date_of_birth: null, email_confirmed: 0, locale: null, updated_at: at })
      .where('id', '=', userId)
      .execute();
    await trx
      .updateTable('patients')
      .set({ first_name: '', last_name: '', email: null, phone: null, country: '', region: '', locality: '', district: '', street: '', house_number: '', entrance_number: '', floor_number: '', apartment_number: '', address_notes: '', updated_at: at })
      .where('user_id', '=', userId)
      .execute();
    const orderIds = (await trx.selectFrom('orders').select('id').where('user_id', '=', userId).execute()).map((o) => o.id);
    if (orderIds.length) {
      await trx.updateTable('order_patients').set({ first_name: '', last_name: '' }).where('order_id', 'in', orderIds).execute();
      await trx
        .updateTable('orders')
        .set({ address_city: '', address_street: '', address_postal_code: '', address_entry: '', address_floor: '', address_apartment: '', address_intercom_code: '', address_notes: '', not_at_home_note: null, feedback_quick_phone: '', updated_at: at })
        .where('user_id', '=', userId)
        .execute();
      // Free-text notes of the order's steps may name the person (status notes are not part of the kept results).
      await trx.updateTable('order_status_events').set({ note: '' }).where('order_id', 'in', orderIds).execute();
    }
    // The limits' and sign-in records keyed by the address or the account, and the known devices.
    const address = user.email.toLowerCase();
    await trx
      .deleteFrom('login_attempts')
      .where('key', 'in', [`email:${address}`, `register:key:${address}`, `reset:key:${address}`, `support:key:${address}`, `activation:key:user:${userId}`, `order:key:user:${userId}`, `promo:key:user:${userId}`])
      .execute();
    await trx.deleteFrom('security_events').where((eb) => eb.or([eb('subject_user_id', '=', userId), eb('key', 'in', [`sign_in_failed:${address}`, `locked_out:${address}`])])).execute();
    await trx.deleteFrom('known_devices').where('user_id', '=', userId).execute();
    // The outbox's copies of mails to the address (sent ones hold no body; waiting ones are moot now).
    await deleteMailTo(trx, address);
    await trx.updateTable('result_shares').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    await trx.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
    await trx.deleteFrom('cart_material_decisions').where('user_id', '=', userId).execute();
    await recordAudit(trx, { action: 'account_deleted', actorKind: user.role === 'staff' ? 'staff' : 'patient', actorUserId: userId, subjectUserId: userId, ip }, now);
  });
}
