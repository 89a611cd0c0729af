import { alpha, styled } from '@mui/material/styles';
import Cookies from 'js-cookie';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_COOKIE, isLanguage, languages, type Language } from '@/shared/i18n';
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
  const choose = (value: Language) => {
    if (value === current) return;
    setLanguage((l) => i18n.changeLanguage(l), value);
    // The account remembers the language for the mails sent later; a failure changes nothing here.
    if (userId !== undefined) accountApi.saveLocale(userId, value).catch(() => undefined);
  };
  // Toggle buttons (`aria-pressed`) in one group, with the look of MUI's ToggleButtonGroup as plain
  // buttons under one style sheet.
  return (
    <Group role="group" aria-label={t('language')}>
      {languages.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          aria-pressed={lng === current}
          aria-label={t('languageOption', { code: lng.toUpperCase(), name: t(`languageNames.${lng}`) })}
          onClick={() => choose(lng)}
        >
          {lng.toUpperCase()}
        </button>
      ))}
    </Group>
  );
}

const Group = styled('div')(({ theme }) => ({
  display: 'inline-flex',
  borderRadius: theme.shape.borderRadius,
  '& button': {
    ...theme.typography.button,
    minWidth: 48,
    minHeight: 44,
    padding: 7,
    fontWeight: 600,
    color: theme.palette.text.secondary,
    backgroundColor: 'transparent',
    border: `1px solid ${theme.palette.divider}`,
    cursor: 'pointer',
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&[aria-pressed="true"]': { color: theme.palette.primary.main, backgroundColor: alpha(theme.palette.primary.main, 0.08) },
    '&:not(:first-of-type)': { marginLeft: -1 },
    '&:first-of-type': { borderRadius: `${theme.shape.borderRadius}px 0 0 ${theme.shape.borderRadius}px` },
    '&:last-of-type': { borderRadius: `0 ${theme.shape.borderRadius}px ${theme.shape.borderRadius}px 0` },
  },
}));
