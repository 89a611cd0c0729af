import { Form, Formik } from 'formik';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { FormTextField } from '@/components/formFields';
import { SubmitButton } from '@/components/SubmitButton';
import { confirmCodeSchema, confirmCodeVisitorSchema } from '@/lib/validation/formSchemas';
import { usePreloadedSchema } from '@/lib/validation/lazySchema';
import type { EmailConfirmationFlow } from '../accountApi';
import { emailConfirmationReset, emailConfirmationRequested } from '../accountSlice';

/**
 * The confirmation page opened without the link (e.g. the letter read on a phone): the 6-character
 * code from the letter, and for a visitor the address it was sent to.
 */
export function ConfirmByCodeForm({ flow, visitor }: { flow: EmailConfirmationFlow; visitor: boolean }) {
  const schema = visitor ? confirmCodeVisitorSchema : confirmCodeSchema;
  usePreloadedSchema(schema);
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const busy = useAppSelector((s) => s.account.confirm.status === Status.LOADING);
  return (
    <Formik
      initialValues={{ email: '', code: '' }}
      validate={schema.validate}
      onSubmit={(v) => {
        dispatch(emailConfirmationReset());
        dispatch(emailConfirmationRequested({ token: v.code.trim(), flow, ...(visitor ? { email: v.email.trim() } : {}) }));
      }}
    >
      <Form method="post" noValidate aria-label={t('confirmEmail.byCodeTitle')}>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('confirmEmail.byCode')}
        </Typography>
        {visitor && <FormTextField name="email" label={t('fields.email')} type="email" autoComplete="email" required slotProps={{ htmlInput: { inputMode: 'email' } }} />}
        <FormTextField
          name="code"
          label={t('confirmEmail.code')}
          autoComplete="one-time-code"
          required
          hint={t('confirmEmail.codeHint')}
          slotProps={{ htmlInput: { autoCapitalize: 'characters', maxLength: 12 } }}
        />
        <SubmitButton busy={busy}>{t('emailConfirmation.confirm')}</SubmitButton>
      </Form>
    </Formik>
  );
}
