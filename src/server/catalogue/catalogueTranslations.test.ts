import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import { DEMO_ANALYSES, DEMO_PROFILES } from '@/server/db/demo/catalogue';
import { DEMO_ANALYSIS_TRANSLATIONS, DEMO_PROFILE_TRANSLATIONS } from '@/server/db/demo/translations';
import type { AnalysisDto, ProfileDto } from '@/shared/types/api';

/** The catalogue in Russian and Polish: names served with English as the fallback, search in every language. */
let tdb: TestDb;
let api: TestApiServer;
beforeAll(async () => {
  tdb = await createTestDb({ seed: true });
  api = await startApiServer();
});
afterAll(async () => {
  await api.close();
  await tdb.cleanup();
});

const codes = async (term: string) =>
  ((await api.call('GET', `/api/backend/labService/search?searchNameTerm=${encodeURIComponent(term)}&laboratoryId=warsaw-mokotow`)).body as AnalysisDto[]).map((a) => a.code);

test('every demo analysis and profile has a Russian and a Polish name', () => {
  for (const a of DEMO_ANALYSES) expect([a.code, Boolean(DEMO_ANALYSIS_TRANSLATIONS[a.code]?.ru && DEMO_ANALYSIS_TRANSLATIONS[a.code]?.pl)]).toEqual([a.code, true]);
  for (const p of DEMO_PROFILES) expect([p.code, Boolean(DEMO_PROFILE_TRANSLATIONS[p.code]?.ru && DEMO_PROFILE_TRANSLATIONS[p.code]?.pl)]).toEqual([p.code, true]);
});

test('search finds native words, ignoring case and diacritics', async () => {
  expect(await codes('глюкоза')).toContain('GB004');
  expect(await codes('Глюкоза')).toContain('GB004');
  expect(await codes('ТТГ')).toContain('HR001');
  expect(await codes('ттг')).toContain('HR001');
  expect(await codes('glukoza')).toContain('GB004');
  expect(await codes('cukier')).toContain('GB004');
  expect(await codes('zelazo')).toContain('GB027');
  expect(await codes('Żelazo')).toContain('GB027');
  expect(await codes('ferrytyna')).toContain('GB028');
  // English and codes still work.
  expect(await codes('glucose')).toContain('GB004');
  expect(await codes('hr001')).toEqual(['HR001']);
});

test('analyses and profiles carry their names in ru and pl (English stays the name)', async () => {
  const glucose = (await api.call('GET', '/api/backend/labService?laboratoryId=warsaw-mokotow')).body.find((a: AnalysisDto) => a.code === 'GB004') as AnalysisDto;
  expect(glucose.name).toBe('Glucose (fasting)');
  expect(glucose.i18n?.ru?.name).toBe('Глюкоза (натощак)');
  expect(glucose.i18n?.pl?.name).toBe('Glukoza (na czczo)');
  expect(glucose.i18n?.pl?.description).toMatch(/cukrzycy/);
  const profiles = (await api.call('GET', '/api/backend/profiles?laboratoryId=warsaw-mokotow')).body as ProfileDto[];
  const thyroid = profiles.find((p) => p.code === 'PR002') as ProfileDto;
  expect(thyroid.i18n?.pl?.name).toBe('Profil 2. Tarczyca');
  expect(thyroid.labServices[0]?.i18n?.ru?.name).toBeTruthy();
});

test('the demo promo code the README names exists', async () => {
  const { DEMO_PROMO_CODE } = await import('@/server/db/seed');
  const readme = (await import('node:fs')).readFileSync('README.md', 'utf8');
  expect(readme).toContain(`\`${DEMO_PROMO_CODE}\``);
  expect(readme).toContain('RATE_LIMITS=off');
  const row = await tdb.db.selectFrom('promo_codes').select(['code', 'kind', 'value']).where('code', '=', DEMO_PROMO_CODE).executeTakeFirst();
  expect(row).toEqual({ code: 'WELCOME10', kind: 'percent', value: 10 });
});
