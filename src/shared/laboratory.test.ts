import { withLabDefaults } from './laboratory';

describe('withLabDefaults', () => {
  it('fills the spec defaults for a sparse laboratory from another backend', () => {
    expect(withLabDefaults({ id: 7, cityName: null, address: '', latitude: null, longitude: 'x' })).toEqual({
      id: '7',
      cityName: 'No city',
      email: '',
      aboutLink: '',
      address: 'No address',
      latitude: 0,
      longitude: 0,
    });
  });

  it('keeps what is there (coordinates given as text included) and the additions beyond the spec', () => {
    const lab = withLabDefaults({ id: '2', cityName: 'Warszawa', email: 'a@b.pl', aboutLink: 'https://x', address: 'Prosta 5', latitude: '52.2', longitude: 21.01, currency: 'PLN' });
    expect(lab).toMatchObject({ id: '2', cityName: 'Warszawa', address: 'Prosta 5', latitude: 52.2, longitude: 21.01, currency: 'PLN' });
  });
});
