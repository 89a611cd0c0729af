import { Form, Formik } from 'formik';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import type { CurrentUser } from '@/features/auth';
import { FormTextField, useMessage } from '@/components/formFields';
import { SubmitButton } from '@/components/SubmitButton';
import { ACCOUNT_MESSAGES } from '../accountMessages';
import { profileUpdateRequested } from '../accountSlice';
import { profileSchema } from '@/lib/validation/formSchemas';
import { usePreloadedSchema } from '@/lib/validation/lazySchema';
import { useStatusChange } from '@/lib/store/useStatusChange';

/** Settings, "Profile": first and last name, phone and date of birth. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  usePreloadedSchema(profileSchema);
  const { t } = useTranslation('account');
  const message = useMessage();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const status = useAppSelector((s) => s.account.profile.status);
  useStatusChange(status, {
    onSuccess: () => toast.success(message(ACCOUNT_MESSAGES.profileUpdated)),
    onError: () => toast.error(message(ACCOUNT_MESSAGES.errorOccurred)),
  });
  const initial = { firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '', dateOfBirth: user.dateOfBirth?.slice(0, 10) ?? '' };
  return (
    <Formik
      initialValues={initial}
      enableReinitialize
      validate={profileSchema.validate}
      onSubmit={(v) => {
        dispatch(
          profileUpdateRequested({
            id: user.id,
            body: { firstName: v.firstName.trim(), lastName: v.lastName.trim(), phone: v.phone.trim() || null, dateOfBirth: v.dateOfBirth || null },
          }),
        );
      }}
    >
      <Form method="post" noValidate aria-label={t('settings.profile')}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <FormTextField name="firstName" label={t('fields.firstName')} autoComplete="given-name" required />
          <FormTextField name="lastName" label={t('fields.lastName')} autoComplete="family-name" required />
          <FormTextField name="phone" label={t('fields.phoneOptional')} type="tel" autoComplete="tel" hint={t('fields.phoneHint')} slotProps={{ htmlInput: { inputMode: 'tel' } }} />
          <FormTextField name="dateOfBirth" label={t('fields.dateOfBirthOptional')} type="date" autoComplete="bday" slotProps={{ inputLabel: { shrink: true } }} />
        </Box>
        <Box sx={{ maxWidth: { sm: 280 } }}>
          <SubmitButton busy={status === Status.LOADING}>{t('settings.save')}</SubmitButton>
        </Box>
      </Form>
    </Formik>
  );
}
