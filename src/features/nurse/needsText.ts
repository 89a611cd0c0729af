import { useTranslation } from 'react-i18next';
import { NEED_FLAGS } from '@/shared/needs';
import type { NurseFitDto, PatientNeedsDto } from '@/shared/types/needs';
import { intlLocale } from '@/shared/i18n';

/** A language's own name in the reader's language ("Russian", "rosyjski"), by the browser's data. */
export function languageName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([intlLocale(language)], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The patient's needs as short phrases for the nurse, in the reader's language. */
export function useNeedsText(): (n: PatientNeedsDto) => string[] {
  const { t, i18n } = useTranslation('staff');
  return (n) => [
    ...(n.language ? [t('needs.speaks', { language: languageName(n.language, i18n.language) })] : []),
    ...(n.nurse ? [t(n.nurse === 'female' ? 'needs.prefersFemale' : 'needs.prefersMale')] : []),
    ...NEED_FLAGS.filter((f) => n[f]).map((f) => t(`needs.flag.${f}`)),
    ...(n.intercom ? [t('needs.intercom', { v: n.intercom })] : []),
  ];
}

/** Why a nurse fits the visit, as a short text after the nurse's name (empty when nothing fits). */
export function useFitText(): (fits: NurseFitDto[] | undefined) => string {
  const { t, i18n } = useTranslation('staff');
  return (fits) =>
    fits?.length
      ? ` (${fits.map((f) => (f.reason === 'language' ? t('needs.fitLanguage', { language: languageName(f.value, i18n.language) }) : t(f.value === 'female' ? 'needs.fitFemale' : 'needs.fitMale'))).join(', ')})`
      : '';
}
