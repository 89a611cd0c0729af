/**
 * `npm run audit`: `npm audit --omit=dev --audit-level=high` for CI. Fails (exit 1) on any high or
 * critical advisory of a production dependency, listing them. A registry without the advisories
 * endpoint (a mirror answering 405/404) gives no advisory data: that is printed plainly and does not
 * fail the build, unless AUDIT_REQUIRED=1.
 */
import { spawnSync } from 'node:child_process';
import { auditVerdict } from './auditVerdict';

const run = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const { exit, lines } = auditVerdict(run.stdout, process.env.AUDIT_REQUIRED === '1');
for (const line of lines) console.log(line);
process.exit(exit);
