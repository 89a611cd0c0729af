import { patientReturnPath } from './returnPath';

describe('patientReturnPath', () => {
  it('prefers pathnameToReturn, then backPathKey, then the list', () => {
    expect(patientReturnPath({ pathnameToReturn: '/order/cart', backPathKey: 'settings' })).toBe('/order/cart');
    expect(patientReturnPath({ backPathKey: 'cart' })).toBe('/order/cart');
    expect(patientReturnPath({ backPathKey: 'addToCart', addableType: 'analysis', addableId: '3' })).toBe('/add-to-cart/analysis/3');
    expect(patientReturnPath({})).toBe('/patients');
  });

  it('ignores targets outside the shop and unknown keys', () => {
    expect(patientReturnPath({ pathnameToReturn: '//evil.example' })).toBe('/patients');
    expect(patientReturnPath({ pathnameToReturn: decodeURIComponent('%2F%09%2Fevil.example') })).toBe('/patients');
    expect(patientReturnPath({ pathnameToReturn: 'https://evil.example' })).toBe('/patients');
    expect(patientReturnPath({ backPathKey: 'nope' })).toBe('/patients');
    expect(patientReturnPath({ backPathKey: 'editPatient' })).toBe('/patients');
  });
});
