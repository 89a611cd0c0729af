import { labAddress, labCity, labPlace, localDescription, localName, localOrderPreparation, localPreparation } from './catalogueText';

const glucose = { name: 'Glucose (fasting)', description: 'Blood sugar after an overnight fast.', i18n: { ru: { name: 'Глюкоза (натощак)' }, pl: { name: 'Glukoza (na czczo)', description: 'Cukier we krwi na czczo.' } } };

test('names and texts in the user\'s language, English where there is no translation', () => {
  expect(localName(glucose, 'ru')).toBe('Глюкоза (натощак)');
  expect(localName(glucose, 'pl')).toBe('Glukoza (na czczo)');
  expect(localName(glucose, 'en')).toBe('Glucose (fasting)');
  expect(localDescription(glucose, 'pl')).toBe('Cukier we krwi na czczo.');
  expect(localDescription(glucose, 'ru')).toBe('Blood sugar after an overnight fast.');
  expect(localName({ name: 'Ferritin' }, 'ru')).toBe('Ferritin');
});

const warsaw = { cityName: 'Warsaw', address: 'ul. Puławska 145, 02-715 Warszawa', i18n: { ru: { cityName: 'Варшава', address: 'ул. Пулавска 145, 02-715 Варшава' } } };

test('laboratories and preparation texts in the user\'s language, English where there is no translation', () => {
  expect(labPlace(warsaw, 'ru')).toBe('Варшава, ул. Пулавска 145, 02-715 Варшава');
  expect(labCity(warsaw, 'pl')).toBe('Warsaw');
  expect(labAddress(warsaw, 'en')).toBe('ul. Puławska 145, 02-715 Warszawa');
  const glucosePrep = { preparation: 'Do not eat for 8 hours before the sample; water is allowed.', i18n: { pl: { name: 'Glukoza', preparation: 'Nie jedz przez 8 godzin przed pobraniem; wodę można pić.' } } };
  expect(localPreparation(glucosePrep, 'pl')).toMatch(/^Nie jedz/);
  expect(localPreparation(glucosePrep, 'ru')).toMatch(/^Do not eat/);
  const order = localOrderPreparation({ fastingHours: 8, notes: [{ analysisId: 1, name: 'Glucose', ...glucosePrep }] }, 'pl');
  expect(order.notes[0]).toMatchObject({ name: 'Glukoza', preparation: 'Nie jedz przez 8 godzin przed pobraniem; wodę można pić.' });
});

test("a profile's stored name keeps the spec's Russian ordinal; the English page reads it without one, ru and pl their translations", () => {
  const profile = { name: 'Профиль 1. Basic check-up', i18n: { ru: { name: 'Профиль 1. Базовый чек-ап' }, pl: { name: 'Profil 1. Podstawowy przegląd' } } };
  expect(localName(profile, 'en')).toBe('Basic check-up');
  expect(localName(profile, 'ru')).toBe('Профиль 1. Базовый чек-ап');
  expect(localName(profile, 'pl')).toBe('Profil 1. Podstawowy przegląd');
  expect(localName({ name: 'Профиль 2. Thyroid' }, 'pl')).toBe('Thyroid');
  expect(localName({ name: 'Профиль 2. Thyroid' }, 'ru')).toBe('Профиль 2. Thyroid');
  expect(localName({ name: 'Glucose' }, 'en')).toBe('Glucose');
});
