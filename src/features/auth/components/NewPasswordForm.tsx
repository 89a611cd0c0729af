import { Form, Formik } from 'formik';
import { Notice } from '@/components/Notice';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { newPasswordSchema } from '@/lib/validation/formSchemas';
import { usePreloadedSchema } from '@/lib/validation/lazySchema';
import { newPasswordRequested } from '../authSlice';
import { PasswordField } from '@/components/formFields';
import { useFailureText, type FailureTexts } from '@/components/useFailureText';
import { VALIDATION_MESSAGES } from '@/shared/validation/messages';
import { SubmitButton } from '@/components/SubmitButton';

const LINK_REFUSED = 'account:failure.resetFailed';

/**
 * A leaked or too easily guessed new password is named, so the user knows to choose another; any
 * other refusal means the link, too many attempts wait, the rest is 'Unknown error'.
 */
const NEW_PASSWORD_FAILURE: FailureTexts = {
  field: ({ newPassword }) => (newPassword === VALIDATION_MESSAGES.passwordBreached || newPassword === VALIDATION_MESSAGES.passwordWeak ? newPassword : null),
  codes: {
    bad_request: LINK_REFUSED,
    validation_failed: LINK_REFUSED,
    unauthorized: LINK_REFUSED,
    forbidden: LINK_REFUSED,
    not_found: LINK_REFUSED,
    conflict: LINK_REFUSED,
    gone: LINK_REFUSED,
    rate_limited: 'account:failure.tooManyAttempts',
  },
  fallback: 'account:failure.unknown',
};

/** Sets a new password with the token of the reset mail. */
export function NewPasswordForm({ token }: { token: string }) {
  usePreloadedSchema(newPasswordSchema);
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const { status, error } = useAppSelector((s) => s.auth.newPassword);
  const errorText = useFailureText(error, NEW_PASSWORD_FAILURE);
  return (
    <Formik
      initialValues={{ newPassword: '', repeatPassword: '' }}
      validate={newPasswordSchema.validate}
      onSubmit={(v) => {
        dispatch(newPasswordRequested({ token, newPassword: v.newPassword }));
      }}
    >
      <Form method="post" noValidate aria-label={t('newPassword.title')}>
        {error && (
          <Notice severity="error" role="alert">
            {errorText}
          </Notice>
        )}
        <PasswordField name="newPassword" label={t('fields.newPassword')} autoComplete="new-password" required withStrength hint={t('password.rule')} />
        <PasswordField name="repeatPassword" label={t('fields.repeatPassword')} autoComplete="new-password" required />
        <SubmitButton busy={status === Status.LOADING}>{t('newPassword.submit')}</SubmitButton>
      </Form>
    </Formik>
  );
}
