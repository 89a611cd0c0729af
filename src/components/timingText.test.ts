import { createI18n } from '@/shared/i18n/resources';
import { timingLines } from './timingText';

describe('timingLines', () => {
  it('words fasting, a latest time and cycle days in en, ru and pl, and nothing without rules', () => {
    const timing = { fastingHours: [8, 12] as [number, number], latestLocalTime: '10:00', cycleDays: [2, 5] as [number, number] };
    expect(timingLines(timing, createI18n('en').t)).toEqual(['Fasting 8–12 h: morning visit', 'Sample before 10:00', 'Cycle days 2–5']);
    expect(timingLines(timing, createI18n('ru').t)).toEqual(['Натощак 8–12 ч: утренний визит', 'Взятие пробы до 10:00', 'Дни цикла 2–5']);
    expect(timingLines(timing, createI18n('pl').t)).toEqual(['Na czczo 8–12 h: wizyta rano', 'Pobranie przed 10:00', 'Dni cyklu 2–5']);
    expect(timingLines({}, createI18n('en').t)).toEqual([]);
    expect(timingLines(undefined, createI18n('en').t)).toEqual([]);
  });
});
