import { randomBytes } from 'node:crypto';
import { getConfig, setConfigForTests } from '../config';
import { setUpApiSuite } from '../testing/shopSuite';
import { createUser } from '../testing/orderFixtures';

/**
 * Push subscriptions over the real API (SQLite and PostgreSQL): an endpoint another account holds is
 * not taken over unless the same keys are presented, and the answer does not tell; at most ten devices
 * per account, the oldest dropped; push services on port 443 only.
 */
const suite = setUpApiSuite();
const URL_ = '/api/backend/users/current/push-subscriptions';

beforeAll(() => {
  setConfigForTests({ ...getConfig(), push: { ...getConfig().push, serviceHosts: ['fcm.googleapis.com'] } });
});
afterAll(() => setConfigForTests());

const b64 = (n: number) => randomBytes(n).toString('base64url');
const device = (endpoint = `https://fcm.googleapis.com/fcm/send/${b64(12)}`) => ({ endpoint, keys: { p256dh: b64(65), auth: b64(16) } });
const holders = (endpoint: string) => suite.db.db.selectFrom('push_subscriptions').select(['user_id', 'p256dh']).where('endpoint', '=', endpoint).execute();

test("an endpoint another account holds stays with it unless the same keys come; the answer is the same either way", async () => {
  const victim = await createUser(suite.db.db);
  const other = await createUser(suite.db.db);
  const d = device();
  expect((await suite.api.call('POST', URL_, { token: victim.token, body: d })).status).toBe(201);
  const taken = await suite.api.call('POST', URL_, { token: other.token, body: { ...d, keys: device().keys } });
  const fresh = await suite.api.call('POST', URL_, { token: other.token, body: device() });
  // Nothing in the answer tells a held endpoint from a new one.
  expect([taken.status, taken.body]).toEqual([fresh.status, { endpoint: d.endpoint }]);
  expect(await holders(d.endpoint)).toEqual([{ user_id: victim.id, p256dh: d.keys.p256dh }]);
  // The same browser signed in to the other account presents the same keys: the device moves.
  expect((await suite.api.call('POST', URL_, { token: other.token, body: d })).status).toBe(201);
  expect(await holders(d.endpoint)).toEqual([{ user_id: other.id, p256dh: d.keys.p256dh }]);
});

test('an account keeps at most ten devices: the eleventh replaces the oldest', async () => {
  const user = await createUser(suite.db.db);
  const devices = Array.from({ length: 11 }, () => device());
  for (const d of devices) {
    expect((await suite.api.call('POST', URL_, { token: user.token, body: d })).status).toBe(201);
    await new Promise((r) => setTimeout(r, 2));
  }
  const rows = await suite.db.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', user.id).execute();
  expect(rows.map((r) => r.endpoint).sort()).toEqual(devices.slice(1).map((d) => d.endpoint).sort());
});

test('a push service is reached on port 443 only', async () => {
  const user = await createUser(suite.db.db);
  for (const endpoint of ['https://fcm.googleapis.com:6379/x', 'https://fcm.googleapis.com:22/x', 'https://fcm.googleapis.com:8443/x']) {
    const res = await suite.api.call('POST', URL_, { token: user.token, body: device(endpoint) });
    expect([res.status, Object.keys(res.body.fields ?? {})]).toEqual([400, ['endpoint']]);
  }
  expect((await suite.api.call('POST', URL_, { token: user.token, body: device('https://fcm.googleapis.com:443/fcm/send/ok') })).status).toBe(201);
});
