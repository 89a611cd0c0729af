import { useEffect } from 'react';
import { Form, Formik, useField, useFormikContext } from 'formik';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { patientFormSchema } from '@/lib/validation/formSchemas';
import { usePreloadedSchema } from '@/lib/validation/lazySchema';
import { FormTextField, useMessage } from '@/components/formFields';
import { useFailureText } from '@/components/useFailureText';
import { PATIENT_SAVE_FAILURE } from '../patientFailure';
import { SubmitButton } from '@/components/SubmitButton';
import { Choice, ChoiceGroup } from '@/components/Choice';
import { formFieldErrors, type Patient } from '../patientMapping';
import type { Failure } from '@/lib/store/resource';
import { Notice } from '@/components/Notice';
import { NationalIdField } from './NationalIdField';
import { NeedsSection } from './NeedsSection';

function GenderField() {
  const { t } = useTranslation('account');
  const message = useMessage();
  const [field, meta] = useField<string>('gender');
  const showError = Boolean(meta.touched && meta.error);
  return (
    <ChoiceGroup row legend={t('patients.gender')} error={showError && meta.error ? message(meta.error) : undefined}>
      {(['F', 'M'] as const).map((value) => (
        <Choice
          key={value}
          type="radio"
          name={field.name}
          value={value}
          checked={field.value === value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          label={t(value === 'F' ? 'patients.female' : 'patients.male')}
        />
      ))}
    </ChoiceGroup>
  );
}

/** Puts the server's field errors of a failed save onto the fields. */
function ServerFieldErrors({ failure }: { failure: Failure | null }) {
  const { setErrors, setTouched, touched } = useFormikContext<Patient>();
  useEffect(() => {
    if (!failure) return;
    const fields = formFieldErrors(failure.fields);
    if (Object.keys(fields).length === 0) return;
    void setTouched({ ...touched, ...Object.fromEntries(Object.keys(fields).map((k) => [k, true])) }, false);
    setErrors(fields);
    // Only when the server answers again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failure]);
  return null;
}

export interface PatientFormProps {
  initial: Patient;
  onSubmit: (patient: Patient) => void;
  busy: boolean;
  /** The reason of a failed save (spec §4: status ERROR and the form says why). */
  failure: Failure | null;
  submitLabel: string;
}


/** First name, last name, gender and date of birth of a patient. */
export function PatientForm({ initial, onSubmit, busy, failure, submitLabel }: PatientFormProps) {
  usePreloadedSchema(patientFormSchema);
  const { t } = useTranslation('account');
  const failureText = useFailureText(failure, PATIENT_SAVE_FAILURE);
  return (
    <Formik<Patient>
      initialValues={initial}
      enableReinitialize
      validate={patientFormSchema.validate}
      onSubmit={(values) => {
        onSubmit({ ...values, firstName: values.firstName.trim(), lastName: values.lastName.trim() });
      }}
    >
      <Form method="post" noValidate aria-label={t('patients.formLabel')}>
        <ServerFieldErrors failure={failure} />
        {failure && (
          <Notice severity="error" role="alert" sx={{ mb: 1 }}>
            {t('patients.saveFailed')} {failureText}
          </Notice>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <FormTextField name="firstName" label={t('fields.firstName')} autoComplete="off" required />
          <FormTextField name="lastName" label={t('fields.lastName')} autoComplete="off" required />
        </Box>
        <GenderField />
        <FormTextField name="dateOfBirth" label={t('fields.dateOfBirth')} type="date" required slotProps={{ inputLabel: { shrink: true } }} sx={{ maxWidth: { sm: 320 } }} />
        <NationalIdField />
        <NeedsSection />
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
      </Form>
    </Formik>
  );
}
