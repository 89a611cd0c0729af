/** The verdict on `npm audit --json` output for CI (see scripts/audit.ts). */
interface Vulnerability {
  name: string;
  severity: string;
  via: (string | { title?: string; url?: string })[];
  fixAvailable: unknown;
}

interface AuditReport {
  vulnerabilities?: Record<string, Vulnerability>;
  metadata?: { vulnerabilities?: Record<string, number> };
  message?: string;
  error?: unknown;
}

export function auditVerdict(stdout: string, required: boolean): { exit: 0 | 1; lines: string[] } {
  let report: AuditReport;
  try {
    report = JSON.parse(stdout) as AuditReport;
  } catch {
    return { exit: 1, lines: [`npm audit gave no report:\n${stdout.slice(0, 2000)}`] };
  }
  const counts = report.metadata?.vulnerabilities;
  if (!counts) {
    const why = report.message ?? JSON.stringify(report.error ?? report).slice(0, 300);
    return { exit: required ? 1 : 0, lines: [`npm audit: NO ADVISORY DATA. The registry offers no audit endpoint (${why}); no production dependency was checked.`] };
  }
  const bad = Object.values(report.vulnerabilities ?? {}).filter((v) => v.severity === 'high' || v.severity === 'critical');
  const lines = [`npm audit (production dependencies): ${Object.entries(counts).map(([k, n]) => `${k} ${n}`).join(', ')}`];
  for (const v of bad) {
    const via = v.via.map((x) => (typeof x === 'string' ? x : `${x.title ?? ''} ${x.url ?? ''}`.trim())).join('; ');
    lines.push(`  ${v.severity.toUpperCase()} ${v.name}: ${via}${v.fixAvailable ? ' (fix available: npm audit fix)' : ''}`);
  }
  return { exit: bad.length ? 1 : 0, lines };
}
