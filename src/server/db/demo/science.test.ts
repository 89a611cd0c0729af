import { DEMO_ANALYSES } from './catalogue';
import { DEMO_SCIENCE } from './science';

/** LOINC codes carry a mod-10 (Luhn) check digit: a mistyped code fails it. */
function loincCheckDigitOk(code: string): boolean {
  const m = /^(\d{1,7})-(\d)$/.exec(code);
  if (!m) return false;
  const digits = `${m[1]}${m[2]}`.split('').map(Number).reverse();
  const sum = digits.reduce((acc, d, i) => acc + (i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  return sum % 10 === 0;
}

describe('the demo catalogue science', () => {
  const byCode = new Map(DEMO_ANALYSES.map((a) => [a.code, a]));
  const entries = Object.entries(DEMO_SCIENCE);

  test('describes analyses of the catalogue', () => {
    for (const [code] of entries) expect(byCode.has(code)).toBe(true);
    expect(entries.filter(([, s]) => s.loinc).length).toBeGreaterThanOrEqual(90);
  });

  test('every LOINC code has a valid check digit, and known codes are where they belong', () => {
    expect(loincCheckDigitOk('1558-6')).toBe(true);
    expect(loincCheckDigitOk('1558-5')).toBe(false);
    for (const [code, s] of entries) if (s.loinc) expect([code, loincCheckDigitOk(s.loinc)]).toEqual([code, true]);
    expect(DEMO_SCIENCE.GB004?.loinc).toBe('14771-0'); // fasting glucose in mmol/L (1558-6 is the mg/dL code)
    expect(DEMO_SCIENCE.HR001?.loinc).toBe('3016-3');
    expect(DEMO_SCIENCE.GB010?.loinc).toBe('1742-6');
    const codes = entries.map(([, s]) => s.loinc).filter(Boolean);
    expect(new Set(codes).size).toBe(codes.length);
  });

  test('intervals are ordered, bands sensible, critical limits outside the intervals; numeric results have a UCUM unit', () => {
    for (const [code, s] of entries) {
      for (const r of s.ranges ?? []) {
        if (r.low !== undefined && r.high !== undefined) expect([code, r.low <= r.high]).toEqual([code, true]);
        if (r.minAge !== undefined && r.maxAge !== undefined) expect([code, r.minAge <= r.maxAge]).toEqual([code, true]);
        if (s.criticalLow !== undefined && r.low !== undefined) expect([code, s.criticalLow < r.low]).toEqual([code, true]);
        if (s.criticalHigh !== undefined && r.high !== undefined) expect([code, s.criticalHigh > r.high]).toEqual([code, true]);
        if (r.low !== undefined || r.high !== undefined) expect([code, Boolean(s.ucum)]).toEqual([code, true]);
        expect([code, r.text === undefined || (r.low === undefined && r.high === undefined)]).toEqual([code, true]);
      }
      // UCUM codes use ASCII (u for micro) and the catalogue's display unit keeps its own spelling.
      if (s.ucum) expect([code, /^[\x21-\x7e]+$/.test(s.ucum)]).toEqual([code, true]);
    }
  });

  test('sex-specific intervals where physiology differs', () => {
    for (const code of ['GB028', 'GB018', 'HR015', 'GB020']) {
      const genders = new Set((DEMO_SCIENCE[code]?.ranges ?? []).map((r) => r.gender).filter(Boolean));
      expect([code, [...genders].sort()]).toEqual([code, ['female', 'male']]);
    }
  });
});
