import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { TextInput } from '@/components/TextInput';
import { Choice } from '@/components/Choice';
import Typography from '@mui/material/Typography';
import PersonAddAltIcon from '@mui/icons-material/PersonAddAlt';
import { Formik, Form } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, ListSkeleton } from '@/components';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { newPatient, PATIENT_SAVE_FAILURE, patientFormOpened, patientSaveRequested, patientsRequested, type Patient } from '@/features/patients';
import { useFailureText } from '@/components/useFailureText';
import { patientFormSchema } from '@/lib/validation/formSchemas';
import { usePreloadedSchema } from '@/lib/validation/lazySchema';
import { useMessage } from '@/components/formFields';
import { Notice } from '@/components/Notice';

function NewPatientForm({ onDone }: { onDone(): void }) {
  usePreloadedSchema(patientFormSchema);
  // The save failure's texts are the patient form's (account namespace).
  const { t } = useTranslation(['cartFlows', 'account']);
  const dispatch = useAppDispatch();
  const message = useMessage();
  const { status: patientCreateStatus, error: patientCreateError } = useAppSelector((s) => s.patients.save);
  const patientCreateFailure = useFailureText(patientCreateError, PATIENT_SAVE_FAILURE);
  // A fresh form: a save of another page is not this one.
  useEffect(() => {
    dispatch(patientFormOpened());
  }, [dispatch]);
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('add.newPatient')}
      </Typography>
      <Formik<Patient>
        initialValues={newPatient()}
        validate={patientFormSchema.validate}
        onSubmit={(values) => {
          dispatch(patientSaveRequested({ patient: values, stay: true }));
        }}
      >
        {(formik) => {
          const err = (name: keyof Patient) => (formik.touched[name] && formik.errors[name] ? message(String(formik.errors[name])) : ' ');
          return (
            <Form method="post" noValidate aria-label={t('add.newPatient')}>
              <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, '& > .wide': { gridColumn: { xs: '1 / -1', sm: 'auto' } } }}>
                <div className="wide">
                  <TextInput fullWidth id="new-patient-firstName" name="firstName" label={t('add.firstName')} value={formik.values.firstName} onChange={formik.handleChange} onBlur={formik.handleBlur} error={err('firstName') !== ' '} helperText={err('firstName')} />
                </div>
                <div className="wide">
                  <TextInput fullWidth id="new-patient-lastName" name="lastName" label={t('add.lastName')} value={formik.values.lastName} onChange={formik.handleChange} onBlur={formik.handleBlur} error={err('lastName') !== ' '} helperText={err('lastName')} />
                </div>
                <div>
                  <TextInput fullWidth select required id="new-patient-gender" name="gender" label={t('add.gender')} value={formik.values.gender} onChange={formik.handleChange} onBlur={formik.handleBlur} error={err('gender') !== ' '} helperText={err('gender')}>
                    {/* Nothing chosen until the user chooses. */}
                    <option value="" disabled>
                      {t('add.chooseGender')}
                    </option>
                    <option value="F">{t('add.female')}</option>
                    <option value="M">{t('add.male')}</option>
                  </TextInput>
                </div>
                <div>
                  <TextInput fullWidth required type="date" id="new-patient-dateOfBirth" name="dateOfBirth" label={t('add.dateOfBirth')} value={formik.values.dateOfBirth} onChange={formik.handleChange} onBlur={formik.handleBlur} error={err('dateOfBirth') !== ' '} helperText={err('dateOfBirth')} slotProps={{ inputLabel: { shrink: true } }} />
                </div>
              </Box>
              {patientCreateStatus === Status.ERROR && patientCreateError && (
                <Notice severity="error" role="alert" sx={{ mb: 1 }}>{patientCreateFailure}</Notice>
              )}
              <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
                <Button onClick={onDone} sx={{ minHeight: 48 }}>{t('add.cancel')}</Button>
                <Button type="submit" variant="contained" disabled={patientCreateStatus === Status.LOADING} sx={{ minHeight: 48 }}>
                  {t('add.savePatient')}
                </Button>
              </Box>
            </Form>
          );
        }}
      </Formik>
    </Paper>
  );
}

/** Pick existing patients (or create new ones inline) and add for all of them at once. */
export function PatientsStep({ busy, onAdd }: { busy: boolean; onAdd(patientIds: number[]): void }) {
  const { t } = useTranslation('cartFlows');
  const dispatch = useAppDispatch();
  const { status: patientsStatus, data: patients } = useAppSelector((s) => s.patients.list);
  // The patient saved last (the form here creates one): the add flow selects it.
  const createdPatientId = useAppSelector((s) => (s.patients.save.status === Status.SUCCESS ? (s.patients.current.data?.id ?? null) : null));
  const [selected, setSelected] = useState<number[]>([]);
  const [formOpen, setCreating] = useState<boolean | null>(null);
  // Without patients the form is open from the start.
  const creating = formOpen ?? (patientsStatus === Status.SUCCESS && patients.length === 0);
  // A patient created here is selected and the form closes (the form itself may already be gone:
  // it was open only because the list was empty).
  const [seenCreatedId, setSeenCreatedId] = useState(createdPatientId);
  if (createdPatientId !== null && createdPatientId !== seenCreatedId) {
    setSeenCreatedId(createdPatientId);
    setSelected((s) => (s.includes(createdPatientId) ? s : [...s, createdPatientId]));
    setCreating(false);
  }

  // Asked for when not loaded: on arrival, for a new session, and again when a load was cancelled before it answered.
  const isLoggedIn = useAppSelector((s) => s.auth.isLoggedIn);
  const needsLoad = patientsStatus === Status.INITIAL;
  useEffect(() => {
    if (isLoggedIn && needsLoad) dispatch(patientsRequested());
  }, [dispatch, isLoggedIn, needsLoad]);

  if (patientsStatus === Status.LOADING || patientsStatus === Status.INITIAL) return <ListSkeleton rows={2} />;
  if (patientsStatus === Status.ERROR) return <ErrorState onRetry={() => dispatch(patientsRequested())} />;
  return (
    <Box>
      <Typography variant="h6" component="h2" id="flow-patients-label">
        {t('add.whoFor')}
      </Typography>
      {patients.length === 0 ? (
        <Typography color="text.secondary">{t('add.noPatients')}</Typography>
      ) : (
        <Box role="group" aria-labelledby="flow-patients-label" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
          {patients.map((p) => (
            <Choice
              key={p.id}
              type="checkbox"
              checked={selected.includes(p.id)}
              onChange={(e) => setSelected((s) => (e.target.checked ? [...s, p.id] : s.filter((x) => x !== p.id)))}
              label={`${p.personalDetails.firstName} ${p.personalDetails.lastName}`}
            />
          ))}
        </Box>
      )}
      {creating ? (
        <NewPatientForm onDone={() => setCreating(false)} />
      ) : (
        <Button startIcon={<PersonAddAltIcon />} onClick={() => setCreating(true)} sx={{ minHeight: 48, mt: 1 }}>
          {t('add.addPatient')}
        </Button>
      )}
      <Button
        variant="contained"
        size="large"
        fullWidth
        disabled={busy || selected.length === 0}
        onClick={() => onAdd(selected)}
        sx={{ minHeight: 48, mt: 3 }}
      >
        {selected.length ? t('add.addFor', { count: selected.length }) : t('add.choosePatients')}
      </Button>
    </Box>
  );
}
