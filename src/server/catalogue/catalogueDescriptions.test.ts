import type { GetServerSidePropsContext } from 'next';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { DEMO_ANALYSES, DEMO_PROFILES } from '@/server/db/demo/catalogue';
import { findTranslations } from '@/server/catalogue/repositories/translations';
import { migration } from '@/server/db/migrations/0014_5_catalogue_descriptions';
import type { Db } from '@/server/db/migrations/helpers';
import { localDescription } from '@/shared/catalogueText';
import { LAB_COOKIE } from '@/shared/storage';
import type { AnalysisDto, ProfileDto } from '@/shared/types/api';
import { getServerSideProps as analysisPage } from '../../../pages/search/analysis/[analysisId]';
import { getServerSideProps as profilePage } from '../../../pages/profiles/[profileId]';

/** The paragraph under an analysis's or a profile's name ("about this test") in the reader's language. */
let tdb: TestDb;
beforeAll(async () => {
  tdb = await createTestDb({ seed: true });
});
afterAll(async () => {
  await tdb.cleanup();
});

const ctx = (params: Record<string, string>) =>
  ({
    params,
    query: params,
    req: { headers: {}, cookies: { [LAB_COOKIE]: 'warsaw-mokotow' } },
    res: { setHeader: () => undefined, getHeader: () => undefined },
    resolvedUrl: '/',
  }) as unknown as GetServerSidePropsContext;

/** The item a page's server render hands to the page (the "received" action its store replays). */
function received<T>(result: Awaited<ReturnType<typeof analysisPage>>, type: string): T {
  if (!('props' in result)) throw new Error('expected props');
  const actions = (result.props as { reduxWrapperActionsGSSP?: { type: string; payload: { data: T } }[] }).reduxWrapperActionsGSSP;
  const action = actions?.find((a) => a.type === type);
  if (!action) throw new Error(`no ${type}`);
  return action.payload.data;
}

const idOf = async (table: 'analyses' | 'profiles', code: string) => (await tdb.db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

async function analysisOnPage(code: string): Promise<AnalysisDto> {
  return received<AnalysisDto>(await analysisPage(ctx({ analysisId: String(await idOf('analyses', code)) })), 'catalogue/analysisReceived');
}

test('an analysis page reads its paragraph in Russian and Polish, for analyses with a text of their own and the others', async () => {
  const ferritin = await analysisOnPage('GB028');
  expect(localDescription(ferritin, 'en')).toBe("The body's iron stores; low ferritin is the earliest sign of iron deficiency.");
  expect(localDescription(ferritin, 'ru')).toBe('Запасы железа в организме; низкий ферритин — самый ранний признак дефицита железа.');
  expect(localDescription(ferritin, 'pl')).toBe('Zapasy żelaza w organizmie; niska ferrytyna jest najwcześniejszym objawem niedoboru żelaza.');

  // An analysis described by its name and its category's sentence reads both in the page's language.
  const hdl = await analysisOnPage('GB007');
  expect(localDescription(hdl, 'en')).toBe('HDL cholesterol. Routine laboratory test, part of a standard health check.');
  expect(localDescription(hdl, 'ru')).toBe('Холестерин ЛПВП. Рутинный лабораторный анализ, входит в стандартное профилактическое обследование.');
  expect(localDescription(hdl, 'pl')).toBe('Cholesterol HDL. Rutynowe badanie laboratoryjne, element standardowych badań profilaktycznych.');

  const lh = await analysisOnPage('HR011');
  expect(localDescription(lh, 'ru')).toBe('Лютеинизирующий гормон (ЛГ). Уровень гормона в венозной крови; результат зависит от возраста, пола, а у женщин — от дня менструального цикла.');
  expect(localDescription(lh, 'pl')).toBe('Hormon luteinizujący (LH). Stężenie hormonu we krwi żylnej; wynik zależy od wieku, płci, a u kobiet także od dnia cyklu miesiączkowego.');
});

test('a profile page reads its paragraph in Russian and Polish', async () => {
  const lipids = received<ProfileDto>(await profilePage(ctx({ profileId: String(await idOf('profiles', 'PR003')) })), 'catalogue/profileReceived');
  expect(localDescription(lipids, 'ru')).toBe('Холестерин и его фракции, триглицериды.');
  expect(localDescription(lipids, 'pl')).toBe('Cholesterol i jego frakcje, trójglicerydy.');
});

test('no demo analysis or profile shows its English paragraph to a Russian or Polish reader', async () => {
  const ids = new Map((await tdb.db.selectFrom('analyses').select(['id', 'code']).execute()).map((a) => [a.code, a.id]));
  const texts = await findTranslations(tdb.db, 'analysis', [...ids.values()]);
  for (const a of DEMO_ANALYSES) {
    for (const language of ['ru', 'pl'] as const) {
      const text = texts.find((t) => t.item_id === ids.get(a.code) && t.language === language)?.description ?? '';
      expect([a.code, language, text.length > 0 && text !== a.description]).toEqual([a.code, language, true]);
    }
    const ru = texts.find((t) => t.item_id === ids.get(a.code) && t.language === 'ru')?.description ?? '';
    expect([a.code, /[а-яё]/i.test(ru)]).toEqual([a.code, true]);
  }
  const profileIds = new Map((await tdb.db.selectFrom('profiles').select(['id', 'code']).execute()).map((p) => [p.code, p.id]));
  const profileTexts = await findTranslations(tdb.db, 'profile', [...profileIds.values()]);
  for (const p of DEMO_PROFILES) {
    for (const language of ['ru', 'pl'] as const) {
      expect([p.code, language, Boolean(profileTexts.find((t) => t.item_id === profileIds.get(p.code) && t.language === language)?.description)]).toEqual([p.code, language, true]);
    }
  }
});

test('migration 0014_5 writes them into a database seeded before, keeping a text written since and an English description changed since', async () => {
  const ferritin = await idOf('analyses', 'GB028');
  const hdl = await idOf('analyses', 'GB007');
  const alt = await idOf('analyses', 'GB010');
  const ldl = await idOf('analyses', 'GB008');
  // As seeded before: descriptions in ru and pl only for the few analyses that had them.
  await tdb.db.updateTable('catalogue_translations').set({ description: '' }).where('kind', '=', 'analysis').where('item_id', 'in', [ferritin, hdl, ldl]).execute();
  await tdb.db.updateTable('catalogue_translations').set({ description: 'Свой текст лаборатории.' }).where('kind', '=', 'analysis').where('item_id', '=', alt).where('language', '=', 'ru').execute();
  await tdb.db.updateTable('analyses').set({ description: 'Our own LDL text.' }).where('id', '=', ldl).execute();

  await migration.up(tdb.db as unknown as Db);
  await migration.up(tdb.db as unknown as Db);

  const text = async (id: number, language: string) => (await findTranslations(tdb.db, 'analysis', [id])).find((t) => t.language === language)?.description;
  expect(await text(ferritin, 'ru')).toBe('Запасы железа в организме; низкий ферритин — самый ранний признак дефицита железа.');
  expect(await text(ferritin, 'pl')).toBe('Zapasy żelaza w organizmie; niska ferrytyna jest najwcześniejszym objawem niedoboru żelaza.');
  expect(await text(hdl, 'pl')).toBe('Cholesterol HDL. Rutynowe badanie laboratoryjne, element standardowych badań profilaktycznych.');
  expect(await text(alt, 'ru')).toBe('Свой текст лаборатории.');
  expect(await text(alt, 'pl')).toBe('Enzym wątrobowy; podwyższony poziom wskazuje na uszkodzenie komórek wątroby.');
  // The changed English stays the text of every language (no translation of the old one).
  expect(await text(ldl, 'ru')).toBe('');
});
