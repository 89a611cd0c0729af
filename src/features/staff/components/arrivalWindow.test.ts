import { arrivalWindow, defaultArrival } from './arrivalWindow';

const WARSAW = 'Europe/Warsaw';

describe("the nurse's expected arrival on the laboratory's clock", () => {
  test('by default now + 20 minutes, 30 minutes long, on the laboratory\'s day even when UTC is still on the day before', () => {
    // 23:50 UTC on 30 November is 00:50 on 1 December in Warsaw.
    expect(defaultArrival(new Date('2026-11-30T23:50:00.000Z'), WARSAW)).toEqual({ day: '2026-12-01', start: '01:10', end: '01:40' });
    expect(defaultArrival(new Date('2026-12-01T07:35:00.000Z'), WARSAW)).toEqual({ day: '2026-12-01', start: '08:55', end: '09:25' });
  });

  test('a window across midnight ends on the next day; one that ends before it starts or lasts over 3 hours is refused', () => {
    expect(arrivalWindow({ day: '2026-12-01', start: '23:50', end: '00:20' }, WARSAW)).toEqual({ arrivalStart: '2026-12-01T22:50:00.000Z', arrivalEnd: '2026-12-01T23:20:00.000Z' });
    expect(arrivalWindow({ day: '2026-12-01', start: '09:00', end: '08:30' }, WARSAW)).toEqual({ problem: 'endBeforeStart' });
    expect(arrivalWindow({ day: '2026-12-01', start: '09:00', end: '09:00' }, WARSAW)).toEqual({ problem: 'endBeforeStart' });
    expect(arrivalWindow({ day: '2026-12-01', start: '09:00', end: '12:00' }, WARSAW)).toEqual({ arrivalStart: '2026-12-01T08:00:00.000Z', arrivalEnd: '2026-12-01T11:00:00.000Z' });
    expect(arrivalWindow({ day: '2026-12-01', start: '09:00', end: '12:01' }, WARSAW)).toEqual({ problem: 'windowTooLong' });
    expect(arrivalWindow({ day: '2026-12-01', start: '09:00', end: '' }, WARSAW)).toEqual({ problem: 'timeMissing' });
  });
});
