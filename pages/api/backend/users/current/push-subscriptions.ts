import { method, route } from '@/server/http/route';
import { subscribePush, unsubscribePush } from '@/server/notifications/settings';
import { pushEndpointSchema, pushSubscriptionSchema } from '@/shared/validation/notifications';

export const config = { api: { bodyParser: false } };

/** This device's Web Push subscription: kept with the sign-in session, removed on sign-out. */
export default route({
  POST: method({ auth: 'user', limit: { action: 'push', per: 'account' }, status: 201, body: pushSubscriptionSchema, handler: ({ db, user, body }) => subscribePush(db, user, body) }),
  DELETE: method({
    auth: 'user',
    body: pushEndpointSchema,
    handler: async ({ db, user, body }) => {
      await unsubscribePush(db, user, body.endpoint);
    },
  }),
});
