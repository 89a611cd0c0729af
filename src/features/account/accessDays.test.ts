import { accessDays } from './accessDays';
import type { AccessRecordDto } from '@/shared/types/audit';

const rec = (id: number, at: string, actorKey: string, what: AccessRecordDto['what'], orderNumber = 'LS-000009'): AccessRecordDto => ({
  id,
  at,
  action: what === 'opened' ? 'health_read' : 'health_write',
  what,
  actorKind: actorKey.startsWith('share') ? 'share' : 'staff',
  actorKey,
  actorName: actorKey === 'staff:1' ? 'Anna Nowak' : actorKey === 'staff:2' ? 'Olga Lab' : null,
  orderId: 9,
  orderNumber,
  detail: '',
});

test('one line per person and day, with the times earliest first and each action once', () => {
  const lines = accessDays(
    [
      rec(6, '2026-11-20T15:40:00Z', 'staff:1', 'opened'),
      rec(5, '2026-11-20T09:12:00Z', 'staff:2', 'results'),
      rec(4, '2026-11-20T09:05:00Z', 'staff:1', 'opened'),
      rec(3, '2026-11-20T08:30:00Z', 'staff:1', 'samples'),
      rec(2, '2026-11-19T22:00:00Z', 'staff:1', 'opened', 'LS-000010'),
      rec(1, '2026-11-19T10:00:00Z', 'share:4', 'opened'),
    ],
    'en',
    'UTC',
  );
  expect(lines.map((l) => [l.actorName, l.day, l.times, l.what.map((w) => `${w.what} ${w.orderNumber}`)])).toEqual([
    ['Anna Nowak', '20 Nov 2026', ['08:30', '09:05', '15:40'], ['opened LS-000009', 'samples LS-000009']],
    ['Olga Lab', '20 Nov 2026', ['09:12'], ['results LS-000009']],
    ['Anna Nowak', '19 Nov 2026', ['22:00'], ['opened LS-000010']],
    [null, '19 Nov 2026', ['10:00'], ['opened LS-000009']],
  ]);
});

test('the day is the user\'s: late evening in Warsaw is the next day in UTC+1', () => {
  const lines = accessDays([rec(2, '2026-11-19T23:30:00Z', 'staff:1', 'opened'), rec(1, '2026-11-19T22:30:00Z', 'staff:1', 'opened')], 'pl', 'Europe/Warsaw');
  expect(lines.map((l) => [l.day, l.times])).toEqual([
    ['20 lis 2026', ['00:30']],
    ['19 lis 2026', ['23:30']],
  ]);
});
