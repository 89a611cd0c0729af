import { Form, Formik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { FormTextField, useMessage } from '@/components/formFields';
import { useFailureText } from '@/components/useFailureText';
import { CONFIRMATION_FAILURE, LETTER_FAILURE } from './confirmationFailure';
import { SubmitButton } from '@/components/SubmitButton';
import type { EmailConfirmationFlow } from '../accountApi';
import { confirmationLetterRequested, emailConfirmationRequested } from '../accountSlice';
import { emailTokenSchema } from '@/lib/validation/formSchemas';
import { usePreloadedSchema } from '@/lib/validation/lazySchema';
import { selectCurrentUser } from '@/features/auth';
import { Notice } from '@/components/Notice';

/**
 * Sending the confirmation letter and confirming with the code from it. Used by the settings modal
 * (flow 'settings') and by the order flow (flow 'order': already confirmed or confirmed goes on to
 * data confirmed, see accountSaga).
 */
export function EmailConfirmationPanel({ flow }: { flow: EmailConfirmationFlow }) {
  usePreloadedSchema(emailTokenSchema);
  const { t } = useTranslation('account');
  const message = useMessage();
  const dispatch = useAppDispatch();
  const email = useAppSelector((s) => selectCurrentUser(s)?.email ?? '');
  const { letter, letterWarning, confirm } = useAppSelector((s) => s.account);
  const letterStatus = letter.status;
  const letterError = useFailureText(letter.error, LETTER_FAILURE);
  const confirmStatus = confirm.status;
  const confirmError = useFailureText(confirm.error, CONFIRMATION_FAILURE);
  const sending = letterStatus === Status.LOADING;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {t('emailConfirmation.intro', { email })}
      </Typography>
      <Button
        variant={letterStatus === Status.SUCCESS ? 'outlined' : 'contained'}
        fullWidth
        disabled={sending}
        onClick={() => dispatch(confirmationLetterRequested({ flow }))}
        sx={{ minHeight: 48, mt: 2 }}
        startIcon={sending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        {letterStatus === Status.SUCCESS && !letterWarning ? t('emailConfirmation.sendAgain') : t('emailConfirmation.send')}
      </Button>
      <Box aria-live="polite">
        {letterStatus === Status.SUCCESS && !letterWarning && (
          <Notice severity="success" sx={{ mt: 2 }}>
            {t('emailConfirmation.sent', { email })}
          </Notice>
        )}
        {letterWarning && (
          <Notice severity="warning" sx={{ mt: 2 }}>
            {message(letterWarning)}
          </Notice>
        )}
        {letterError && (
          <Notice severity="error" sx={{ mt: 2 }}>
            {letterError}
          </Notice>
        )}
      </Box>
      <Formik
        initialValues={{ token: '' }}
        validate={emailTokenSchema.validate}
        onSubmit={(v) => {
          dispatch(emailConfirmationRequested({ token: v.token.trim(), flow }));
        }}
      >
        <Form method="post" noValidate aria-label={t('emailConfirmation.title')}>
          <FormTextField name="token" label={t('emailConfirmation.token')} autoComplete="one-time-code" hint={t('emailConfirmation.tokenHint')} />
          {confirmError && (
            <Notice severity="error" role="alert">
              {confirmError}
            </Notice>
          )}
          <SubmitButton busy={confirmStatus === Status.LOADING}>{t('emailConfirmation.confirm')}</SubmitButton>
        </Form>
      </Formik>
    </Box>
  );
}
