import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/store/hooks';
import { FormTextField } from '@/components/formFields';
import { nationalIdFieldOf } from '@/shared/validation/nationalIds';

/**
 * The patient's national identifier, optional: the PESEL where the active laboratory is in Poland,
 * the personal (identification) number where it is in Belarus, nothing elsewhere.
 */
export function NationalIdField() {
  const { t } = useTranslation('account');
  const field = useAppSelector((s) => nationalIdFieldOf(s.lab.laboratory.data?.country));
  if (!field) return null;
  return (
    <FormTextField
      name={field}
      label={t(field === 'pesel' ? 'patients.pesel' : 'patients.personalNumber')}
      hint={t(field === 'pesel' ? 'patients.peselHint' : 'patients.personalNumberHint')}
      autoComplete="off"
      slotProps={{ htmlInput: { inputMode: field === 'pesel' ? 'numeric' : 'text', maxLength: 20, autoCapitalize: 'characters' } }}
      sx={{ maxWidth: { sm: 320 } }}
    />
  );
}
