/**
 * `npm run audit:verify`: checks the hash chain of the audit trail (audit/auditChain.ts) in the
 * configured database. Prints the number of records and the chain's head; exits 1 and names every
 * changed record and every broken link (a removed record) when the chain does not hold. Keep the
 * printed head somewhere else (a ticket, a log): a later head that does not continue it shows that
 * the newest records were removed.
 */
import { getConfig } from '../src/server/config';
import { openDb } from '../src/server/db/createDb';
import { verifyAuditChain } from '@/server/audit/auditChain';

async function main(): Promise<void> {
  const handle = await openDb(getConfig().database);
  try {
    const report = await verifyAuditChain(handle.db);
    console.log(`${report.records} audit records; head ${report.head}`);
    if (report.ok) {
      console.log('The chain holds: no record was changed or removed (before the head).');
      return;
    }
    for (const p of report.problems) console.error(p);
    console.error(`The chain is broken in ${report.problems.length} place(s).`);
    process.exitCode = 1;
  } finally {
    await handle.destroy();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(2);
});
