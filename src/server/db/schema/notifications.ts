import type { Generated } from 'kysely';

/** The patient's notification channels per event and their devices' Web Push subscriptions. Conventions in index.ts. */

/** One row per user and event that differs from the default (e-mail on, push on). */
export interface NotificationSettingTable {
  user_id: number;
  event: 'on_the_way' | 'not_at_home' | 'results_ready' | 'critical_result' | 'sample_rejected';
  email: number;
  push: number;
  updated_at: string;
}

/** A browser's push subscription (RFC 8030 endpoint and RFC 8291 keys), tied to the sign-in session that made it. */
export interface PushSubscriptionTable {
  id: Generated<number>;
  user_id: number;
  /** Signing out of this session removes the subscription. */
  session_id: number | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}
