import { Form, Formik, useFormikContext } from 'formik';
import { useEffect } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { PasswordField, useMessage } from '@/components/formFields';
import { useFailureText, type FailureTexts } from '@/components/useFailureText';
import { VALIDATION_MESSAGES } from '@/shared/validation/messages';
import { SubmitButton } from '@/components/SubmitButton';
import { ACCOUNT_MESSAGES } from '../accountMessages';
import { passwordChangeRequested } from '../accountSlice';
import { changePasswordSchema } from '@/lib/validation/formSchemas';
import { usePreloadedSchema } from '@/lib/validation/lazySchema';
import { useStatusChange } from '@/lib/store/useStatusChange';
import { Notice } from '@/components/Notice';

/** Empties the password fields after a successful change. */
function ResetOnSuccess() {
  const status = useAppSelector((s) => s.account.password.status);
  const { resetForm } = useFormikContext();
  useEffect(() => {
    if (status === Status.SUCCESS) resetForm();
  }, [status, resetForm]);
  return null;
}

/** A leaked or too easily guessed new password is named, so the user knows to choose another; other failures keep the spec's text. */
const PASSWORD_CHANGE_FAILURE: FailureTexts = {
  field: ({ newPassword }) => (newPassword === VALIDATION_MESSAGES.passwordBreached || newPassword === VALIDATION_MESSAGES.passwordWeak ? newPassword : null),
  fallback: 'account:failure.passwordChangeFailed',
};

/** Settings, "Password": the current password and the new one twice, with the strength meter. */
export function ChangePasswordForm() {
  usePreloadedSchema(changePasswordSchema);
  const { t } = useTranslation('account');
  const message = useMessage();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const { status, error: failure } = useAppSelector((s) => s.account.password);
  const error = useFailureText(failure, PASSWORD_CHANGE_FAILURE);
  useStatusChange(status, {
    onSuccess: () => toast.success(message(ACCOUNT_MESSAGES.passwordChanged)),
    onError: () => toast.error(message(ACCOUNT_MESSAGES.errorOccurred)),
  });
  return (
    <Formik
      initialValues={{ oldPassword: '', newPassword: '', repeatPassword: '' }}
      validate={changePasswordSchema.validate}
      onSubmit={(v) => {
        dispatch(passwordChangeRequested({ oldPassword: v.oldPassword, newPassword: v.newPassword }));
      }}
    >
      <Form method="post" noValidate aria-label={t('settings.password')}>
        <ResetOnSuccess />
        {error && status === Status.ERROR && (
          <Notice severity="error" role="alert">
            {error}
          </Notice>
        )}
        <PasswordField name="oldPassword" label={t('fields.oldPassword')} autoComplete="current-password" required />
        <PasswordField name="newPassword" label={t('fields.newPassword')} autoComplete="new-password" required withStrength hint={t('password.rule')} />
        <PasswordField name="repeatPassword" label={t('fields.repeatPassword')} autoComplete="new-password" required />
        <Box sx={{ maxWidth: { sm: 280 } }}>
          <SubmitButton busy={status === Status.LOADING}>{t('settings.changePassword')}</SubmitButton>
        </Box>
      </Form>
    </Formik>
  );
}
