import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Money } from '@/components/Money';
import { createI18n } from '@/shared/i18n/resources';
import { useLanguage } from './useLanguage';

function Shown() {
  return (
    <>
      <span data-testid="language">{useLanguage()}</span>
      <span data-testid="price">
        <Money amount={12.5} currency="PLN" />
      </span>
    </>
  );
}

describe('useLanguage', () => {
  it('gives the provider instance language and follows a change of language', async () => {
    const i18n = createI18n('ru');
    render(
      <I18nextProvider i18n={i18n}>
        <Shown />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('language')).toHaveTextContent('ru');
    const ruPrice = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'PLN', minimumFractionDigits: 2 }).format(12.5);
    expect(screen.getByTestId('price').textContent).toBe(ruPrice);
    await act(async () => {
      await i18n.changeLanguage('pl');
    });
    expect(screen.getByTestId('language')).toHaveTextContent('pl');
    const plPrice = new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN', minimumFractionDigits: 2 }).format(12.5);
    expect(screen.getByTestId('price').textContent).toBe(plPrice);
  });
});
