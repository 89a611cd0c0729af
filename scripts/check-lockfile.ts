/**
 * `npm run lint:lockfile` (with lockfile-lint before it): an offline check of package-lock.json, which
 * needs no advisory database. lockfile-lint checks the host (registry.npmjs.org), https and the
 * integrity format of every `resolved` entry; this lockfile records no `resolved` URLs (npm takes the
 * configured registry), so this script also requires every installed package to carry a sha512
 * integrity, which npm verifies on install: a package swapped on the registry or in a mirror fails.
 */
import fs from 'node:fs';

interface LockPackage {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  inBundle?: boolean;
}

const lock = JSON.parse(fs.readFileSync(process.argv[2] ?? 'package-lock.json', 'utf8')) as { lockfileVersion: number; packages: Record<string, LockPackage> };
const problems: string[] = [];
if (lock.lockfileVersion < 2) problems.push(`lockfileVersion ${lock.lockfileVersion}: use npm 7 or later (version 2 or 3)`);
let checked = 0;
for (const [where, p] of Object.entries(lock.packages ?? {})) {
  if (!where || p.link || p.inBundle) continue;
  checked += 1;
  if (!p.integrity || !/^sha512-[A-Za-z0-9+/]+=*$/.test(p.integrity)) problems.push(`${where}: no sha512 integrity`);
  if (p.resolved && !p.resolved.startsWith('https://registry.npmjs.org/')) problems.push(`${where}: resolved from ${p.resolved}`);
}
if (problems.length) {
  for (const p of problems) console.error(p);
  console.error(`${problems.length} problem(s) in ${checked} locked packages`);
  process.exit(1);
}
console.log(`${checked} locked packages: each with a sha512 integrity, none from another registry`);
