import { method, route } from '@/server/http/route';
import { exportAccount } from '@/server/privacy/accountExport';

export const config = { api: { bodyParser: false } };

/** Everything held about the account as one JSON file to download. */
export default route({
  GET: method({
    auth: 'user',
    handler: async ({ db, user, ip, res }) => {
      const archive = await exportAccount(db, user.id, ip);
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="lab-shop-account-${user.id}-${archive.exportedAt.slice(0, 10)}.json"`);
      res.status(200).send(JSON.stringify(archive, null, 2));
    },
  }),
});
