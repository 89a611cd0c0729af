import { setUpShopSuite } from '@/server/testing/shopSuite';
import { createFixturePatient, createFixtureUser, type FixtureUser } from '@/server/testing/shopFixtures';
import type { AddToCartResponse, CartDto } from '@/shared/types/api';

const shop = setUpShopSuite();

async function setup(lab: string | null = 'fx-waw') {
  const user = await createFixtureUser(shop.db.db, { laboratoryId: lab });
  const anna = await createFixturePatient(shop.db.db, user.id, { firstName: 'Anna', gender: 'female' });
  const piotr = await createFixturePatient(shop.db.db, user.id, { firstName: 'Piotr', gender: 'male' });
  return { user, anna, piotr };
}

const add = (user: FixtureUser, body: unknown, query = '') => shop.api.call('POST', `/api/cart/add-to-cart${query}`, { token: user.token, body });
const addProfile = (user: FixtureUser, body: unknown) => shop.api.call('POST', '/api/cart/add-profile-to-cart', { token: user.token, body });
const getCart = async (user: FixtureUser, query = ''): Promise<CartDto> => {
  const res = await shop.api.call('GET', `/api/cart/get-cart${query}`, { token: user.token });
  expect(res.status).toBe(200);
  return res.body as CartDto;
};

const CART_KEYS = [
  'analysisDtosByPatientId',
  'analysisIdsByPatientId',
  'cartTotal',
  'isBoughtOptionalMaterialMap',
  'materialCartRefMapsByPatientId',
  'patientIdsByAnalysisId',
  'subCartTotalsByPatientId',
];

test('a visitor gets the empty cart (0 EUR) and cannot write to it', async () => {
  const res = await shop.api.call('GET', '/api/cart/get-cart');
  expect(res.status).toBe(200);
  expect(Object.keys(res.body as object).sort()).toEqual(CART_KEYS);
  expect((res.body as CartDto).cartTotal).toEqual({ price: 0, currency: 'EUR' });
  const write = await shop.api.call('POST', '/api/cart/add-to-cart', { body: { analysisId: shop.fx.analyses.cbc, patientIds: [1] } });
  expect(write.status).toBe(401);
  expect(write.body).toEqual({ error: 'Not authorized', code: 'unauthorized' });
  expect((await shop.api.call('GET', '/api/cart/reset-cart')).status).toBe(401);
});

test('an empty cart of a user without a laboratory is 0 EUR; adding needs a laboratory', async () => {
  const { user, anna } = await setup(null);
  expect((await getCart(user)).cartTotal).toEqual({ price: 0, currency: 'EUR' });
  const res = await add(user, { analysisId: shop.fx.analyses.cbc, patientIds: [anna] });
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ error: 'Choose a laboratory first', code: 'laboratory_required' });
});

test('adding asks for optional materials first, then prices shared materials once per patient', async () => {
  const { user, anna, piotr } = await setup();
  const { cbc, glucose } = shop.fx.analyses;
  const { bloodTube, gelTube } = shop.fx.materials;

  const first = await add(user, { analysisId: cbc, patientIds: [anna, piotr] });
  expect(first.status).toBe(200);
  expect((first.body as AddToCartResponse).status).toBe('added');

  const ask = await add(user, { analysisId: glucose, patientIds: [anna] });
  expect(ask.status).toBe(200);
  const askBody = ask.body as AddToCartResponse;
  expect(askBody.status).toBe('optionalMaterialDecisionRequested');
  expect(askBody.isBoughtOptionalMaterialMap).toEqual({ [gelTube]: true });
  expect(askBody.cart.analysisIdsByPatientId[anna]).toEqual([cbc]); // nothing added yet

  const decided = await add(user, { analysisId: glucose, patientIds: [anna], updateToIsBoughtOptionalMaterialMap: { [gelTube]: false } });
  const cart = (decided.body as AddToCartResponse).cart;
  expect((decided.body as AddToCartResponse).status).toBe('added');
  expect(Object.keys(cart).sort()).toEqual(CART_KEYS);
  expect(cart.analysisIdsByPatientId).toEqual({ [anna]: [cbc, glucose], [piotr]: [cbc] });
  expect(cart.patientIdsByAnalysisId).toEqual({ [cbc]: [anna, piotr], [glucose]: [anna] });
  // Anna: 20 + 30 + blood tube 5 once; the gel tube is brought by her. Piotr: 20 + 5.
  expect(cart.subCartTotalsByPatientId).toEqual({ [anna]: { price: 55, currency: 'PLN' }, [piotr]: { price: 25, currency: 'PLN' } });
  expect(cart.cartTotal).toEqual({ price: 80, currency: 'PLN' });
  expect(cart.materialCartRefMapsByPatientId[anna]?.[bloodTube]).toMatchObject({ analysisIds: [cbc, glucose], bought: true, material: { price: 5, optional: false } });
  expect(cart.materialCartRefMapsByPatientId[anna]?.[gelTube]).toMatchObject({ analysisIds: [glucose], bought: false, material: { price: 7, optional: true } });
  expect(cart.isBoughtOptionalMaterialMap).toEqual({ [gelTube]: false });
  expect(cart.analysisDtosByPatientId[anna]?.map((a) => a.id)).toEqual([cbc, glucose]);

  // The decision is remembered: adding for Piotr does not ask again; changing it re-prices.
  const piotrGlucose = await add(user, { analysisId: glucose, patientIds: [piotr], updateToIsBoughtOptionalMaterialMap: { [gelTube]: true } });
  expect((piotrGlucose.body as AddToCartResponse).status).toBe('added');
  expect((piotrGlucose.body as AddToCartResponse).cart.cartTotal).toEqual({ price: 55 + 7 + 55 + 7, currency: 'PLN' });

  // Re-adding is idempotent.
  const again = await add(user, { analysisId: cbc, patientIds: [anna, piotr] });
  expect((again.body as AddToCartResponse).cart.cartTotal.price).toBe(124);
  expect((await shop.db.db.selectFrom('cart_lines').select('analysis_id').where('user_id', '=', user.id).execute()).length).toBe(4);
});

test('restrictions leave out the patients they exclude and name them', async () => {
  const { user, anna, piotr } = await setup();
  const res = await add(user, { analysisId: shop.fx.analyses.prenatal, patientIds: [anna, piotr] });
  expect(res.status).toBe(200);
  const body = res.body as AddToCartResponse;
  expect(body.status).toBe('specificAnalysisRestrictionsApplied');
  expect(body.patientIds).toEqual([piotr]);
  expect(body.cart.analysisIdsByPatientId).toEqual({ [anna]: [shop.fx.analyses.prenatal] });

  const allExcluded = await add(user, { analysisId: shop.fx.analyses.prenatal, patientIds: [piotr] });
  expect((allExcluded.body as AddToCartResponse).status).toBe('specificAnalysisRestrictionsApplied');
  expect((allExcluded.body as AddToCartResponse).patientIds).toEqual([piotr]);
  expect((allExcluded.body as AddToCartResponse).cart.analysisIdsByPatientId[piotr]).toBeUndefined();

  // Age on today: a child is excluded from an adults-only analysis, before any material question.
  const child = await createFixturePatient(shop.db.db, user.id, { firstName: 'Kid', dateOfBirth: `${new Date().getUTCFullYear() - 10}-01-01` });
  const childRes = await add(user, { analysisId: shop.fx.analyses.psa, patientIds: [child] });
  expect((childRes.body as AddToCartResponse).status).toBe('specificAnalysisRestrictionsApplied');
  expect((childRes.body as AddToCartResponse).patientIds).toEqual([child]);
});

test('a profile adds all its analyses; a restricted analysis leaves the patient out of the profile', async () => {
  const { user, anna, piotr } = await setup();
  const res = await addProfile(user, { profileId: shop.fx.profiles.women, patientIds: [anna, piotr] });
  const body = res.body as AddToCartResponse;
  expect(body.status).toBe('specificAnalysisRestrictionsApplied');
  expect(body.patientIds).toEqual([piotr]);
  expect(body.cart.analysisIdsByPatientId).toEqual({ [anna]: [shop.fx.analyses.cbc, shop.fx.analyses.prenatal] });
  // 20 + 50 + one blood tube.
  expect(body.cart.subCartTotalsByPatientId[anna]).toEqual({ price: 75, currency: 'PLN' });
  const lines = await shop.db.db.selectFrom('cart_lines').select('profile_id').where('user_id', '=', user.id).execute();
  expect(lines.every((l) => l.profile_id === shop.fx.profiles.women)).toBe(true);

  const basic = await addProfile(user, { profileId: shop.fx.profiles.basic, patientIds: [piotr], updateToIsBoughtOptionalMaterialMap: { [shop.fx.materials.gelTube]: true } });
  expect((basic.body as AddToCartResponse).status).toBe('added');
  expect((basic.body as AddToCartResponse).cart.subCartTotalsByPatientId[piotr]).toEqual({ price: 20 + 30 + 5 + 7, currency: 'PLN' });
  expect((await addProfile(user, { profileId: 999999, patientIds: [piotr] })).status).toBe(404);
});

test('the laboratory query changes the saved laboratory and the currency', async () => {
  const { user, anna } = await setup();
  await add(user, { analysisId: shop.fx.analyses.cbc, patientIds: [anna] });
  expect((await getCart(user)).cartTotal).toEqual({ price: 25, currency: 'PLN' });
  expect((await getCart(user, '?laboratoryId=fx-ber')).cartTotal).toEqual({ price: 6.5, currency: 'EUR' });
  const saved = await shop.db.db.selectFrom('users').select('laboratory_id').where('id', '=', user.id).executeTakeFirstOrThrow();
  expect(saved.laboratory_id).toBe('fx-ber');
  // An unknown laboratory is ignored: the saved one applies.
  expect((await getCart(user, '?laboratoryId=nope')).cartTotal).toEqual({ price: 6.5, currency: 'EUR' });
  // Berlin has no price for the prenatal screening: it cannot be added there.
  const res = await add(user, { analysisId: shop.fx.analyses.prenatal, patientIds: [anna] });
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ error: 'This analysis is not available in the selected laboratory', code: 'not_sold_in_laboratory' });
});

test('an analysis without a price cannot be added', async () => {
  const { user, anna } = await setup();
  const res = await add(user, { analysisId: shop.fx.analyses.unpriced, patientIds: [anna] });
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ error: 'This analysis is not available in the selected laboratory', code: 'not_sold_in_laboratory' });
  expect((await add(user, { analysisId: 999999, patientIds: [anna] })).status).toBe(404);
});

test("another user's patient is 404 everywhere and nothing changes", async () => {
  const a = await setup();
  const b = await setup();
  await add(b.user, { analysisId: shop.fx.analyses.cbc, patientIds: [b.anna] });
  const before = await getCart(b.user);

  const foreignAdd = await add(a.user, { analysisId: shop.fx.analyses.cbc, patientIds: [a.anna, b.anna] });
  expect(foreignAdd.status).toBe(404);
  expect(foreignAdd.body).toEqual({ error: 'Patient not found', code: 'patient_not_found' });
  expect((await getCart(a.user)).analysisIdsByPatientId).toEqual({});

  expect((await shop.api.call('POST', '/api/cart/remove-patient-analysis', { token: a.user.token, body: { patientId: b.anna, analysisId: shop.fx.analyses.cbc } })).status).toBe(404);
  expect((await shop.api.call('POST', `/api/cart/remove-patient?patientId=${b.anna}`, { token: a.user.token })).status).toBe(404);
  // Removing an analysis for everyone touches only the caller's own cart.
  expect((await shop.api.call('POST', `/api/cart/remove-analysis?analysisId=${shop.fx.analyses.cbc}`, { token: a.user.token })).status).toBe(404);
  await shop.api.call('GET', '/api/cart/reset-cart', { token: a.user.token });
  expect(await getCart(b.user)).toEqual(before);
});

test('bad input is a 4xx JSON answer and changes nothing', async () => {
  const { user, anna } = await setup();
  const cases: [string, string, unknown][] = [
    ['POST', '/api/cart/add-to-cart', { patientIds: [anna] }],
    ['POST', '/api/cart/add-to-cart', { analysisId: 'abc', patientIds: [anna] }],
    ['POST', '/api/cart/add-to-cart', { analysisId: shop.fx.analyses.cbc, patientIds: [] }],
    ['POST', '/api/cart/add-to-cart', { analysisId: shop.fx.analyses.cbc, patientIds: 'x' }],
    ['POST', '/api/cart/add-to-cart', { analysisId: shop.fx.analyses.glucose, patientIds: [anna], updateToIsBoughtOptionalMaterialMap: { abc: 'yes' } }],
    ['POST', '/api/cart/add-profile-to-cart', { profileId: -1, patientIds: [anna] }],
    ['POST', '/api/cart/remove-patient-analysis', { patientId: anna }],
    ['POST', '/api/cart/remove-patient?patientId=abc', undefined],
    ['POST', '/api/cart/remove-analysis', undefined],
  ];
  for (const [m, path, body] of cases) {
    const res = await shop.api.call(m, path, { token: user.token, body });
    expect([path, res.status]).toEqual([path, 400]);
    expect(typeof (res.body as { error: unknown }).error).toBe('string');
  }
  const malformed = await shop.api.call('POST', '/api/cart/add-to-cart', { token: user.token, rawBody: '{"analysisId":' });
  expect(malformed.status).toBe(400);
  expect((await shop.api.call('DELETE', '/api/cart/get-cart', { token: user.token })).status).toBe(405);
  expect((await getCart(user)).analysisIdsByPatientId).toEqual({});
});

test('removing an analysis for one patient, a patient, an analysis for everyone, and resetting', async () => {
  const { user, anna, piotr } = await setup();
  const { cbc, glucose } = shop.fx.analyses;
  await add(user, { analysisId: cbc, patientIds: [anna, piotr] });
  await add(user, { analysisId: glucose, patientIds: [anna, piotr], updateToIsBoughtOptionalMaterialMap: { [shop.fx.materials.gelTube]: true } });

  let res = await shop.api.call('POST', '/api/cart/remove-patient-analysis', { token: user.token, body: { patientId: anna, analysisId: glucose } });
  expect(res.status).toBe(200);
  expect((res.body as CartDto).analysisIdsByPatientId).toEqual({ [anna]: [cbc], [piotr]: [cbc, glucose] });
  // The gel tube went with Anna's glucose.
  expect((res.body as CartDto).materialCartRefMapsByPatientId[anna]?.[shop.fx.materials.gelTube]).toBeUndefined();
  expect((await shop.api.call('POST', '/api/cart/remove-patient-analysis', { token: user.token, body: { patientId: anna, analysisId: glucose } })).status).toBe(404);

  res = await shop.api.call('POST', `/api/cart/remove-analysis?analysisId=${cbc}`, { token: user.token });
  expect((res.body as CartDto).analysisIdsByPatientId).toEqual({ [piotr]: [glucose] });

  res = await shop.api.call('POST', `/api/cart/remove-patient?patientId=${piotr}`, { token: user.token });
  expect((res.body as CartDto).analysisIdsByPatientId).toEqual({});
  // Emptied in a PLN laboratory, the total is still the spec's 0 EUR.
  expect((res.body as CartDto).cartTotal).toEqual({ price: 0, currency: 'EUR' });

  await add(user, { analysisId: cbc, patientIds: [anna] });
  res = await shop.api.call('GET', '/api/cart/reset-cart', { token: user.token });
  expect(res.status).toBe(200);
  expect((res.body as CartDto).analysisIdsByPatientId).toEqual({});
  expect(await shop.db.db.selectFrom('cart_material_decisions').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
});
