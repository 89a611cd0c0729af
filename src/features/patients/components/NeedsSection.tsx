import { useField, useFormikContext } from 'formik';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/TextInput';
import { FormTextField } from '@/components/formFields';
import { Choice, ChoiceGroup } from '@/components/Choice';
import { NEED_FLAGS, NEED_LANGUAGES, hasNeeds, noNeeds } from '@/shared/needs';
import { intlLocale } from '@/shared/i18n';
import type { Patient } from '../patientMapping';

function languageName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([intlLocale(language)], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * "Needs for the nurse": optional, folded away (a native details element, no extra script), open
 * when something was said. The nurse reads them on the visit's day; no mail or push carries them.
 */
export function NeedsSection() {
  const { t, i18n } = useTranslation('account');
  const { values, setFieldValue } = useFormikContext<Patient>();
  const [language] = useField<string | null>('needs.language');
  const [nurse] = useField<string | null>('needs.nurse');
  const needs = values.needs ?? noNeeds();
  return (
    <Box component="details" open={hasNeeds(needs) || undefined} sx={{ my: 2, '& > summary': { cursor: 'pointer', minHeight: 48, display: 'flex', alignItems: 'center' } }}>
      <summary>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {t('needs.title')}
        </Typography>
      </summary>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('needs.intro')}
      </Typography>
      <TextInput
        select
        label={t('needs.language')}
        name="needs.language"
        value={language.value ?? ''}
        onChange={(e) => void setFieldValue('needs.language', e.target.value || null)}
        sx={{ minWidth: 240, mb: 1 }}
      >
        <option value="">{t('needs.languageNone')}</option>
        {NEED_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {languageName(code, i18n.language)}
          </option>
        ))}
      </TextInput>
      <ChoiceGroup row legend={t('needs.nurse')}>
        {(['', 'female', 'male'] as const).map((v) => (
          <Choice
            key={v || 'any'}
            type="radio"
            name="needs.nurse"
            value={v}
            checked={(nurse.value ?? '') === v}
            onChange={() => void setFieldValue('needs.nurse', v || null)}
            label={t(v === '' ? 'needs.nurseAny' : v === 'female' ? 'needs.nurseFemale' : 'needs.nurseMale')}
          />
        ))}
      </ChoiceGroup>
      <ChoiceGroup legend={t('needs.flagsLegend')}>
        {NEED_FLAGS.map((f) => (
          <Choice key={f} type="checkbox" name={`needs.${f}`} checked={!!needs[f]} onChange={(e) => void setFieldValue(`needs.${f}`, e.target.checked)} label={t(`needs.flag.${f}`)} />
        ))}
      </ChoiceGroup>
      <FormTextField name="needs.intercom" label={t('needs.intercom')} autoComplete="off" slotProps={{ htmlInput: { maxLength: 100 } }} sx={{ maxWidth: { sm: 420 } }} />
    </Box>
  );
}
