import { useEffect } from 'react';
import { Form, Formik } from 'formik';
import { Notice } from '@/components/Notice';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { loginFormSchema } from '@/lib/validation/formSchemas';
import { usePreloadedSchema } from '@/lib/validation/lazySchema';
import { authErrorsCleared, loginRequested } from '../authSlice';
import { FormTextField, PasswordField } from '@/components/formFields';
import { useFailureText, type FailureTexts } from '@/components/useFailureText';
import { SubmitButton } from '@/components/SubmitButton';

export interface LoginFormProps {
  /** Shows "Forgot password?" (the login page's reset part). */
  onForgotPassword?: () => void;
  /** Shows "Create an account". */
  onRegister?: () => void;
}

/** Wrong credentials, too many attempts, or else 'Unknown error'. */
const LOGIN_FAILURE: FailureTexts = {
  codes: { unauthorized: 'account:failure.wrongCredentials', rate_limited: 'account:failure.tooManyAttempts' },
  fallback: 'account:failure.unknown',
};

/**
 * E-mail and password. Success stores the token, loads the user and moves on (auth saga); a failure
 * shows its reason above the fields.
 */
export function LoginForm({ onForgotPassword, onRegister }: LoginFormProps) {
  usePreloadedSchema(loginFormSchema);
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const { status, error } = useAppSelector((s) => s.auth.login);
  const errorText = useFailureText(error, LOGIN_FAILURE);
  const busy = status === Status.LOADING;

  useEffect(() => {
    dispatch(authErrorsCleared());
  }, [dispatch]);

  return (
    <Formik
      initialValues={{ username: '', password: '' }}
      validate={loginFormSchema.validate}
      onSubmit={(values) => {
        dispatch(loginRequested({ username: values.username.trim(), password: values.password }));
      }}
    >
      <Form method="post" noValidate aria-label={t('login.title')}>
        {error && (
          <Notice severity="error" role="alert" sx={{ mb: 1 }}>
            {errorText}
          </Notice>
        )}
        <FormTextField name="username" label={t('fields.email')} type="email" autoComplete="email" required slotProps={{ htmlInput: { inputMode: 'email' } }} />
        <PasswordField name="password" label={t('fields.password')} autoComplete="current-password" required />
        <SubmitButton busy={busy}>{t('login.submit')}</SubmitButton>
        {(onForgotPassword || onRegister) && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, mt: 1 }}>
            {onForgotPassword && (
              <Button onClick={onForgotPassword} sx={{ minHeight: 48 }}>
                {t('login.forgot')}
              </Button>
            )}
            {onRegister && (
              <Button onClick={onRegister} sx={{ minHeight: 48 }}>
                {t('login.toRegister')}
              </Button>
            )}
          </Box>
        )}
      </Form>
    </Formik>
  );
}
