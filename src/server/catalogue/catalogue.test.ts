import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { startApiServer, type TestApiServer } from '@/server/testing/apiServer';
import { getAnalysis, getProfile, listAnalysesWithHeader, loadAnalysisDtos, searchAnalyses, searchAnalysesJson } from './catalogue';
import type { AnalysisDto, LaboratoryDto, NurseSlotDto, ProfileDto } from '@/shared/types/api';

/** Laboratories, catalogue and nurse slots over HTTP on the demo seed (SQLite and PostgreSQL). */
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

const B = '/api/backend';

describe('laboratories', () => {
  test('lists every laboratory with its currency and visit fee, cacheable', async () => {
    const res = await api.call('GET', `${B}/laboratories`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('max-age=60');
    const labs = res.body as LaboratoryDto[];
    expect(labs.length).toBeGreaterThanOrEqual(10);
    const mokotow = labs.find((l) => l.id === 'warsaw-mokotow');
    expect(mokotow).toMatchObject({ cityName: 'Warsaw', currency: 'PLN', visitFee: 49, country: 'PL' });
    expect(typeof mokotow?.latitude).toBe('number');
    expect(new Set(labs.map((l) => l.currency))).toEqual(new Set(['PLN', 'BYN', 'EUR']));
  });

  test('one laboratory; unknown is 404 (not cached); a malformed id is 400', async () => {
    const one = await api.call('GET', `${B}/laboratories/vilnius-antakalnis`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: 'vilnius-antakalnis', cityName: 'Vilnius', currency: 'EUR' });
    const missing = await api.call('GET', `${B}/laboratories/atlantis`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Laboratory not found', code: 'not_found' });
    expect(missing.headers.get('cache-control')).toBe('no-store');
    const bad = await api.call('GET', `${B}/laboratories/${encodeURIComponent('a b;drop')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('id');
    expect((await api.call('POST', `${B}/laboratories`)).status).toBe(405);
  });
});

describe('analyses', () => {
  test('a laboratory lists the analyses priced in its list, each with one price in its currency', async () => {
    const res = await api.call('GET', `${B}/labService?laboratoryId=minsk-centre`);
    expect(res.status).toBe(200);
    const list = res.body as AnalysisDto[];
    expect(list.length).toBeGreaterThanOrEqual(150);
    for (const a of list) {
      expect(a.prices).toHaveLength(1);
      expect(a.prices[0]?.currency).toBe('BYN');
    }
    const cbc = list.find((a) => a.name === 'Complete blood count');
    expect(cbc?.catalogueHeaders.map((h) => h.id)).toEqual(expect.arrayContaining([4, 23]));
    expect(cbc?.materials).toEqual([expect.objectContaining({ name: 'Venous blood collection kit', optional: false })]);
    expect(cbc?.materials[0]?.price).toBeGreaterThan(0);
    const urine = list.find((a) => a.name === 'General urine analysis');
    expect(urine?.materials).toEqual([expect.objectContaining({ name: 'Urine container', optional: true })]);
    const psa = list.find((a) => a.name === 'PSA (total)');
    expect(psa?.restrictions).toEqual({ gender: 'male', minAge: 40 });
  });

  test('Grodno has no price for some analyses: they are not in its list, and carry empty prices elsewhere', async () => {
    const grodno = (await api.call('GET', `${B}/labService?laboratoryId=grodno-centre`)).body as AnalysisDto[];
    const minsk = (await api.call('GET', `${B}/labService?laboratoryId=minsk-centre`)).body as AnalysisDto[];
    expect(grodno.length).toBeLessThan(minsk.length);
    const nipt = minsk.find((a) => a.code === 'GN019');
    expect(nipt).toBeDefined();
    const one = await api.call('GET', `${B}/labService/${nipt?.id}?laboratoryId=grodno-centre`);
    expect(one.status).toBe(200);
    expect(one.body.prices).toEqual([]);
  });

  test('laboratoryId is required and must exist', async () => {
    const missing = await api.call('GET', `${B}/labService`);
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ laboratoryId: 'This field is required' });
    expect((await api.call('GET', `${B}/labService?laboratoryId=nowhere`)).status).toBe(404);
    expect((await api.call('GET', `${B}/labService?laboratoryId=a&laboratoryId=b`)).status).toBe(400);
  });

  test('the whole list carries an ETag: the same list again with If-None-Match is 304 without a body', async () => {
    const first = await api.call('GET', `${B}/labService?laboratoryId=warsaw-mokotow`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('content-type')).toContain('application/json');
    expect(first.headers.get('cache-control')).toContain('max-age=60');
    const again = await api.call('GET', `${B}/labService?laboratoryId=warsaw-mokotow`, { headers: { 'If-None-Match': etag as string } });
    expect(again.status).toBe(304);
    expect(again.body).toBeFalsy();
    // Another laboratory's list (another price list) is another body and another tag.
    const other = await api.call('GET', `${B}/labService?laboratoryId=minsk-centre`, { headers: { 'If-None-Match': etag as string } });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).not.toBe(etag);
    expect((other.body as AnalysisDto[])[0]?.prices[0]?.currency).toBe('BYN');
  });

  test('headerId, limit and offset narrow the whole list to the analyses of a header and a window of them', async () => {
    const all = (await api.call('GET', `${B}/labService?laboratoryId=warsaw-mokotow`)).body as AnalysisDto[];
    const hormones = all.filter((a) => a.catalogueHeaders.some((h) => h.id === 2));
    expect(hormones.length).toBeGreaterThan(5);
    const byHeader = await api.call('GET', `${B}/labService?laboratoryId=warsaw-mokotow&headerId=2`);
    expect(byHeader.status).toBe(200);
    expect(byHeader.body).toEqual(hormones);
    expect(byHeader.headers.get('etag')).toBeNull();
    expect((await api.call('GET', `${B}/labService?laboratoryId=warsaw-mokotow&headerId=2&offset=2&limit=3`)).body).toEqual(hormones.slice(2, 5));
    expect((await api.call('GET', `${B}/labService?laboratoryId=warsaw-mokotow&limit=10`)).body).toEqual(all.slice(0, 10));
    expect((await api.call('GET', `${B}/labService?laboratoryId=warsaw-mokotow&offset=${all.length}`)).body).toEqual([]);
    for (const [q, field] of [
      ['limit=0', 'limit'],
      ['limit=ten', 'limit'],
      ['offset=-1', 'offset'],
      ['offset=1.5', 'offset'],
      ['headerId=x', 'headerId'],
    ] as const) {
      const bad = await api.call('GET', `${B}/labService?laboratoryId=warsaw-mokotow&${q}`);
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.fields)).toEqual([field]);
    }
    expect((await api.call('GET', `${B}/labService?laboratoryId=nowhere&limit=5`)).status).toBe(404);
  });

  test('a page of the analyses of a header, by name, with how many there are, as the whole list has them', async () => {
    const all = (await api.call('GET', `${B}/labService?laboratoryId=vilnius-naujamiestis`)).body as AnalysisDto[];
    const autoimmune = all.filter((a) => a.catalogueHeaders.some((h) => h.id === 1));
    const first = await listAnalysesWithHeader(tdb.db, 'vilnius-naujamiestis', 1, { limit: 4, offset: 0 });
    const second = await listAnalysesWithHeader(tdb.db, 'vilnius-naujamiestis', 1, { limit: 4, offset: 4 });
    expect(first.total).toBe(autoimmune.length);
    expect([...first.items, ...second.items]).toEqual(autoimmune.slice(0, 8));
    const none = await listAnalysesWithHeader(tdb.db, 'vilnius-naujamiestis', 1, { limit: 4, offset: autoimmune.length });
    expect(none).toEqual({ items: [], total: autoimmune.length });
    await expect(listAnalysesWithHeader(tdb.db, 'nowhere', 1, { limit: 4, offset: 0 })).rejects.toMatchObject({ status: 404 });
  });

  test('one analysis with or without a laboratory; unknown or malformed ids are 404 and 400', async () => {
    const list = (await api.call('GET', `${B}/labService?laboratoryId=vilnius-naujamiestis`)).body as AnalysisDto[];
    const tsh = list.find((a) => a.name === 'TSH') as AnalysisDto;
    const inVilnius = await api.call('GET', `${B}/labService/${tsh.id}?laboratoryId=vilnius-naujamiestis`);
    // The single read adds the reference intervals to what the list shows.
    expect(inVilnius.body).toEqual({ ...tsh, referenceRanges: [{ maxAge: 17, low: 0.5, high: 4.5 }, { low: 0.4, high: 4 }] });
    expect(tsh).toMatchObject({ loinc: '3016-3', unit: 'm[IU]/L', displayUnit: 'mIU/L' });
    const noLab = await api.call('GET', `${B}/labService/${tsh.id}`);
    expect(noLab.status).toBe(200);
    expect(noLab.body.prices).toHaveLength(1);
    expect((await api.call('GET', `${B}/labService/999999`)).status).toBe(404);
    expect((await api.call('GET', `${B}/labService/abc`)).status).toBe(400);
    expect((await api.call('GET', `${B}/labService/1.5`)).status).toBe(400);
    expect((await api.call('GET', `${B}/labService/-3`)).status).toBe(400);
    expect((await api.call('GET', `${B}/labService/${tsh.id}?laboratoryId=nowhere`)).status).toBe(404);
  });
});

describe('search', () => {
  const search = (q: string) => api.call('GET', `${B}/labService/search?${q}`);

  test('matches words of the name by prefix, case-insensitively, exact match first', async () => {
    const res = await search('searchNameTerm=TSH&laboratoryId=warsaw-mokotow');
    expect(res.status).toBe(200);
    const names = (res.body as AnalysisDto[]).map((a) => a.name);
    expect(names[0]).toBe('TSH');
    expect(names).toContain('Anti-TSH receptor antibodies (TRAb)');
    const gluc = (await search('searchNameTerm=gLuC')).body as AnalysisDto[];
    expect(gluc.map((a) => a.name)).toContain('Glucose (fasting)');
    const two = (await search(`searchNameTerm=${encodeURIComponent('blood count')}`)).body as AnalysisDto[];
    expect(two.map((a) => a.name).sort()).toEqual(['Complete blood count', 'Complete blood count with differential']);
  });

  test('matches codes, prices in the given laboratory', async () => {
    const res = await search('searchNameTerm=hr020&laboratoryId=vilnius-antakalnis');
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ code: 'HR020', name: 'Anti-Müllerian hormone (AMH)' });
    expect(res.body[0].prices[0].currency).toBe('EUR');
    const umlaut = (await search(`searchNameTerm=${encodeURIComponent('MÜLLER')}`)).body as AnalysisDto[];
    expect(umlaut.map((a) => a.code)).toEqual(['HR020']);
  });

  test('a hit the laboratory has no price for carries empty prices beside priced hits, the same answer every time', async () => {
    // Grodno's kept list lacks GN019 (no price there): that hit is built on its own, the rest come from the list.
    const first = await search('searchNameTerm=gn019&laboratoryId=grodno-centre');
    expect(first.status).toBe(200);
    expect(first.body).toEqual([expect.objectContaining({ code: 'GN019', prices: [] })]);
    const mixed = (await search('searchNameTerm=tsh&laboratoryId=grodno-centre')).body as AnalysisDto[];
    expect(mixed[0]).toMatchObject({ name: 'TSH', prices: [expect.objectContaining({ currency: 'BYN' })] });
    const minsk = (await search('searchNameTerm=gn019&laboratoryId=minsk-centre')).body as AnalysisDto[];
    expect(minsk[0]?.prices[0]?.currency).toBe('BYN');
    expect((await search('searchNameTerm=gn019&laboratoryId=grodno-centre')).body).toEqual(first.body);
  });

  test('no match is an empty list; the term is 1..100 characters', async () => {
    expect((await search('searchNameTerm=zzzzqq')).body).toEqual([]);
    expect((await search('searchNameTerm=')).status).toBe(400);
    expect((await search('')).status).toBe(400);
    const long = await search(`searchNameTerm=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.fields).toHaveProperty('searchNameTerm');
    expect((await search('searchNameTerm=%25%25%25')).body).toEqual([]);
    expect((await search('searchNameTerm=tsh&laboratoryId=nowhere')).status).toBe(404);
  });

  test('answers are kept per laboratory and term: the same bytes as the search, cacheable, an unknown laboratory never kept', async () => {
    const fresh = await searchAnalyses(tdb.db, 'gluc', 'krakow-nowa-huta');
    const first = await searchAnalysesJson(tdb.db, 'gluc', 'krakow-nowa-huta');
    expect(JSON.parse(first.toString('utf8'))).toEqual(fresh);
    // The kept answer is the same bytes, not a second search.
    expect(await searchAnalysesJson(tdb.db, 'gluc', 'krakow-nowa-huta')).toBe(first);
    const vilnius = JSON.parse((await searchAnalysesJson(tdb.db, 'gluc', 'vilnius-antakalnis')).toString('utf8')) as AnalysisDto[];
    expect(vilnius[0]?.prices[0]?.currency).toBe('EUR');
    expect(JSON.parse((await searchAnalysesJson(tdb.db, 'Gluc', 'krakow-nowa-huta')).toString('utf8'))).toEqual(fresh);
    const res = await search('searchNameTerm=gluc&laboratoryId=krakow-nowa-huta');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('max-age=60');
    expect(res.body).toEqual(fresh);
    await expect(searchAnalysesJson(tdb.db, 'gluc', 'atlantis')).rejects.toMatchObject({ status: 404 });
    expect((await search('searchNameTerm=gluc&laboratoryId=atlantis')).status).toBe(404);
  });

  test('analysis and profile cards are kept per laboratory: the same frozen answer, other laboratories priced apart, failures not kept', async () => {
    const [tsh] = await searchAnalyses(tdb.db, 'tsh', 'warsaw-mokotow', 1);
    const card = await getAnalysis(tdb.db, tsh!.id, 'warsaw-mokotow');
    expect(await getAnalysis(tdb.db, tsh!.id, 'warsaw-mokotow')).toBe(card);
    expect(Object.isFrozen(card) && Object.isFrozen(card.prices)).toBe(true);
    expect(card.referenceRanges?.length ?? 0).toBeGreaterThan(0);
    expect((await getAnalysis(tdb.db, tsh!.id, 'vilnius-antakalnis')).prices[0]?.currency).toBe('EUR');
    await expect(getAnalysis(tdb.db, tsh!.id, 'atlantis')).rejects.toMatchObject({ status: 404 });
    await expect(getAnalysis(tdb.db, 424242, 'warsaw-mokotow')).rejects.toMatchObject({ status: 404 });
    const profiles = (await api.call('GET', `${B}/profiles?laboratoryId=warsaw-mokotow`)).body as ProfileDto[];
    const profile = await getProfile(tdb.db, profiles[0]!.id, 'warsaw-mokotow');
    expect(profile).toEqual(profiles[0]);
    expect(await getProfile(tdb.db, profiles[0]!.id, 'warsaw-mokotow')).toBe(profile);
    await expect(getProfile(tdb.db, 424242, 'warsaw-mokotow')).rejects.toMatchObject({ status: 404 });
  });

  test('the service honours the limit', async () => {
    const few = await searchAnalyses(tdb.db, 'specific', 'warsaw-mokotow', 3);
    expect(few).toHaveLength(3);
  });
});

describe('profiles', () => {
  test('profiles of a laboratory with their analyses in order, priced in that laboratory', async () => {
    const res = await api.call('GET', `${B}/profiles?laboratoryId=krakow-nowa-huta`);
    expect(res.status).toBe(200);
    const profiles = res.body as ProfileDto[];
    expect(profiles.length).toBeGreaterThanOrEqual(20);
    const lipid = profiles.find((p) => p.name === 'Профиль 3. Lipid panel') as ProfileDto;
    expect(lipid.labServices.map((a) => a.name)).toEqual(['Total cholesterol', 'HDL cholesterol', 'LDL cholesterol', 'Triglycerides']);
    expect(lipid.labServices.every((a) => a.prices[0]?.currency === 'PLN')).toBe(true);
    for (const p of profiles) expect(p.labServices.length).toBeGreaterThanOrEqual(3);

    const one = await api.call('GET', `${B}/profiles/${lipid.id}?laboratoryId=krakow-nowa-huta`);
    expect(one.body).toEqual(lipid);
    expect((await api.call('GET', `${B}/profiles/${lipid.id}`)).status).toBe(200);
    expect((await api.call('GET', `${B}/profiles/424242`)).status).toBe(404);
    expect((await api.call('GET', `${B}/profiles/x1`)).status).toBe(400);
    expect((await api.call('GET', `${B}/profiles`)).status).toBe(400);
    expect((await api.call('GET', `${B}/profiles?laboratoryId=nowhere`)).status).toBe(404);
  });
});

describe('loadAnalysisDtos', () => {
  test('loads a batch keyed by id, unknown ids absent', async () => {
    const list = (await api.call('GET', `${B}/labService?laboratoryId=warsaw-praga`)).body as AnalysisDto[];
    const ids = list.slice(0, 40).map((a) => a.id);
    const map = await loadAnalysisDtos(tdb.db, [...ids, 999999], 'warsaw-praga');
    expect([...map.keys()].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(map.get(ids[0] as number)).toEqual(list[0]);
  });
});

describe('nurse slots', () => {
  test('future slots of the next 30 days with capacity and availability, never cached', async () => {
    const res = await api.call('GET', `${B}/nurse-slots?laboratoryId=gdansk-wrzeszcz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const slots = res.body as NurseSlotDto[];
    expect(slots.length).toBeGreaterThanOrEqual(29 * 4);
    const now = new Date().toISOString();
    for (const s of slots) {
      expect(s.start > now).toBe(true);
      expect(s.end > s.start).toBe(true);
      expect(s.available).toBe(s.capacity);
    }
  });

  test('available is capacity minus booked; from/to narrow the range', async () => {
    const all = (await api.call('GET', `${B}/nurse-slots?laboratoryId=wroclaw-krzyki`)).body as NurseSlotDto[];
    const target = all[5] as NurseSlotDto;
    await tdb.db.updateTable('nurse_slots').set({ booked: 1 }).where('id', '=', target.id).execute();
    const from = target.start;
    const to = new Date(new Date(target.start).getTime() + 1).toISOString();
    const res = await api.call('GET', `${B}/nurse-slots?laboratoryId=wroclaw-krzyki&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(res.body).toEqual([{ ...target, available: target.capacity - 1 }]);
  });

  test('bad input', async () => {
    expect((await api.call('GET', `${B}/nurse-slots`)).status).toBe(400);
    expect((await api.call('GET', `${B}/nurse-slots?laboratoryId=nowhere`)).status).toBe(404);
    const badDate = await api.call('GET', `${B}/nurse-slots?laboratoryId=wroclaw-krzyki&from=yesterday`);
    expect(badDate.status).toBe(400);
    expect(badDate.body.fields).toHaveProperty('from');
    expect((await api.call('GET', `${B}/nurse-slots?laboratoryId=wroclaw-krzyki&to=2999-01-01`)).status).toBe(400);
    expect((await api.call('GET', `${B}/nurse-slots?laboratoryId=wroclaw-krzyki&to=2000-01-01`)).body).toEqual([]);
  });
});
