import { getConfig } from '@/server/config';
import { readOutbox } from '@/server/testing/outbox';
import { setUpApiSuite } from '@/server/testing/shopSuite';
import { registerUser } from '@/server/testing/accountHelpers';

/** Erasure removes the account's mails from the local outbox directory too; another account's stay (SQLite and PostgreSQL). */
const suite = setUpApiSuite();

test("erasing an account deletes the outbox's .eml files to its address, and only those", async () => {
  const gone = await registerUser(suite.api);
  const kept = await registerUser(suite.api);
  const to = (email: string) => readOutbox(getConfig().outboxDir).filter((m) => m.to === email).length;
  expect(to(gone.email)).toBeGreaterThan(0);
  expect(to(kept.email)).toBeGreaterThan(0);
  const res = await suite.api.call('DELETE', '/api/backend/users/current', { token: gone.token, body: { password: gone.password } });
  expect(res.status).toBe(200);
  expect(to(gone.email)).toBe(0);
  expect(to(kept.email)).toBeGreaterThan(0);
});
