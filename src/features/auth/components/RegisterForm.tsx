import { useEffect, useState } from 'react';
import { Form, Formik, useFormikContext } from 'formik';
import { Notice } from '@/components/Notice';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import type { RegisterFormValues } from '@/lib/validation/forms';
import { registerFormSchema } from '@/lib/validation/formSchemas';
import { usePreloadedSchema } from '@/lib/validation/lazySchema';
import type { RegisterRequest } from '../authApi';
import { authErrorsCleared, registerRequested, selectRegisterFieldMarks } from '../authSlice';
import { FormTextField, PasswordField } from '@/components/formFields';
import { useFailureText, type FailureTexts } from '@/components/useFailureText';
import { SubmitButton } from '@/components/SubmitButton';
import { useToast } from '@/components/Toast';
import { useStatusChange } from '@/lib/store/useStatusChange';
import { TermsConsentField } from './TermsConsentField';

const initialValues: RegisterFormValues = { email: '', password: '', firstName: '', lastName: '', phone: '', dateOfBirth: '', acceptTerms: false };

/** Marks the fields the server named (e.g. the e-mail of an existing user) on the form. */
function ServerFieldErrors() {
  const fields = useAppSelector(selectRegisterFieldMarks);
  const { setErrors, setTouched, touched } = useFormikContext<RegisterFormValues>();
  useEffect(() => {
    if (Object.keys(fields).length === 0) return;
    void setTouched({ ...touched, ...Object.fromEntries(Object.keys(fields).map((k) => [k, true])) }, false);
    setErrors(fields);
    // Only when the server answers again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fields]);
  return null;
}

export function toRegisterRequest(values: RegisterFormValues): RegisterRequest {
  const body: RegisterRequest = {
    email: values.email.trim(),
    password: values.password,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
  };
  if (values.phone.trim()) body.phone = values.phone.trim();
  if (values.dateOfBirth) body.dateOfBirth = values.dateOfBirth;
  if (values.acceptTerms) body.acceptTerms = true;
  return body;
}

export interface RegisterFormProps {
  /** Shows "I already have an account". */
  onLogin?: () => void;
}

const SUCH_USER_EXISTS = 'account:failure.suchUserExists';

/**
 * The line under the spec's title ("Duplicating fields found"): what is actually wrong. A 400 about
 * the password (leaked, too weak) says so; any other 400 is the spec's "Such user exists".
 */
const REGISTER_REASON: FailureTexts = {
  field: ({ password }) => password,
  codes: {
    bad_request: SUCH_USER_EXISTS,
    validation_failed: SUCH_USER_EXISTS,
    user_exists: SUCH_USER_EXISTS,
    rate_limited: 'account:failure.tooManyAttempts',
    unauthorized: 'common:failure.unauthorized',
    internal: 'common:failure.internal',
  },
  fallback: 'account:failure.unknown',
};

/**
 * A new account, with the required consent to the terms and the privacy notice. Success logs the user
 * in (auth saga) and says to check the mailbox for the confirmation letter; any failure says 'Duplicating fields found'
 * and an existing e-mail is marked on its field.
 */
export function RegisterForm({ onLogin }: RegisterFormProps) {
  usePreloadedSchema(registerFormSchema);
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const { status, error } = useAppSelector((s) => s.auth.register);
  const errorTitle = useFailureText(error, { fallback: 'account:failure.duplicatingFields' });
  const reason = useFailureText(error, REGISTER_REASON);
  const busy = status === Status.LOADING;
  const toast = useToast();
  const [sentTo, setSentTo] = useState('');
  // The account is made and the confirmation letter is on its way: say where to look.
  useStatusChange(status, { onSuccess: () => toast.show(t('register.checkEmail', { email: sentTo }), 'info') });

  useEffect(() => {
    dispatch(authErrorsCleared());
  }, [dispatch]);

  return (
    <Formik initialValues={initialValues} validate={registerFormSchema.validate} onSubmit={(values) => {
        const request = toRegisterRequest(values);
        setSentTo(request.email);
        dispatch(registerRequested(request));
      }}>
      <Form method="post" noValidate aria-label={t('register.title')}>
        <ServerFieldErrors />
        {error && (
          <Notice severity="error" role="alert" sx={{ mb: 1 }} title={errorTitle}>
            {reason}
          </Notice>
        )}
        <FormTextField name="email" label={t('fields.email')} type="email" autoComplete="email" required slotProps={{ htmlInput: { inputMode: 'email' } }} />
        <PasswordField name="password" label={t('fields.password')} autoComplete="new-password" required withStrength hint={t('password.rule')} />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <FormTextField name="firstName" label={t('fields.firstName')} autoComplete="given-name" required />
          <FormTextField name="lastName" label={t('fields.lastName')} autoComplete="family-name" required />
          <FormTextField
            name="phone"
            label={t('fields.phoneOptional')}
            type="tel"
            autoComplete="tel"
            hint={t('fields.phoneHint')}
            slotProps={{ htmlInput: { inputMode: 'tel' } }}
          />
          <FormTextField
            name="dateOfBirth"
            label={t('fields.dateOfBirthOptional')}
            type="date"
            autoComplete="bday"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        <TermsConsentField />
        <SubmitButton busy={busy}>{t('register.submit')}</SubmitButton>
        {onLogin && (
          <Box sx={{ textAlign: 'center', mt: 1 }}>
            <Button onClick={onLogin} sx={{ minHeight: 48 }}>
              {t('register.toLogin')}
            </Button>
          </Box>
        )}
      </Form>
    </Formik>
  );
}
