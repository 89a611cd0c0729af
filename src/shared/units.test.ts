import { displayUnit } from './units';

test('units read as Russian and Polish readers write them; English and unknown units stay as stored', () => {
  const cases: [string, string, string][] = [
    ['mmol/L', 'ммоль/л', 'mmol/l'],
    ['g/dL', 'г/дл', 'g/dl'],
    ['10^9/L', '10⁹/л', '10⁹/l'],
    ['10^12/L', '10¹²/л', '10¹²/l'],
    ['µmol/L', 'мкмоль/л', 'µmol/l'],
    ['mIU/L', 'мМЕ/л', 'mIU/l'],
    ['U/L', 'Ед/л', 'U/l'],
    ['ng/mL', 'нг/мл', 'ng/ml'],
    ['fL', 'фл', 'fl'],
    ['pg', 'пг', 'pg'],
    ['%', '%', '%'],
  ];
  for (const [stored, ru, pl] of cases) {
    expect([displayUnit(stored, 'ru'), displayUnit(stored, 'pl'), displayUnit(stored, 'en')]).toEqual([ru, pl, stored]);
  }
  expect(displayUnit(null, 'ru')).toBe('');
  expect(displayUnit('Ratio', 'ru')).toBe('Ratio');
});
