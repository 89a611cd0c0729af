import type { Selectable } from 'kysely';
import type { NotificationSettingTable, PushSubscriptionTable } from '@/server/db/schema';
import type { Db } from '@/server/db/createDb';
import type { NotificationChannels, NotificationEvent, PushSubscriptionInput } from '@/shared/types/notifications';

/** The patient's notification channels per event and their devices' push subscriptions. */

export type PushSubscriptionRow = Selectable<PushSubscriptionTable>;
export type NotificationSettingRow = Selectable<NotificationSettingTable>;

export function listSettings(db: Db, userId: number): Promise<NotificationSettingRow[]> {
  return db.selectFrom('notification_settings').selectAll().where('user_id', '=', userId).execute();
}

export async function findSetting(db: Db, userId: number, event: NotificationEvent): Promise<NotificationSettingRow | undefined> {
  return db.selectFrom('notification_settings').selectAll().where('user_id', '=', userId).where('event', '=', event).executeTakeFirst();
}

/** Writes the channels of each event (insert or update), in one statement per event. */
export async function saveSettings(db: Db, userId: number, channels: NotificationChannels[], now: Date): Promise<void> {
  for (const c of channels) {
    const row = { user_id: userId, event: c.event, email: c.email ? 1 : 0, push: c.push ? 1 : 0, updated_at: now.toISOString() };
    await db
      .insertInto('notification_settings')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'event']).doUpdateSet({ email: row.email, push: row.push, updated_at: row.updated_at }))
      .execute();
  }
}

export function listSubscriptions(db: Db, userId: number): Promise<PushSubscriptionRow[]> {
  return db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export function findSubscription(db: Db, id: number): Promise<PushSubscriptionRow | undefined> {
  return db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Keeps the device's subscription: one row per endpoint. A new endpoint is added; the caller's own
 * endpoint takes the new keys and session; an endpoint another account holds moves to the caller only
 * when the same keys are presented (the same browser, signed in to another account), and is left as
 * it is otherwise (knowing an endpoint is not owning the device). Answers whether the row is the caller's.
 */
export async function saveSubscription(db: Db, userId: number, sessionId: number | null, s: PushSubscriptionInput, now: Date): Promise<boolean> {
  const row = { user_id: userId, session_id: sessionId, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth, created_at: now.toISOString() };
  const inserted = await db.insertInto('push_subscriptions').values(row).onConflict((oc) => oc.column('endpoint').doNothing()).executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  const moved = await db
    .updateTable('push_subscriptions')
    .set({ user_id: row.user_id, session_id: row.session_id, p256dh: row.p256dh, auth: row.auth, created_at: row.created_at })
    .where('endpoint', '=', s.endpoint)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb.and([eb('p256dh', '=', s.keys.p256dh), eb('auth', '=', s.keys.auth)])]))
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}

/** Keeps the account's `keep` newest subscriptions and removes the older ones; answers how many went. */
export async function trimUserSubscriptions(db: Db, userId: number, keep: number): Promise<number> {
  const kept = db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(keep);
  const r = await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('id', 'not in', kept).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Removes the caller's subscription of `endpoint`; how many rows went (0 or 1). */
export async function deleteUserSubscription(db: Db, userId: number, endpoint: string): Promise<number> {
  const r = await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** A push service answered 404/410: the subscription is gone for good. */
export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** Signing out of a session removes the subscriptions its device made. */
export async function deleteSessionSubscriptions(db: Db, sessionId: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('session_id', '=', sessionId).execute();
}

/** Signing out everywhere (or erasing the account) removes every device's subscription. */
export async function deleteUserSubscriptions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
}

export async function deleteUserSettings(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('notification_settings').where('user_id', '=', userId).execute();
}

/** Who a notice goes to: the account's address and the language it last used in the shop. */
export function findRecipientUser(db: Db, userId: number): Promise<{ email: string; locale: string | null } | undefined> {
  return db.selectFrom('users').select(['email', 'locale']).where('id', '=', userId).executeTakeFirst();
}
