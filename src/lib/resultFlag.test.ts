import { computeFlag, parseResultValue } from './resultFlag';

describe('result flag from the reference range', () => {
  test('inside the range is normal, limits included', () => {
    expect(computeFlag(4.5, 3.9, 5.6)).toBe('normal');
    expect(computeFlag(3.9, 3.9, 5.6)).toBe('normal');
    expect(computeFlag(5.6, 3.9, 5.6)).toBe('normal');
  });
  test('below low is low, above high is high', () => {
    expect(computeFlag(3.0, 3.9, 5.6)).toBe('low');
    expect(computeFlag(7.2, 3.9, 5.6)).toBe('high');
  });
  test('beyond twice the deviation is critical', () => {
    expect(computeFlag(11.3, 3.9, 5.6)).toBe('critical');
    expect(computeFlag(11.2, 3.9, 5.6)).toBe('high');
    expect(computeFlag(1.9, 3.9, 5.6)).toBe('critical');
    expect(computeFlag(1.95, 3.9, 5.6)).toBe('low');
  });
  test('one-sided ranges and no range', () => {
    expect(computeFlag(6, null, 5)).toBe('high');
    expect(computeFlag(0.5, 1, null)).toBe('low');
    expect(computeFlag(1000, null, null)).toBe('normal');
    expect(computeFlag(-1, 0, 10)).toBe('low');
  });
  test('text values are normal', () => {
    expect(computeFlag('positive', 1, 2)).toBe('normal');
  });
  test('typed values: numbers with dot or comma, otherwise text', () => {
    expect(parseResultValue(' 5,4 ')).toBe(5.4);
    expect(parseResultValue('12')).toBe(12);
    expect(parseResultValue('-0.5')).toBe(-0.5);
    expect(parseResultValue('negative')).toBe('negative');
    expect(parseResultValue('< 0.1')).toBe('< 0.1');
  });
});
