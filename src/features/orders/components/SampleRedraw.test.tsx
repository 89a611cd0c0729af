import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { testRouter } from '@/testing/router';
import type { OrderDetailDto } from '@/shared/types/results';
import { ordersSaga } from '../ordersSaga';
import { SampleNote, SampleRedraw } from './SampleRedraw';

const inDays = (d: number, h: number) => {
  const t = new Date(Date.now() + d * 86_400_000);
  t.setUTCHours(h, 0, 0, 0);
  return t.toISOString();
};

function order(extra: Partial<OrderDetailDto> = {}): OrderDetailDto {
  return {
    id: 5,
    number: 'LS-5',
    status: 'partial_results',
    createdAt: '2026-11-01T10:00:00.000Z',
    visit: { slotId: 1, start: '2026-11-02T08:00:00.000Z', end: '2026-11-02T10:00:00.000Z', timeZone: 'Europe/Warsaw', state: 'collected', events: [], arrivalWindow: null } as unknown as OrderDetailDto['visit'],
    laboratory: { id: 'waw', cityName: 'Warszawa', address: 'Prosta 1', phone: '', timeZone: 'Europe/Warsaw', email: '' },
    total: { price: 120, currency: 'PLN' },
    patientCount: 1,
    analysisCount: 2,
    resultCount: 1,
    subtotal: 100,
    deliveryPrice: 20,
    promoCode: null,
    discount: 0,
    address: { country: 'PL', city: 'Warszawa', postalCode: '00-683', street: 'Prosta 5', entry: '', floor: '1', apartment: '1', intercomCode: '', notes: '' },
    feedback: { useEmail: true, usePhone: true, quickPhone: '' },
    patients: [
      {
        id: 7,
        firstName: 'Anna',
        lastName: 'Nowak',
        materials: [],
        lines: [
          { analysisId: 1, code: 'FER', name: 'Ferritin', price: 50, hasResult: false, expectedBy: null, preliminary: false, sample: { status: 'rejected', reason: 'RH', reasonText: 'x' } },
          { analysisId: 2, code: 'TSH', name: 'TSH', price: 50, hasResult: true, expectedBy: null, preliminary: false, sample: { status: 'ok' } },
        ],
      },
    ],
    preparation: { fastingHours: 0, notes: [] },
    events: [],
    expectedBy: null,
    canChangeVisit: false,
    changeDeadline: '2026-11-01T08:00:00.000Z',
    redraw: { available: true, deadline: inDays(10, 12) },
    redrawOf: null,
    ...extra,
  };
}

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
});

describe('rejected sample on the order page', () => {
  it('words the reason of a rejected line and nothing for a fine one', () => {
    const o = order();
    renderApp(
      <ul>
        {o.patients[0]?.lines.map((l) => (
          <li key={l.analysisId}>
            {l.name}
            <SampleNote line={l} />
          </li>
        ))}
      </ul>,
      { router: testRouter('/orders/5') },
    );
    expect(screen.getAllByTestId('sample-note')).toHaveLength(1);
    expect(screen.getByTestId('sample-note')).toHaveTextContent('Sample not testable: The blood sample broke down (haemolysis) before it could be tested.');
  });

  it('books the free redraw in one tap and a time, then opens the redraw order', async () => {
    const start = inDays(2, 7);
    backend = fakeBackend({
      'GET nurse-slots': [200, [{ id: 61, start, end: inDays(2, 9), capacity: 2, available: 2 }]],
      'POST orders/5/redraw': [201, { orderId: 9 }],
    });
    const router = testRouter('/orders/5');
    renderApp(<SampleRedraw order={order()} />, { router, saga: ordersSaga });
    expect(screen.getByRole('heading', { name: 'A sample needs to be taken again' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Book a free redraw' }));
    await user.click(await screen.findByRole('button', { name: /–/ }));
    await user.click(screen.getByRole('button', { name: 'Book the free visit' }));
    await screen.findByRole('heading', { name: 'A sample needs to be taken again' });
    expect(backend.calls('POST orders/5/redraw').map((r) => r.body)).toEqual([{ orderSlotId: 61, nurseCheckoutDate: start }]);
    expect(router.push).toHaveBeenCalledWith('/orders/9');
  });

  it('links a booked redraw, and a redraw order back to the first one; nothing when no sample was rejected', () => {
    const { unmount } = renderApp(<SampleRedraw order={order({ redraw: { available: false, deadline: inDays(10, 12), orderId: 9 } })} />, { router: testRouter('/orders/5') });
    expect(screen.getByRole('link', { name: 'Open the redraw order' })).toHaveAttribute('href', '/orders/9');
    unmount();
    const redraw = renderApp(<SampleRedraw order={order({ redrawOf: 5, redraw: { available: false, deadline: null } })} />, { router: testRouter('/orders/9') });
    expect(screen.getByRole('link', { name: '#5' })).toHaveAttribute('href', '/orders/5');
    redraw.unmount();
    const fine = order();
    renderApp(<SampleRedraw order={{ ...fine, patients: fine.patients.map((p) => ({ ...p, lines: p.lines.map((l) => ({ ...l, sample: { status: 'ok' as const } })) })), redraw: { available: false, deadline: null } }} />, { router: testRouter('/orders/5') });
    expect(screen.queryByTestId('sample-redraw')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
