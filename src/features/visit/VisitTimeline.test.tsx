import { screen, within } from '@testing-library/react';
import { renderApp } from '@/testing/renderApp';
import type { OrderDetailDto } from '@/shared/types/results';
import { VisitTimeline } from './VisitTimeline';

const VISIT = '2026-11-24T08:00:00.000Z';
const at = (hhmm: string, day = '2026-11-24') => `${day}T${hhmm}:00.000Z`;
const visitEvents = [
  { state: 'booked', at: at('07:00', '2026-11-20') },
  { state: 'nurse_assigned', at: at('06:00') },
  { state: 'on_the_way', at: at('07:40') },
  { state: 'arrived', at: at('08:05') },
  { state: 'collected', at: at('08:20') },
];

function order(status: OrderDetailDto['status'], visitState: string, more: Partial<OrderDetailDto> = {}): OrderDetailDto {
  return {
    id: 5,
    status,
    visit: { slotId: 1, start: VISIT, end: at('09:00'), timeZone: 'Europe/Warsaw', state: visitState, window: null, nurseFirstName: 'Nina', events: visitEvents.filter((e) => visitState === 'collected' || e.state !== 'collected') },
    laboratory: { id: 'waw', cityName: 'Warszawa', address: 'Prosta 1', phone: '+48 22 000 00 00', timeZone: 'Europe/Warsaw' },
    events: [
      { at: at('07:00', '2026-11-20'), status: 'placed', actor: 'patient', note: '' },
      { at: at('08:20'), status: 'sample_collected', actor: 'staff', note: '' },
      { at: at('13:00'), status: 'in_lab', actor: 'staff', note: '' },
      { at: at('09:30', '2026-11-26'), status: 'completed', actor: 'system', note: '' },
    ].filter((e) => ['placed', 'sample_collected', 'in_lab', 'completed'].indexOf(e.status) <= ['placed', 'sample_collected', 'in_lab', 'completed'].indexOf(status === 'partial_results' ? 'in_lab' : status)),
    ...more,
  } as unknown as OrderDetailDto;
}

const steps = () => within(screen.getByRole('list', { name: 'Steps of the home visit' })).getAllByRole('listitem');
const current = () => steps().filter((s) => s.getAttribute('aria-current') === 'step');

describe('the order story: the home visit and the laboratory in one list', () => {
  it('goes from the booked visit through the nurse to the laboratory and the results, under one heading, the laboratory step now', () => {
    renderApp(<VisitTimeline order={order('in_lab', 'collected')} />);
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Progress']);
    expect(steps().map((s) => s.querySelector('span')?.textContent)).toEqual([
      'Visit booked',
      'Nurse assigned',
      'Nurse on the way',
      'Nurse arrived',
      'Samples collected',
      'In the laboratory(now)',
      'Results ready (not yet)',
    ]);
    expect(current()).toHaveLength(1);
    // Warsaw's clock: the laboratory took the sample at 14:00 on the visit's day; the booking's moment is the page's "Placed", not said again.
    expect(within(steps()[5]!).getByText('14:00')).toBeInTheDocument();
    expect(within(steps()[1]!).getByText('07:00')).toBeInTheDocument();
    expect(steps()[0]!.querySelector('time')).toBeNull();
    // The laboratory's phone is the visit card's: not said twice.
    expect(screen.queryByText(/\+48 22/)).not.toBeInTheDocument();
  });

  it('with partial results the laboratory step says so; a completed order ends on "Results ready" with its day', () => {
    const { unmount } = renderApp(<VisitTimeline order={order('partial_results', 'collected')} />);
    expect(current()[0]).toHaveTextContent('In the laboratory(now)Partial results');
    unmount();
    renderApp(<VisitTimeline order={order('completed', 'collected')} />);
    expect(current()[0]).toHaveTextContent(/^Results ready\(now\)26 Nov 2026, 10:30$/);
  });

  it('before the collection the visit is where the story is; a visit that ended without samples has no laboratory steps', () => {
    const { unmount } = renderApp(<VisitTimeline order={order('visit_confirmed', 'on_the_way')} />);
    expect(current()[0]).toHaveTextContent(/^Nurse on the way\(now\)/);
    expect(steps()).toHaveLength(7);
    unmount();
    renderApp(<VisitTimeline order={order('cancelled', 'not_at_home')} />);
    expect(steps().map((s) => s.querySelector('span')?.textContent?.replace(/ ?\(.*\)$/, ''))).toEqual(['Visit booked', 'Nurse assigned', 'Nurse on the way', 'Nurse arrived', 'Not at home']);
  });

  it('a moved visit says when it was moved, below the steps', () => {
    const moved = order('visit_confirmed', 'booked', {
      events: [
        { at: at('07:00', '2026-11-20'), status: 'placed', actor: 'patient', note: '' },
        { at: at('10:15', '2026-11-21'), status: 'visit_confirmed', actor: 'patient', note: 'Visit moved to 2026-11-24T08:00:00.000Z' },
      ],
    } as Partial<OrderDetailDto>);
    renderApp(<VisitTimeline order={moved} />);
    expect(screen.getByText(/^Visit moved ·/)).toHaveTextContent('Visit moved · 21 Nov 2026, 11:15');
  });
});
