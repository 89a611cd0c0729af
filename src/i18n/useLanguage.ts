import { useTranslation } from 'react-i18next';
import { defaultLanguage, isLanguage, type Language } from './index';

/**
 * The interface language for formatting (money, dates). `_app` creates i18next with the language of
 * the `lang` cookie on the server and in the browser, so it is right on the first render.
 */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : defaultLanguage;
}
