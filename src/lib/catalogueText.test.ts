import { localDescription, localName } from './catalogueText';

const glucose = { name: 'Glucose (fasting)', description: 'Blood sugar after an overnight fast.', i18n: { ru: { name: 'Глюкоза (натощак)' }, pl: { name: 'Glukoza (na czczo)', description: 'Cukier we krwi na czczo.' } } };

test('names and texts in the user\'s language, English where there is no translation', () => {
  expect(localName(glucose, 'ru')).toBe('Глюкоза (натощак)');
  expect(localName(glucose, 'pl')).toBe('Glukoza (na czczo)');
  expect(localName(glucose, 'en')).toBe('Glucose (fasting)');
  expect(localDescription(glucose, 'pl')).toBe('Cukier we krwi na czczo.');
  expect(localDescription(glucose, 'ru')).toBe('Blood sugar after an overnight fast.');
  expect(localName({ name: 'Ferritin' }, 'ru')).toBe('Ferritin');
});
