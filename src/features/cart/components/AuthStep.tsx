import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Formik, Form } from 'formik';
import { object, string } from 'yup';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { loginRequested, registerRequested } from '@/features/auth/authSlice';

const registerSchema = object({
  firstName: string().trim().required('Enter the first name').max(100),
  lastName: string().trim().required('Enter the last name').max(100),
  email: string().trim().email('Enter a valid e-mail address').required('Enter a valid e-mail address'),
  password: string().min(8, 'At least 8 characters').required('At least 8 characters'),
});
const loginSchema = object({
  username: string().trim().required('Enter a valid e-mail address'),
  password: string().required('Enter the password'),
});

/**
 * Register or log in without leaving the add flow; the auth saga then switches the flow to
 * `addableFlowPage=addPatients`.
 */
export function AuthStep({ mode, onSwitch }: { mode: 'register' | 'login'; onSwitch(mode: 'register' | 'login'): void }) {
  const { t } = useTranslation('cart');
  const dispatch = useAppDispatch();
  const auth = useAppSelector((s) => s.auth);
  const busy = mode === 'register' ? auth.registerStatus === Status.LOADING : auth.loginStatus === Status.LOADING;
  const error =
    mode === 'register'
      ? auth.registerStatus === Status.ERROR && auth.registerError
        ? `${t(auth.registerError.message)}: ${t(auth.registerError.reason)}`
        : null
      : auth.loginStatus === Status.ERROR
        ? t(auth.loginError ?? 'Unknown error')
        : null;

  const field = (name: string, label: string, formik: { values: Record<string, string>; touched: Record<string, boolean | undefined>; errors: Record<string, string | undefined>; handleChange: React.ChangeEventHandler; handleBlur: React.FocusEventHandler }, type = 'text', autoComplete?: string) => {
    const err = formik.touched[name] && formik.errors[name];
    return (
      <TextField
        fullWidth
        id={`flow-${mode}-${name}`}
        name={name}
        type={type}
        label={label}
        autoComplete={autoComplete}
        value={formik.values[name] ?? ''}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={Boolean(err)}
        helperText={err ? t(err) : ' '}
      />
    );
  };

  return (
    <Box sx={{ maxWidth: 480 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {mode === 'register' ? t('add.registerTitle') : t('add.loginTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {mode === 'register' ? t('add.registerText') : t('add.loginText')}
      </Typography>
      {mode === 'register' ? (
        <Formik
          initialValues={{ firstName: '', lastName: '', email: '', password: '' }}
          validationSchema={registerSchema}
          onSubmit={(v) => {
            dispatch(registerRequested({ firstName: v.firstName.trim(), lastName: v.lastName.trim(), email: v.email.trim(), password: v.password }));
          }}
        >
          {(formik) => (
            <Form noValidate aria-label={t('add.registerTitle')}>
              {field('firstName', t('add.firstName'), formik, 'text', 'given-name')}
              {field('lastName', t('add.lastName'), formik, 'text', 'family-name')}
              {field('email', t('add.email'), formik, 'email', 'email')}
              {field('password', t('add.password'), formik, 'password', 'new-password')}
              {error && <Alert severity="error" role="alert" sx={{ mb: 2 }}>{error}</Alert>}
              <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ minHeight: 48 }}>
                {t('add.registerSubmit')}
              </Button>
            </Form>
          )}
        </Formik>
      ) : (
        <Formik initialValues={{ username: '', password: '' }} validationSchema={loginSchema} onSubmit={(v) => { dispatch(loginRequested({ username: v.username.trim(), password: v.password })); }}>
          {(formik) => (
            <Form noValidate aria-label={t('add.loginTitle')}>
              {field('username', t('add.email'), formik, 'email', 'username')}
              {field('password', t('add.password'), formik, 'password', 'current-password')}
              {error && <Alert severity="error" role="alert" sx={{ mb: 2 }}>{error}</Alert>}
              <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ minHeight: 48 }}>
                {t('add.loginSubmit')}
              </Button>
            </Form>
          )}
        </Formik>
      )}
      <Button onClick={() => onSwitch(mode === 'register' ? 'login' : 'register')} fullWidth sx={{ mt: 1, minHeight: 48 }}>
        {mode === 'register' ? t('add.haveAccount') : t('add.noAccount')}
      </Button>
    </Box>
  );
}
