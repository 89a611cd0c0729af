import { Form, Formik } from 'formik';
import { Notice } from '@/components/Notice';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { newPasswordSchema } from '@/lib/validation/formSchemas';
import { usePreloadedSchema } from '@/lib/validation/lazySchema';
import { newPasswordRequested } from '../authSlice';
import { PasswordField, useMessage } from '@/components/formFields';
import { SubmitButton } from '@/components/SubmitButton';

/** Sets a new password with the token of the reset mail. */
export function NewPasswordForm({ token }: { token: string }) {
  usePreloadedSchema(newPasswordSchema);
  const { t } = useTranslation('account');
  const message = useMessage();
  const dispatch = useAppDispatch();
  const { status, error } = useAppSelector((s) => s.auth.newPassword);
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
            {message(error.message)}
          </Notice>
        )}
        <PasswordField name="newPassword" label={t('fields.newPassword')} autoComplete="new-password" required withStrength hint={t('password.rule')} />
        <PasswordField name="repeatPassword" label={t('fields.repeatPassword')} autoComplete="new-password" required />
        <SubmitButton busy={status === Status.LOADING}>{t('newPassword.submit')}</SubmitButton>
      </Form>
    </Formik>
  );
}
