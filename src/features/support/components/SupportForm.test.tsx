import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@/shared/i18n/resources';
import { ApiError } from '@/lib/apiError';
import type { SupportContactInput } from '@/shared/validation/support';
import { SupportForm } from './SupportForm';

function setup(send: (body: SupportContactInput) => Promise<unknown>, lang: 'en' | 'pl' = 'en') {
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <SupportForm laboratoryId="waw" send={send} />
    </I18nextProvider>,
  );
  return userEvent.setup();
}

describe('support form', () => {
  it('checks the fields with the shared rules before sending', async () => {
    const send = jest.fn().mockResolvedValue({ sent: true });
    const user = setup(send);
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'nope');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Enter your name')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('The message needs at least 10 characters')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends to the active laboratory, confirms, and keeps name and e-mail for another message', async () => {
    const send = jest.fn().mockResolvedValue({ sent: true });
    const user = setup(send);
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Anna Nowak');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'anna@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Can the nurse come on Saturday?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(/Your message was sent/)).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith({ name: 'Anna Nowak', email: 'anna@example.com', message: 'Can the nurse come on Saturday?', laboratoryId: 'waw' });
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Anna Nowak');
  });

  it('shows the limit and other failures in the user language', async () => {
    const send = jest.fn().mockRejectedValueOnce(new ApiError('Too many messages, please try again in an hour', 429)).mockRejectedValueOnce(new ApiError('Internal server error', 500));
    const user = setup(send, 'pl');
    await user.type(screen.getByRole('textbox', { name: 'Imię i nazwisko' }), 'Anna');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'anna@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Wiadomość' }), 'Pytanie o wizytę w sobotę');
    await user.click(screen.getByRole('button', { name: 'Wyślij wiadomość' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Zbyt wiele wiadomości, spróbuj ponownie za godzinę');
    await user.click(screen.getByRole('button', { name: 'Wyślij wiadomość' }));
    expect(await screen.findByText('Nie udało się wysłać wiadomości. Spróbuj ponownie za chwilę.')).toBeInTheDocument();
  });
});
