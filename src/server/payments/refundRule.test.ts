import { refundFor, type RefundCause, type RefundFacts } from './refundRule';

const now = new Date('2026-05-10T10:00:00Z');
const base: RefundFacts = { totalMinor: 25000, visitFeeMinor: 5000, paidMinor: 25000, refundedMinor: 0, notAtHome: false, visitStart: '2026-05-12T08:00:00Z' };

const rows: [string, Partial<RefundFacts>, RefundCause, number | string][] = [
  ['patient cancels 46 h ahead: whole total', {}, { kind: 'patient_cancel' }, 25000],
  ['patient cancels exactly 24 h ahead: whole total', { visitStart: '2026-05-11T10:00:00Z' }, { kind: 'patient_cancel' }, 25000],
  ['patient cancels 23 h 59 ahead: refused', { visitStart: '2026-05-11T09:59:00Z' }, { kind: 'patient_cancel' }, 'too_late'],
  ['laboratory cancels: whole total', {}, { kind: 'lab_cancel' }, 25000],
  ['laboratory cancels after the visit time: whole total', { visitStart: '2026-05-09T08:00:00Z' }, { kind: 'lab_cancel' }, 25000],
  ['not at home then cancelled: total less the visit fee', { notAtHome: true }, { kind: 'lab_cancel' }, 20000],
  ['not at home, patient cancels: total less the visit fee', { notAtHome: true }, { kind: 'patient_cancel' }, 20000],
  ['not at home after a partial refund of 21000: only 4000 left', { notAtHome: true, refundedMinor: 21000 }, { kind: 'lab_cancel' }, 4000],
  ['cancel after a partial refund: what is left', { refundedMinor: 3000 }, { kind: 'lab_cancel' }, 22000],
  ['pay on visit (nothing paid): no refund', { paidMinor: 0 }, { kind: 'lab_cancel' }, 'nothing_paid'],
  ['already refunded in full: nothing left', { refundedMinor: 25000 }, { kind: 'lab_cancel' }, 'nothing_left'],
  ['paid after expiry: the whole payment', {}, { kind: 'expired_payment' }, 25000],
  ['staff partial 1200 with a reason', {}, { kind: 'staff_partial', amountMinor: 1200, reason: 'Ferritin could not be done' }, 1200],
  ['staff partial of exactly what is left', { refundedMinor: 24000 }, { kind: 'staff_partial', amountMinor: 1000, reason: 'x' }, 1000],
  ['staff partial over what is left: refused', { refundedMinor: 24000 }, { kind: 'staff_partial', amountMinor: 1001, reason: 'x' }, 'bad_amount'],
  ['staff partial of 0: refused', {}, { kind: 'staff_partial', amountMinor: 0, reason: 'x' }, 'bad_amount'],
  ['staff partial of a fraction: refused', {}, { kind: 'staff_partial', amountMinor: 10.5, reason: 'x' }, 'bad_amount'],
  ['staff partial without a reason: refused', {}, { kind: 'staff_partial', amountMinor: 100, reason: '  ' }, 'reason_required'],
];

describe('refund rule', () => {
  it.each(rows)('%s', (_name, facts, cause, expected) => {
    const d = refundFor({ ...base, ...facts }, cause, now);
    if (typeof expected === 'number') expect(d).toMatchObject({ refund: true, amountMinor: expected });
    else expect(d).toEqual({ refund: false, why: expected });
  });
});
