import { auditVerdict } from './auditVerdict';

const report = (vulnerabilities: Record<string, { severity: string }>) =>
  JSON.stringify({
    vulnerabilities: Object.fromEntries(Object.entries(vulnerabilities).map(([name, v]) => [name, { name, severity: v.severity, via: [{ title: `${name} flaw`, url: `https://github.com/advisories/${name}` }], fixAvailable: true }])),
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 1, high: 0, critical: 0, total: 1 } },
  });

test('a high or critical advisory fails CI and is named', () => {
  const v = auditVerdict(report({ axios: { severity: 'high' }, marked: { severity: 'moderate' } }), false);
  expect(v.exit).toBe(1);
  expect(v.lines.join('\n')).toContain('HIGH axios: axios flaw https://github.com/advisories/axios (fix available: npm audit fix)');
  expect(v.lines.join('\n')).not.toContain('marked');
  expect(auditVerdict(report({ pg: { severity: 'critical' } }), false).exit).toBe(1);
});

test('moderate and low advisories pass', () => {
  expect(auditVerdict(report({ marked: { severity: 'moderate' }, dayjs: { severity: 'low' } }), false).exit).toBe(0);
});

test('a registry without the audit endpoint says so plainly; it fails only when the audit is required', () => {
  const noEndpoint = JSON.stringify({ message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk', statusCode: 405 });
  expect(auditVerdict(noEndpoint, false)).toEqual({ exit: 0, lines: [expect.stringContaining('NO ADVISORY DATA')] });
  expect(auditVerdict(noEndpoint, true).exit).toBe(1);
  expect(auditVerdict('not json', false).exit).toBe(1);
});
