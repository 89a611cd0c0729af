import { browserI18n, createBrowserI18n, prepareBrowserI18nSoon } from './browser';

/** Resolves when the instance has finished loading what it asked for. */
function loaded(i18n: ReturnType<typeof createBrowserI18n>): Promise<void> {
  return new Promise((resolve) => (i18n.isInitialized ? resolve() : i18n.on('initialized', () => resolve())));
}

describe('the browser i18n instance', () => {
  it('downloads only the active language and only the namespaces in use; another language loads them when chosen', async () => {
    const i18n = createBrowserI18n('ru');
    await loaded(i18n);
    expect(i18n.t('menu.selectLab')).toBe('Выбрать лабораторию');
    // Only `common` at start: a page's other namespaces load when its components ask for them.
    expect(i18n.hasResourceBundle('ru', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('ru', 'catalogue')).toBe(false);
    expect(i18n.hasResourceBundle('ru', 'staff')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
    expect(i18n.hasResourceBundle('pl', 'common')).toBe(false);

    await i18n.loadNamespaces('cart');
    expect(i18n.hasResourceBundle('ru', 'cart')).toBe(true);
    expect(i18n.hasResourceBundle('ru', 'staff')).toBe(false);

    await i18n.changeLanguage('pl');
    expect(i18n.t('menu.selectLab')).toBe('Wybierz laboratorium');
    // The namespaces in use come along in the new language; the others still are not loaded.
    expect(i18n.hasResourceBundle('pl', 'cart')).toBe(true);
    expect(i18n.hasResourceBundle('pl', 'staff')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
  });

  it('the first render takes the instance prepared ahead in a task of its own, when it is of the same language', async () => {
    prepareBrowserI18nSoon('pl');
    // Built in a later task, its language chunk loading meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const first = browserI18n('pl');
    expect(first.isInitialized).toBe(true);
    expect(first.language).toBe('pl');
    expect(first.t('menu.selectLab')).toBe('Wybierz laboratorium');
    // Taken once: a later call builds its own, which has yet to load.
    const second = browserI18n('pl');
    expect(second).not.toBe(first);
    expect(second.isInitialized).toBeFalsy();
    await loaded(second);
  });

  it('another language than the prepared one gets a new instance of its own', async () => {
    prepareBrowserI18nSoon('ru');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const i18n = browserI18n('en');
    await loaded(i18n);
    expect(i18n.language).toBe('en');
    expect(i18n.t('menu.selectLab')).toBe('Select laboratory');
  });
});
