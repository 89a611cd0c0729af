import { useCallback, useContext, useSyncExternalStore } from 'react';
import { getI18n, I18nContext } from 'react-i18next';
import { defaultLanguage, isLanguage, type Language } from '@/shared/i18n';

/**
 * The interface language for formatting (money, dates). `_app` creates i18next with the language of
 * the `lang` cookie on the server and in the browser, so it is right on the first render.
 *
 * It reads the instance from the provider and follows its `languageChanged` event instead of
 * calling `useTranslation`: that hook copies the whole i18next instance and builds a bound `t` for
 * every caller on every server render, which for a price in each row of a 50-row list was a
 * noticeable part of the server's time per page.
 */
export function useLanguage(): Language {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!i18n) return () => undefined;
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    },
    [i18n],
  );
  const read = () => i18n?.language;
  const language = useSyncExternalStore(subscribe, read, read);
  return isLanguage(language) ? language : defaultLanguage;
}
