import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoginForm, RegisterForm } from '@/features/auth';

/**
 * Register or log in without leaving the add flow, with the account pages' own forms (shared schemas
 * and texts). On success the auth saga replaces the page with `addableFlowPage=addPatients`.
 */
export function AuthStep({ mode, onSwitch }: { mode: 'register' | 'login'; onSwitch(mode: 'register' | 'login'): void }) {
  const { t } = useTranslation('cartFlows');
  return (
    <Box sx={{ maxWidth: 520 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {mode === 'register' ? t('add.registerTitle') : t('add.loginTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {mode === 'register' ? t('add.registerText') : t('add.loginText')}
      </Typography>
      {mode === 'register' ? <RegisterForm onLogin={() => onSwitch('login')} /> : <LoginForm onRegister={() => onSwitch('register')} />}
    </Box>
  );
}
