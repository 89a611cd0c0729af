import { useField } from 'formik';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { routePath } from '@/lib/routes';
import { useMessage } from '@/components/formFields';

const documentHref = (documentSlug: string) => routePath('document', { documentSlug });

/**
 * The required consent of the registration form: "I accept the terms of service and the privacy
 * notice", each a link to its document (opened in a new tab, so the form keeps what was typed). The
 * error shows once the box was touched or the form submitted, and is tied to the box for screen readers.
 */
export function TermsConsentField({ name = 'acceptTerms' }: { name?: string }) {
  const { t } = useTranslation('account');
  const message = useMessage();
  const [field, meta, helpers] = useField<boolean>({ name, type: 'checkbox' });
  const showError = Boolean(meta.touched && meta.error);
  const errorId = `field-${name}-error`;
  return (
    <FormControl error={showError} required sx={{ mt: 1, display: 'block' }}>
      <FormControlLabel
        sx={{ alignItems: 'flex-start', mr: 0 }}
        control={
          <Checkbox
            name={name}
            checked={Boolean(field.value)}
            onChange={(e) => {
              void helpers.setValue(e.target.checked);
              void helpers.setTouched(true, false);
            }}
            onBlur={field.onBlur}
            required
            slotProps={{ input: { 'aria-invalid': showError, 'aria-describedby': showError ? errorId : undefined } as Record<string, unknown> }}
            sx={{ mt: -1 }}
          />
        }
        label={
          <>
            {t('register.consentBefore')}
            <Link href={documentHref('terms-of-service')} target="_blank" rel="noopener">
              {t('register.consentTerms')}
            </Link>
            {t('register.consentBetween')}
            <Link href={documentHref('privacy-policy')} target="_blank" rel="noopener">
              {t('register.consentPrivacy')}
            </Link>
            {t('register.consentAfter')}
          </>
        }
      />
      {showError && meta.error && <FormHelperText id={errorId}>{message(meta.error)}</FormHelperText>}
    </FormControl>
  );
}
