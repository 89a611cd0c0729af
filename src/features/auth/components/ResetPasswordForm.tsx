import { Form, Formik } from 'formik';
import { Notice } from '@/components/Notice';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { resetRequestSchema } from '@/lib/validation/formSchemas';
import { usePreloadedSchema } from '@/lib/validation/lazySchema';
import { passwordResetRequested } from '../authSlice';
import { FormTextField } from '@/components/formFields';
import { useFailureText } from '@/components/useFailureText';
import { SubmitButton } from '@/components/SubmitButton';

/** Asks for the reset mail (the login page's resetPasswordForm part). */
export function ResetPasswordForm({ onBack }: { onBack?: () => void }) {
  usePreloadedSchema(resetRequestSchema);
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const { status, error } = useAppSelector((s) => s.auth.resetRequest);
  const errorText = useFailureText(error, { codes: { rate_limited: 'account:failure.tooManyAttempts' }, fallback: 'account:failure.unknown' });
  return (
    <Formik initialValues={{ email: '' }} validate={resetRequestSchema.validate} onSubmit={(v) => {
        dispatch(passwordResetRequested(v.email.trim()));
      }}>
      <Form method="post" noValidate aria-label={t('reset.title')}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('reset.intro')}
        </Typography>
        {error && (
          <Notice severity="error" role="alert">
            {errorText}
          </Notice>
        )}
        <FormTextField name="email" label={t('fields.email')} type="email" autoComplete="email" required slotProps={{ htmlInput: { inputMode: 'email' } }} />
        <SubmitButton busy={status === Status.LOADING}>{t('reset.submit')}</SubmitButton>
        {onBack && (
          <Button onClick={onBack} fullWidth sx={{ minHeight: 48, mt: 1 }}>
            {t('reset.backToLogin')}
          </Button>
        )}
      </Form>
    </Formik>
  );
}
