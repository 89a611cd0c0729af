import { ageOn, computeFlag, flagOf, interpret, interpretationFromFlag, isCritical, normaliseText, parseResultValue, selectInterval } from './resultFlag';

describe('interpretation from the interval and critical limits', () => {
  const glucose = { low: 3.9, high: 5.6 };
  const limits = { criticalLow: 2.5, criticalHigh: 25 };
  test('inside the interval is N, limits included', () => {
    expect(interpret(4.5, glucose, limits)).toBe('N');
    expect(interpret(3.9, glucose, limits)).toBe('N');
    expect(interpret(5.6, glucose, limits)).toBe('N');
  });
  test('below low is L, above high is H', () => {
    expect(interpret(3.0, glucose, limits)).toBe('L');
    expect(interpret(7.2, glucose, limits)).toBe('H');
    expect(interpret(25, glucose, limits)).toBe('H');
    expect(interpret(2.5, glucose, limits)).toBe('L');
  });
  test('beyond the critical limits is LL / HH, and critical', () => {
    expect(interpret(25.1, glucose, limits)).toBe('HH');
    expect(interpret(2.4, glucose, limits)).toBe('LL');
    expect(isCritical('HH')).toBe(true);
    expect(isCritical('LL')).toBe(true);
    expect(isCritical('H')).toBe(false);
    expect(flagOf('HH')).toBe('critical');
    expect(flagOf('LL')).toBe('critical');
  });
  test('no critical limits: far outside is still only H (no invented panic values)', () => {
    expect(interpret(100, glucose)).toBe('H');
    expect(computeFlag(11.3, 3.9, 5.6)).toBe('high');
  });
  test('critical limits judge even without an interval', () => {
    expect(interpret(7, null, { criticalHigh: 6.2 })).toBe('HH');
    expect(interpret(5, null, { criticalHigh: 6.2 })).toBe('N');
  });
  test('one-sided intervals and none', () => {
    expect(interpret(6, { high: 5 })).toBe('H');
    expect(interpret(0.5, { low: 1 })).toBe('L');
    expect(interpret(1000, {})).toBe('N');
    expect(interpret(-1, { low: 0, high: 10 })).toBe('L');
  });
  test('text results: the expected text is N, anything else A; spellings of negative are one', () => {
    expect(interpret('Negative', { text: 'negative' })).toBe('N');
    expect(interpret('not detected', { text: 'negative' })).toBe('N');
    expect(interpret('non-reactive', { text: 'Non-reactive' })).toBe('N');
    expect(interpret('positive', { text: 'negative' })).toBe('A');
    expect(interpret('detected', { text: 'not detected' })).toBe('A');
    expect(interpret('A Rh+', {})).toBe('N');
    expect(flagOf('A')).toBe('abnormal');
    expect(normaliseText('  NOT   detected. ')).toBe('negative');
  });
  test('stored flags of older results map to interpretations', () => {
    expect(interpretationFromFlag('critical', 1, 3.9)).toBe('LL');
    expect(interpretationFromFlag('critical', 30, 3.9)).toBe('HH');
    expect(interpretationFromFlag('low', 3, 3.9)).toBe('L');
    expect(interpretationFromFlag('normal', 4, 3.9)).toBe('N');
  });
});

describe('age on the sampling day and the interval that applies', () => {
  test('completed years: the birthday itself counts, the day before does not', () => {
    expect(ageOn('2008-11-22', '2026-11-22')).toBe(18);
    expect(ageOn('2008-11-22', '2026-11-21')).toBe(17);
    expect(ageOn('2008-11-23', '2026-11-22')).toBe(17);
    expect(ageOn('2008-12-01', '2026-11-30')).toBe(17);
    expect(ageOn('2026-11-22', '2026-11-22')).toBe(0);
  });
  test('29 February: a birthday counted on 1 March in other years', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
  });
  const creatinine = [
    { maxAge: 11, low: 27, high: 62 },
    { maxAge: 17, low: 44, high: 88 },
    { gender: 'male' as const, low: 62, high: 106 },
    { gender: 'female' as const, low: 44, high: 80 },
  ];
  test('by age band, edges inclusive, then by sex', () => {
    expect(selectInterval(creatinine, 'male', 11)).toEqual(creatinine[0]);
    expect(selectInterval(creatinine, 'male', 12)).toEqual(creatinine[1]);
    expect(selectInterval(creatinine, 'female', 17)).toEqual(creatinine[1]);
    expect(selectInterval(creatinine, 'male', 18)).toEqual(creatinine[2]);
    expect(selectInterval(creatinine, 'female', 18)).toEqual(creatinine[3]);
  });
  test('no band for the patient: no interval', () => {
    expect(selectInterval([{ gender: 'male' as const, minAge: 18, low: 1.7, high: 8.6 }], 'female', 30)).toBeUndefined();
    expect(selectInterval([{ gender: 'male' as const, minAge: 18, low: 1.7, high: 8.6 }], 'male', 17)).toBeUndefined();
  });
});

test('typed values: numbers with dot or comma, otherwise text', () => {
  expect(parseResultValue(' 5,4 ')).toBe(5.4);
  expect(parseResultValue('12')).toBe(12);
  expect(parseResultValue('-0.5')).toBe(-0.5);
  expect(parseResultValue('negative')).toBe('negative');
  expect(parseResultValue('< 0.1')).toBe('< 0.1');
});
