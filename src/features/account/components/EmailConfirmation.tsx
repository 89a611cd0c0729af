import { Form, Formik } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { FormTextField, useMessage } from '@/components/formFields';
import { SubmitButton } from '@/components/SubmitButton';
import type { EmailConfirmationFlow } from '../accountApi';
import { confirmationLetterRequested, emailConfirmationSubmitted, emailModalClosed } from '../accountSlice';
import { emailTokenSchema } from '@/lib/validation/formSchemas';
import { usePreloadedSchema } from '@/lib/validation/lazySchema';
import { selectCurrentUser } from '@/features/auth';

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
  const letterError = letter.error?.message ?? null;
  const confirmStatus = confirm.status;
  const confirmError = confirm.error?.message ?? null;
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
          <Alert severity="success" sx={{ mt: 2 }}>
            {t('emailConfirmation.sent', { email })}
          </Alert>
        )}
        {letterWarning && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {message(letterWarning)}
          </Alert>
        )}
        {letterError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {message(letterError)}
          </Alert>
        )}
      </Box>
      <Formik
        initialValues={{ token: '' }}
        validate={emailTokenSchema.validate}
        onSubmit={(v) => {
          dispatch(emailConfirmationSubmitted({ token: v.token.trim(), flow }));
        }}
      >
        <Form method="post" noValidate aria-label={t('emailConfirmation.title')}>
          <FormTextField name="token" label={t('emailConfirmation.token')} autoComplete="one-time-code" hint={t('emailConfirmation.tokenHint')} />
          {confirmError && (
            <Alert severity="error" role="alert">
              {message(confirmError)}
            </Alert>
          )}
          <SubmitButton busy={confirmStatus === Status.LOADING}>{t('emailConfirmation.confirm')}</SubmitButton>
        </Form>
      </Formik>
    </Box>
  );
}

/** The settings' e-mail confirmation modal; a successful confirmation closes it. */
export function EmailConfirmationModal() {
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.account.emailModalOpen);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const id = useId();
  return (
    <Dialog open={open} onClose={() => dispatch(emailModalClosed())} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`} sx={{ pr: 7 }}>
        {t('emailConfirmation.title')}
        <IconButton aria-label={t('close')} onClick={() => dispatch(emailModalClosed())} sx={{ position: 'absolute', right: 4, top: 4, width: 48, height: 48 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <EmailConfirmationPanel flow="settings" />
      </DialogContent>
    </Dialog>
  );
}
