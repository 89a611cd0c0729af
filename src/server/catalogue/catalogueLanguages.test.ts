import { getConfig } from '@/server/config';
import { readOutbox } from '@/server/testing/outbox';
import { backgroundSettled } from '@/server/background';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import { createFixturePatient, createFixtureSlot, createFixtureUser } from '@/server/testing/shopFixtures';
import { labAddress, labCity, localName, localOrderPreparation, localPreparation } from '@/shared/catalogueText';
import type { AnalysisDto, CartDto, LaboratoryDto } from '@/shared/types/api';
import type { ShopOrderDto } from '@/shared/types/order';
import type { OrderDetailDto } from '@/shared/types/results';

/**
 * The rest of the catalogue in Russian and Polish: sample materials, preparation texts, categories
 * and laboratories' names and addresses, on the catalogue, in the cart, on the order pages and in
 * the order mail; English where a language has no text.
 */
let tdb: TestDb;
let api: TestApiServer;
jest.setTimeout(60000);

beforeAll(async () => {
  tdb = await createTestDb({ seed: true });
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await tdb.cleanup();
});

const LAB = 'warsaw-mokotow';
const glucoseId = async () => (await tdb.db.selectFrom('analyses').select('id').where('code', '=', 'GB004').executeTakeFirstOrThrow()).id;

test('an analysis carries its material, preparation and category in ru and pl; English stays the fallback', async () => {
  const glucose = (await api.call('GET', `/api/backend/labService/${await glucoseId()}?laboratoryId=${LAB}`)).body as AnalysisDto;
  const kit = glucose.materials[0];
  expect(kit?.name).toBe('Venous blood collection kit');
  expect(kit && [localName(kit, 'ru'), localName(kit, 'pl'), localName(kit, 'en')]).toEqual(['Набор для взятия венозной крови', 'Zestaw do pobrania krwi żylnej', 'Venous blood collection kit']);
  expect(localPreparation(glucose, 'ru')).toBe('Не ешьте 8 часов до взятия пробы; воду пить можно.');
  expect(localPreparation(glucose, 'pl')).toBe('Nie jedz przez 8 godzin przed pobraniem; wodę można pić.');
  expect(localPreparation(glucose, 'en')).toBe('Do not eat for 8 hours before the sample; water is allowed.');
  const general = glucose.catalogueHeaders.find((h) => h.id === 4);
  expect(general && [localName(general, 'ru'), localName(general, 'pl'), localName(general, 'en')]).toEqual(['Общие анализы крови', 'Podstawowe badania krwi', 'General blood tests']);

  // A material and a preparation without translations are shown in English in every language.
  const { id: trigId } = await tdb.db.selectFrom('analyses').select('id').where('code', '=', 'GB009').executeTakeFirstOrThrow();
  const material = await tdb.db.insertInto('materials').values({ name: 'Hair sample envelope' }).returning('id').executeTakeFirstOrThrow();
  await tdb.db.insertInto('analysis_materials').values({ analysis_id: trigId, material_id: material.id, optional: 0 }).execute();
  await tdb.db.updateTable('catalogue_translations').set({ preparation: '' }).where('kind', '=', 'analysis').where('item_id', '=', trigId).where('language', '=', 'ru').execute();
  const trig = (await api.call('GET', `/api/backend/labService/${trigId}?laboratoryId=${LAB}`)).body as AnalysisDto;
  const envelope = trig.materials.find((m) => m.id === material.id);
  expect(envelope?.i18n).toBeUndefined();
  expect(envelope && localName(envelope, 'ru')).toBe('Hair sample envelope');
  expect(localPreparation(trig, 'ru')).toBe(trig.preparation);
  expect(localPreparation(trig, 'pl')).not.toBe(trig.preparation);
});

test('laboratories carry their city and address in ru and pl; a laboratory without them falls back to English', async () => {
  const labs = (await api.call('GET', '/api/backend/laboratories')).body as LaboratoryDto[];
  const mokotow = labs.find((l) => l.id === LAB) as LaboratoryDto;
  expect([labCity(mokotow, 'ru'), labAddress(mokotow, 'ru')]).toEqual(['Варшава', 'ул. Пулавска 145, 02-715 Варшава']);
  expect([labCity(mokotow, 'pl'), labCity(mokotow, 'en')]).toEqual(['Warszawa', 'Warsaw']);
  const minsk = labs.find((l) => l.id === 'minsk-centre') as LaboratoryDto;
  expect([labCity(minsk, 'pl'), labAddress(minsk, 'pl')]).toEqual(['Mińsk', 'al. Niepodległości 48, 220005 Mińsk']);
  expect(labs.every((l) => l.i18n?.ru && l.i18n.pl)).toBe(true);

  await tdb.db.deleteFrom('laboratory_translations').where('laboratory_id', '=', 'grodno-centre').where('language', '=', 'pl').execute();
  const grodno = (await api.call('GET', '/api/backend/laboratories/grodno-centre')).body as LaboratoryDto;
  expect([labCity(grodno, 'pl'), labAddress(grodno, 'pl'), labCity(grodno, 'ru')]).toEqual(['Grodno', 'ul. Sovetskaya 18, 230025 Grodno', 'Гродно']);
});

test('the cart, the order pages and the order mail name materials, preparation and the laboratory in the user\'s language', async () => {
  const user = await createFixtureUser(tdb.db, { laboratoryId: LAB });
  const patient = await createFixturePatient(tdb.db, user.id);
  const added = await api.call('POST', `/api/cart/add-to-cart?laboratoryId=${LAB}`, { token: user.token, body: { analysisId: await glucoseId(), patientIds: [patient] } });
  expect(added.body.status).toBe('added');
  const cart = added.body.cart as CartDto;
  const kit = Object.values(cart.materialCartRefMapsByPatientId[String(patient)] ?? {})[0]?.material;
  expect(kit && localName(kit, 'ru')).toBe('Набор для взятия венозной крови');

  const slot = await createFixtureSlot(tdb.db, LAB, 10, 4);
  const created = await api.call('POST', '/api/order/create', {
    token: user.token,
    headers: { 'accept-language': 'pl' },
    body: { laboratoryId: LAB, nurseCheckoutDate: slot.start, orderSlotId: slot.id, orderAddress: { country: 'PL', city: 'Warszawa', postalCode: '02-715', street: 'Puławska 1' }, feedbackDetails: { useEmail: true, usePhone: false, quickPhone: '' } },
  });
  expect(created.status).toBe(200);
  const orderId = created.body.orderId as number;

  const submitted = (await api.call('GET', `/api/order/${orderId}`, { token: user.token })).body as ShopOrderDto;
  const p = submitted.patients[0];
  expect(p && [localName(p.lines[0] as { name: string }, 'pl'), localName(p.materials[0] as { name: string }, 'pl')]).toEqual(['Glukoza (na czczo)', 'Zestaw do pobrania krwi żylnej']);
  expect(localOrderPreparation(submitted.preparation, 'ru').notes[0]).toMatchObject({ name: 'Глюкоза (натощак)', preparation: 'Не ешьте 8 часов до взятия пробы; воду пить можно.' });
  expect(localOrderPreparation(submitted.preparation, 'en').notes[0]).toMatchObject({ name: 'Glucose (fasting)', preparation: 'Do not eat for 8 hours before the sample; water is allowed.' });
  expect(labCity(submitted.laboratory, 'ru')).toBe('Варшава');

  const detail = (await api.call('GET', `/api/backend/orders/${orderId}`, { token: user.token })).body as OrderDetailDto;
  const dp = detail.patients[0];
  expect(dp && [localName(dp.lines[0] as { name: string }, 'ru'), localName(dp.materials[0] as { name: string }, 'ru')]).toEqual(['Глюкоза (натощак)', 'Набор для взятия венозной крови']);
  expect(labAddress(detail.laboratory, 'ru')).toBe('ул. Пулавска 145, 02-715 Варшава');

  await backgroundSettled();
  const mail = readOutbox(getConfig().outboxDir).find((m) => m.to === user.email && m.subject.includes(submitted.number));
  expect(mail?.text).toContain('Glukoza (na czczo): Nie jedz przez 8 godzin przed pobraniem; wodę można pić.');
  expect(mail?.text).not.toContain('Do not eat');
});
