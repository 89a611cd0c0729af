import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { authModalClosed, authModalModeSet, type AuthModalMode } from '../authSlice';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

/** The login or register form with a switch between them (spec §2 auth modal modes). */
export function AuthPanel({ mode, onModeChange }: { mode: AuthModalMode; onModeChange: (mode: AuthModalMode) => void }) {
  return mode === 'register' ? <RegisterForm onLogin={() => onModeChange('login')} /> : <LoginForm onRegister={() => onModeChange('register')} />;
}

/**
 * The auth modal, opened with `authModalOpened('register' | 'login')`. Logging in closes it; after a
 * successful register the mode becomes `login` and the user is logged in (auth saga).
 */
export function AuthModal() {
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.auth.modalOpen && !s.auth.isLoggedIn);
  const mode = useAppSelector((s) => s.auth.modalMode);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const id = useId();
  return (
    <Dialog open={open} onClose={() => dispatch(authModalClosed())} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`} sx={{ pr: 7 }}>
        {mode === 'register' ? t('register.title') : t('login.title')}
        <IconButton aria-label={t('close')} onClick={() => dispatch(authModalClosed())} sx={{ position: 'absolute', right: 4, top: 4, width: 48, height: 48 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <AuthPanel mode={mode} onModeChange={(m) => dispatch(authModalModeSet(m))} />
      </DialogContent>
    </Dialog>
  );
}
