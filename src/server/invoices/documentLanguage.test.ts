import { setUpApiSuite } from '@/server/testing/shopSuite';
import { createOrder, createScenario, createSlot } from '@/server/testing/orderFixtures';
import { getOrder } from '@/server/orders/repositories/orders';
import { formatTimes, formatVisit } from '@/server/mail/templates/common';
import { orderDocumentLines } from './documents';
import { pdfTools } from './pdf';

/**
 * Documents and mails in the reader's language and on the laboratory's clock: a Polish invoice
 * names the tests by the catalogue's Polish names, a Minsk receipt and mail show Minsk's wall clock
 * and name the zone after Minsk (Intl calls Europe/Minsk "Moscow Standard Time"). SQLite and PostgreSQL.
 */
const suite = setUpApiSuite();

test('the invoice lines name a test by its Polish name ("Morfologia krwi"), the stored name without one', async () => {
  const { db } = suite.db;
  const s = await createScenario(db);
  await db.insertInto('catalogue_translations').values({ kind: 'analysis', item_id: s.glucose, language: 'pl', name: 'Morfologia krwi', description: '', synonyms: '' }).execute();
  await db.insertInto('catalogue_translations').values({ kind: 'analysis', item_id: s.glucose, language: 'ru', name: 'Общий анализ крови', description: '', synonyms: '' }).execute();
  const slot = await createSlot(db, s.labId, 72);
  const order = await createOrder(db, { userId: s.owner.id, laboratoryId: s.labId, slotId: slot.id, lines: [{ patientId: s.patientId, analysisId: s.glucose }, { patientId: s.patientId, analysisId: s.tsh }] });
  const lines = await orderDocumentLines(db, (await getOrder(db, order.id))!);
  expect(lines.map((l) => l.name)).toEqual(['Badanie laboratoryjne: Morfologia krwi', 'Badanie laboratoryjne: TSH', 'Pobranie materiału do badań w domu pacjenta (wizyta)']);
});

test('a Minsk receipt and mail: Minsk wall clock, the zone named after Minsk in every language', () => {
  const paidAt = '2026-11-28T12:30:00.000Z';
  const ru = pdfTools('ru', 'Europe/Minsk');
  expect(ru.dayTime(paidAt)).toContain('15:30');
  expect(ru.zoneNote).toBe('Часовой пояс: время Минска');
  expect(pdfTools('en', 'Europe/Minsk').zoneNote).toBe('Times in Minsk time');
  expect(pdfTools('pl', 'Europe/Warsaw').dayTime(paidAt)).toContain('13:30');
  expect(pdfTools('pl', 'Europe/Warsaw').zoneNote).toBe('Strefa czasowa: czas warszawski');

  const visit = formatVisit('2026-12-02T05:00:00.000Z', '2026-12-02T07:00:00.000Z', 'Europe/Minsk', 'ru-RU');
  expect(visit).toMatch(/^среда, 2 декабря 2026( г\.)?, 08:00–10:00 \(время Минска\)$/);
  expect(formatTimes('2026-12-02T05:10:00.000Z', '2026-12-02T05:40:00.000Z', 'Europe/Minsk', 'en-GB')).toBe('08:10–08:40 (Minsk time)');
  expect(`${visit}${ru.zoneNote}`).not.toMatch(/Моск|Moscow/);
});
