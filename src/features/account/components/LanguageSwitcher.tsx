import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Cookies from 'js-cookie';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_COOKIE, isLanguage, languages, type Language } from '@/i18n';
import { accountApi } from '../lazyAccountApi';
import { useAppSelector } from '@/store/hooks';
import { selectCurrentUser } from '@/features/auth';

/** Sets the interface language and keeps it in the `lang` cookie (read by the server for the first render). */
export function setLanguage(i18nChange: (lng: string) => unknown, lng: Language): void {
  Cookies.set(LANGUAGE_COOKIE, lng, { expires: 365, sameSite: 'lax', path: '/' });
  document.documentElement.lang = lng;
  void i18nChange(lng);
}

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  const userId = useAppSelector((state) => (state.auth.isLoggedIn ? selectCurrentUser(state)?.id : undefined));
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={current}
      aria-label={t('language')}
      onChange={(_e, value: unknown) => {
        if (!isLanguage(value)) return;
        setLanguage((l) => i18n.changeLanguage(l), value);
        // The account remembers the language for the mails sent later; a failure changes nothing here.
        if (userId !== undefined) accountApi.saveLocale(userId, value).catch(() => undefined);
      }}
    >
      {languages.map((lng) => (
        <ToggleButton key={lng} value={lng} lang={lng} aria-label={t('languageOption', { code: lng.toUpperCase(), name: t(`languageNames.${lng}`) })} sx={{ minWidth: 48, minHeight: 44, fontWeight: 600 }}>
          {lng.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
