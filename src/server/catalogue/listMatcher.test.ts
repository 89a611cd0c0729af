import { buildMatchIndex, listLines, matchList, stripListMark, wordsOf } from './listMatcher';

const index = buildMatchIndex([
  { type: 'analysis', id: 1, terms: ['Complete blood count', 'GB001', 'Morfologia krwi', 'Общий анализ крови', 'morfologia', 'ОАК', 'CBC'] },
  { type: 'analysis', id: 2, terms: ['Complete blood count with differential', 'Morfologia krwi z rozmazem', 'morfologia z rozmazem'] },
  { type: 'analysis', id: 3, terms: ['Free T4', 'Свободный Т4', 'Т4 св.', 'fT4'] },
  { type: 'analysis', id: 4, terms: ['Free T3', 'Свободный Т3', 'Т3 св.', 'fT3'] },
  { type: 'analysis', id: 5, terms: ['Glucose (fasting)', 'Glukoza (na czczo)', 'Глюкоза (натощак)', 'glukoza', 'глюкоза'] },
  { type: 'analysis', id: 6, terms: ['Iron (serum)', 'Żelazo (surowica)', 'żelazo', 'Fe'] },
  { type: 'profile', id: 3, terms: ['Lipid panel', 'lipidogram', 'липидограмма'] },
]);

const matched = (text: string) => matchList(index, text).map((l) => (l.match ? `${l.match.type}:${l.match.id}` : null));

test('list numbers and bullets go, words inside a name stay', () => {
  expect(['1. TSH', '12) fT4', '(3) OB', 'a) CRP', '- CBC', '• ОАК', '* LDL', '— ESR', '17-OH progesteron', '25-OH vitamin D'].map(stripListMark)).toEqual([
    'TSH', 'fT4', 'OB', 'CRP', 'CBC', 'ОАК', 'LDL', 'ESR', '17-OH progesteron', '25-OH vitamin D',
  ]);
  expect(listLines('a\r\n\r\n  b  \n\n\tc\n')).toEqual(['a', 'b', 'c']);
});

test('case, diacritics and punctuation do not count; a Latin T or B among Cyrillic is read as the same letter', () => {
  expect(wordsOf('ŻELAZO!')).toEqual(['zelazo']);
  expect(wordsOf('Т4 св.')).toEqual(wordsOf('T4 св'));
  expect(matched('zelazo\nFE\nMORFOLOGIA.\nт4 СВ\nT4 св.')).toEqual(['analysis:6', 'analysis:6', 'analysis:1', 'analysis:3', 'analysis:3']);
});

test('a typo in a long word, an inflected ending and extra words still match; a digit must be exact', () => {
  expect(matched('Morfolgia\nанализ крови на глюкозу\nlipidogram - kontrola\nfT3')).toEqual(['analysis:1', 'analysis:5', 'profile:3', 'analysis:4']);
  const [free] = matchList(index, 'Свободный Т4');
  expect(free?.match).toMatchObject({ id: 3, confidence: 1 });
});

test('a line nothing fits, or that names imaging or a visit, is kept without a match, in its place', () => {
  const lines = matchList(index, 'CBC\nUSG jamy brzusznej\nECG\nКонсультация: глюкоза\nfT4');
  expect(lines.map((l) => l.text)).toEqual(['CBC', 'USG jamy brzusznej', 'ECG', 'Консультация: глюкоза', 'fT4']);
  expect(lines.map((l) => Boolean(l.match))).toEqual([true, false, false, false, true]);
  // What came near stays as alternatives to choose from.
  expect(lines[3]?.alternatives.map((a) => a.id)).toContain(5);
});

test('alternatives are other items, best first, without the match', () => {
  const [line] = matchList(index, 'morfologia');
  expect(line?.match).toMatchObject({ type: 'analysis', id: 1, confidence: 1 });
  expect(line?.alternatives.map((a) => a.id)).toEqual([2]);
});
