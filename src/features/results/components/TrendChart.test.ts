import { niceTicks } from './TrendChart';

describe('chart axis ticks', () => {
  it('cover the values on round steps', () => {
    expect(niceTicks(3.9, 7.4)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(niceTicks(5.1, 5.6)).toEqual([5, 5.2, 5.4, 5.6]);
    expect(niceTicks(0.4, 4)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(30, 400)).toEqual([0, 100, 200, 300, 400]);
    expect(niceTicks(5, 5)).toEqual([5]);
  });
});
