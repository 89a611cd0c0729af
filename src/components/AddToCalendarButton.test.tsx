import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeBackend, type FakeBackend } from '@/testing/fakeBackend';
import { renderApp } from '@/testing/renderApp';
import { AddToCalendarButton } from './AddToCalendarButton';

let backend: FakeBackend | null = null;
afterEach(() => {
  backend?.restore();
  backend = null;
});

test('"Add to calendar" downloads the visit as an .ics file with the bearer token (no plain link)', async () => {
  backend = fakeBackend({ 'GET orders/5/calendar.ics': [200, 'BEGIN:VCALENDAR\r\nEND:VCALENDAR'] });
  const created: Blob[] = [];
  Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:visit'), revokeObjectURL: () => undefined });
  const clicked: string[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
  renderApp(<AddToCalendarButton orderId={5} orderNumber="LS-000005" />);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Add to calendar' }));
  await waitFor(() => expect(clicked).toEqual(['visit-LS-000005.ics']));
  expect(backend.calls('GET orders/5/calendar.ics')).toHaveLength(1);
  click.mockRestore();
});
