import { closest, distanceMiles, NoLaboratoriesError } from './geo';

const warsaw = { latitude: 52.2297, longitude: 21.0122 };
const krakow = { latitude: 50.0647, longitude: 19.945 };
const gdansk = { latitude: 54.352, longitude: 18.6466 };

describe('distanceMiles', () => {
  it('is zero for the same point', () => {
    expect(distanceMiles(warsaw, warsaw)).toBe(0);
  });

  it('uses 69.09 miles per degree along a meridian', () => {
    expect(distanceMiles({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBe(69);
    expect(distanceMiles({ latitude: 0, longitude: 0 }, { latitude: 10, longitude: 0 })).toBe(691);
  });

  it('gives the great-circle distance in whole miles', () => {
    // Warsaw - Krakow is about 157 miles.
    expect(distanceMiles(warsaw, krakow)).toBe(157);
    expect(distanceMiles(krakow, warsaw)).toBe(157);
  });
});

describe('closest', () => {
  const labs = [
    { id: 'k', ...krakow },
    { id: 'g', ...gdansk },
    { id: 'w', ...warsaw },
  ];

  it('picks the laboratory with the lowest distance', () => {
    expect(closest({ latitude: 52.0, longitude: 21.0 }, labs).item.id).toBe('w');
    expect(closest({ latitude: 54.0, longitude: 18.5 }, labs).item.id).toBe('g');
    expect(closest({ latitude: 50.1, longitude: 20.0 }, labs)).toEqual({ item: labs[0], miles: 3 });
  });

  it('keeps the first of equally distant laboratories', () => {
    const twins = [
      { id: 'a', latitude: 1, longitude: 0 },
      { id: 'b', latitude: -1, longitude: 0 },
    ];
    expect(closest({ latitude: 0, longitude: 0 }, twins).item.id).toBe('a');
  });

  it('throws when there are no laboratories', () => {
    expect(() => closest(warsaw, [])).toThrow(NoLaboratoriesError);
  });
});
