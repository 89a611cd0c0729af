import { method, route } from '@/server/http/route';
import { getNotificationSettings, updateNotificationSettings } from '@/server/notifications/settings';
import { notificationSettingsSchema } from '@/shared/validation/notifications';
import type { NotificationSettingsInput } from '@/shared/types/notifications';

export const config = { api: { bodyParser: false } };

/** The caller's notification channels per event (e-mail, push), the push key and the quiet hours. */
export default route({
  GET: method({ auth: 'user', handler: ({ db, user }) => getNotificationSettings(db, user.id) }),
  PUT: method({ auth: 'user', body: notificationSettingsSchema, handler: ({ db, user, body }) => updateNotificationSettings(db, user.id, body as NotificationSettingsInput) }),
});
