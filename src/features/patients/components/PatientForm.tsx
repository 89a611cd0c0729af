import { useEffect } from 'react';
import { Form, Formik, useField, useFormikContext } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';
import { patientFormSchema } from '@/lib/validation/formSchemas';
import { usePreloadedSchema } from '@/lib/validation/lazySchema';
import { FormTextField, useMessage } from '@/components/formFields';
import { SubmitButton } from '@/components/SubmitButton';
import { formFieldErrors, type Patient } from '../patientMapping';
import type { Failure } from '@/lib/store/resource';

function GenderField() {
  const { t } = useTranslation('account');
  const message = useMessage();
  const [field, meta] = useField<string>('gender');
  const showError = Boolean(meta.touched && meta.error);
  return (
    <FormControl error={showError} margin="normal" component="fieldset" fullWidth>
      <FormLabel component="legend" id="patient-gender-label">
        {t('patients.gender')}
      </FormLabel>
      <RadioGroup row aria-labelledby="patient-gender-label" {...field}>
        <FormControlLabel value="F" control={<Radio />} label={t('patients.female')} sx={{ minHeight: 48, mr: 3 }} />
        <FormControlLabel value="M" control={<Radio />} label={t('patients.male')} sx={{ minHeight: 48 }} />
      </RadioGroup>
      {showError && meta.error && <FormHelperText>{message(meta.error)}</FormHelperText>}
    </FormControl>
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
  const message = useMessage();
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
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {t('patients.saveFailed')} {message(failure.message)}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <FormTextField name="firstName" label={t('fields.firstName')} autoComplete="off" required />
          <FormTextField name="lastName" label={t('fields.lastName')} autoComplete="off" required />
        </Box>
        <GenderField />
        <FormTextField name="dateOfBirth" label={t('fields.dateOfBirth')} type="date" required slotProps={{ inputLabel: { shrink: true } }} sx={{ maxWidth: { sm: 320 } }} />
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
      </Form>
    </Formik>
  );
}
