import { createBrowserI18n } from './browser';

/** Resolves when the instance has finished loading what it asked for. */
function loaded(i18n: ReturnType<typeof createBrowserI18n>): Promise<void> {
  return new Promise((resolve) => (i18n.isInitialized ? resolve() : i18n.on('initialized', () => resolve())));
}

describe('the browser i18n instance', () => {
  it('downloads only the active language; another one loads when chosen', async () => {
    const i18n = createBrowserI18n('ru');
    await loaded(i18n);
    expect(i18n.t('menu.selectLab')).toBe('Выбрать лабораторию');
    expect(i18n.hasResourceBundle('ru', 'catalogue')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
    expect(i18n.hasResourceBundle('pl', 'common')).toBe(false);

    await i18n.changeLanguage('pl');
    expect(i18n.t('menu.selectLab')).toBe('Wybierz laboratorium');
    expect(i18n.hasResourceBundle('pl', 'cart')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
  });
});
