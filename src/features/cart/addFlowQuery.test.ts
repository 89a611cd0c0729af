import { strippedAddFlowQuery } from './addFlowQuery';

test('flow queries are stripped outside the add-to-cart page and kept inside it', () => {
  expect(strippedAddFlowQuery('/search', { addableFlowPage: 'addPatients', analysisId: '3', q: 'x' })).toEqual({ q: 'x' });
  expect(strippedAddFlowQuery('/profiles/[profileId]', { profileId: '5', addableFlowPage: 'login' })).toEqual({ profileId: '5' });
  expect(strippedAddFlowQuery('/profiles/[profileId]', { profileId: '5' })).toBeNull();
  expect(strippedAddFlowQuery('/search', { q: 'x' })).toBeNull();
  expect(strippedAddFlowQuery('/add-to-cart/[addableType]/[addableId]', { addableType: 'profile', addableId: '5', addableFlowPage: 'login' })).toBeNull();
});
