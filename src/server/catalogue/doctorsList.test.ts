import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import type { ParsedListDto } from '@/shared/types/doctorsList';
import { migration as synonymsMigration } from '@/server/db/migrations/0011_8_1_catalogue_synonyms';

/**
 * `POST /api/cart/parse` over the demo catalogue: real-looking lists as doctors write them in Polish,
 * Russian and English (numbers, bullets, shorthand, odd case and missing diacritics, lines that name
 * no test), each line with the item it should land on (a code) or null for a line that must stay
 * unmatched. At least 90% of each list must land right; the rates are printed.
 */

let db: TestDb;
let api: TestApiServer;
const idOf = new Map<string, string>();

beforeAll(async () => {
  db = await createTestDb({ seed: true });
  api = await startApiServer();
  for (const a of await db.db.selectFrom('analyses').select(['id', 'code']).execute()) idOf.set(`analysis:${a.id}`, a.code);
  for (const p of await db.db.selectFrom('profiles').select(['id', 'code']).execute()) idOf.set(`profile:${p.id}`, p.code);
}, 60_000);

afterAll(async () => {
  await api?.close();
  await db?.cleanup();
});

const LAB = 'warsaw-mokotow';
const parse = (body: unknown) => api.call('POST', '/api/cart/parse', { body });

const POLISH: [string, string | null][] = [
  ['1. Morfologia', 'GB001'],
  ['2. OB', 'GB003'],
  ['3. lipidogram', 'PR003'],
  ['4. TSH', 'HR001'],
  ['5. fT4', 'HR002'],
  ['6. glukoza na czczo', 'GB004'],
  ['7. CRP', 'GB033'],
  ['8. HbA1c', 'GB005'],
  ['9. Mocz ogólny', 'GB040'],
  ['10) kreatynina + eGFR', 'GB018'],
  ['11) ALAT', 'GB010'],
  ['12) AspAT', 'GB011'],
  ['- ferrytyna', 'GB028'],
  ['- Witamina D3', 'GB032'],
  ['• zelazo', 'GB027'],
  ['• kwas moczowy', 'GB020'],
  ['* PROBY WATROBOWE', 'PR004'],
  ['anty-TPO', 'AI020'],
  ['Potas', 'GB022'],
  ['morfologia z rozmazem', 'GB002'],
  ['USG jamy brzusznej', null],
  ['Kontrola za 3 miesiące z wynikami', null],
];

const RUSSIAN: [string, string | null][] = [
  ['1. ОАК', 'GB001'],
  ['2. СОЭ', 'GB003'],
  ['3. Липидограмма', 'PR003'],
  ['4. ТТГ', 'HR001'],
  ['5. Т4 св.', 'HR002'],
  ['6. Глюкоза', 'GB004'],
  ['7. СРБ', 'GB033'],
  ['8. HbA1c', 'GB005'],
  ['9. ОАМ', 'GB040'],
  ['10. креатинин', 'GB018'],
  ['11) АЛТ, АСТ', 'GB010'],
  ['12) ферритин', 'GB028'],
  ['- витамин Д', 'GB032'],
  ['- железо сыворотки', 'GB027'],
  ['— Антитела к ТПО', 'AI020'],
  ['• коагулограмма', 'PR015'],
  ['• мочевина', 'GB019'],
  ['гликированный гемоглобин', 'GB005'],
  ['Т3 свободный', 'HR003'],
  ['печеночные пробы', 'PR004'],
  ['УЗИ щитовидной железы', null],
  ['Консультация эндокринолога', null],
];

const ENGLISH: [string, string | null][] = [
  ['1. CBC', 'GB001'],
  ['2. ESR', 'GB003'],
  ['3. Lipid panel', 'PR003'],
  ['4. tsh', 'HR001'],
  ['5. Free T4', 'HR002'],
  ['6. Fasting glucose', 'GB004'],
  ['7. CRP', 'GB033'],
  ['8. HbA1c', 'GB005'],
  ['9. Urinalysis', 'GB040'],
  ['10. Creatinine', 'GB018'],
  ['- ALT', 'GB010'],
  ['- Ferritin', 'GB028'],
  ['- Vitamin D', 'GB032'],
  ['* Serum iron', 'GB027'],
  ['* B12', 'GB030'],
  ['• Liver function tests', 'PR004'],
  ['• PSA', 'DG001'],
  ['Uric acid', 'GB020'],
  ['HDL cholesterol', 'GB007'],
  ['Triglicerides', 'GB009'],
  ['Chest X-ray', null],
  ['Follow-up in 3 months', null],
];

async function hitRate(language: 'pl' | 'ru' | 'en', list: [string, string | null][]): Promise<{ rate: number; misses: string[]; lines: ParsedListDto['lines'] }> {
  const text = ['', ...list.map(([line]) => line), '   ', ''].join('\n');
  const res = await parse({ text, laboratoryId: LAB, language });
  expect(res.status).toBe(200);
  const { lines } = res.body as ParsedListDto;
  // One entry per non-empty line, in order, as pasted.
  expect(lines.map((l) => l.text)).toEqual(list.map(([line]) => line));
  const misses: string[] = [];
  list.forEach(([line, code], i) => {
    const match = lines[i]?.match;
    const got = match ? (idOf.get(`${match.type}:${match.id}`) ?? '?') : null;
    if (got !== code) misses.push(`${line} -> ${got ?? 'nothing'} (expected ${code ?? 'nothing'})`);
  });
  return { rate: (list.length - misses.length) / list.length, misses, lines };
}

test.each([
  ['pl', POLISH],
  ['ru', RUSSIAN],
  ['en', ENGLISH],
] as const)('a doctor\'s list in %s lands on the right analyses (at least 90%% of lines)', async (language, list) => {
  expect(list.length).toBeGreaterThanOrEqual(15);
  const { rate, misses, lines } = await hitRate(language, list);
  console.log(`doctor's list (${language}): ${list.length - misses.length}/${list.length} lines right (${Math.round(rate * 100)}%)${misses.length ? `; missed: ${misses.join('; ')}` : ''}`);
  expect(rate).toBeGreaterThanOrEqual(0.9);
  // Lines that name no test are returned unmatched, never dropped.
  for (const [i, [, code]] of list.entries()) if (code === null) expect(lines[i]?.match).toBeUndefined();
});

test('a match carries its name in the language asked for, its price in the laboratory and alternatives', async () => {
  const res = await parse({ text: 'morfologia\nOB', laboratoryId: LAB, language: 'pl' });
  expect(res.status).toBe(200);
  const body = res.body as ParsedListDto;
  expect(body.currency).toBe('PLN');
  const [cbc, esr] = body.lines;
  expect(cbc?.match).toMatchObject({ type: 'analysis', name: 'Morfologia krwi', confidence: 1 });
  expect(cbc?.match?.price).toBeGreaterThan(0);
  // The blood count with a differential is offered as another reading of "morfologia".
  expect(cbc?.alternatives.map((a) => idOf.get(`${a.type}:${a.id}`))).toContain('GB002');
  expect(esr?.match?.name).toBe('Odczyn Biernackiego (OB)');
  const ru = await parse({ text: 'ОАК', laboratoryId: LAB, language: 'ru' });
  expect((ru.body as ParsedListDto).lines[0]?.match?.name).toBe('Общий анализ крови');
  const en = await parse({ text: 'lipidogram', laboratoryId: LAB });
  expect((en.body as ParsedListDto).lines[0]?.match).toMatchObject({ type: 'profile', name: 'Профиль 3. Lipid panel' });
});

test('a list over 5,000 characters or 100 lines is refused with a code naming the field; 100 lines pass', async () => {
  const long = await parse({ text: 'a'.repeat(5_001), laboratoryId: LAB });
  expect(long.status).toBe(400);
  expect(long.body).toMatchObject({ code: 'list_too_long', fields: { text: expect.any(String) } });
  const many = await parse({ text: Array.from({ length: 101 }, () => 'TSH').join('\n'), laboratoryId: LAB });
  expect(many.status).toBe(400);
  expect(many.body).toMatchObject({ code: 'list_too_many_lines', fields: { text: expect.any(String) } });
  // Blank lines do not count.
  const hundred = await parse({ text: Array.from({ length: 100 }, () => 'TSH\n\n').join(''), laboratoryId: LAB });
  expect(hundred.status).toBe(200);
  expect((hundred.body as ParsedListDto).lines).toHaveLength(100);
});

test('bad input: unknown laboratory 404, missing fields and a wrong language 400, an empty list no lines', async () => {
  const unknown = await parse({ text: 'TSH', laboratoryId: 'nowhere' });
  expect(unknown.status).toBe(404);
  expect((await parse({ laboratoryId: LAB })).body).toMatchObject({ code: 'validation_failed', fields: { text: expect.any(String) } });
  expect((await parse({ text: 'TSH' })).body).toMatchObject({ code: 'validation_failed', fields: { laboratoryId: expect.any(String) } });
  expect((await parse({ text: 'TSH', laboratoryId: LAB, language: 'de' })).status).toBe(400);
  expect((await parse({ text: 42, laboratoryId: LAB })).status).toBe(400);
  const empty = await parse({ text: '\n  \n', laboratoryId: LAB });
  expect(empty.status).toBe(200);
  expect((empty.body as ParsedListDto).lines).toEqual([]);
  expect((await api.call('GET', '/api/cart/parse')).status).toBe(405);
});

test('the demo catalogue has the shorthand in three languages, and a database seeded before it gets it from its migration', async () => {
  const count = async () => {
    const rows = await db.db.selectFrom('catalogue_synonyms').select(['language']).execute();
    return { pl: rows.filter((r) => r.language === 'pl').length, ru: rows.filter((r) => r.language === 'ru').length, en: rows.filter((r) => r.language === 'en').length, all: rows.length };
  };
  const seeded = await count();
  expect(seeded.all).toBeGreaterThanOrEqual(60);
  for (const lang of ['pl', 'ru', 'en'] as const) expect(seeded[lang]).toBeGreaterThanOrEqual(20);
  await db.db.deleteFrom('catalogue_synonyms').execute();
  await synonymsMigration.up(db.db as never);
  await synonymsMigration.up(db.db as never); // twice: nothing doubled
  expect(await count()).toEqual(seeded);
});
