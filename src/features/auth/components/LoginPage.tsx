import { PageHead } from '@/components/PageHead';
import { Notice } from '@/components/Notice';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import NextLink from 'next/link';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { routes } from '@/lib/routes';
import { loginPagePartSet } from '../authSlice';
import { useSession } from '../useSession';
import { AuthPaper } from '@/components/AuthPaper';
import { LoginForm } from './LoginForm';
import dynamic from 'next/dynamic';
import { FormSkeleton } from './FormSkeleton';

/**
 * The password reset form shows only after "Forgot password?": a chunk of its own, requested as the
 * page mounts, so it does not weigh on the page's first JavaScript.
 */
const loadResetPasswordForm = () => import('./ResetPasswordForm').then((m) => m.ResetPasswordForm);
const ResetPasswordForm = dynamic(loadResetPasswordForm, { ssr: false, loading: () => <FormSkeleton rows={2} /> });

/** The login page (paper style) with its parts loginForm, resetPasswordForm, resetPasswordSuccess (spec §2). */
export function LoginPage() {
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const part = useAppSelector((s) => s.auth.loginPagePart);
  const session = useSession();

  useEffect(() => {
    void loadResetPasswordForm();
  }, []);
  // Every visit starts at the login form.
  useEffect(() => {
    dispatch(loginPagePartSet('loginForm'));
  }, [dispatch]);

  const title = part === 'loginForm' ? t('login.title') : t('reset.title');
  return (
    <>
      <PageHead title={title} description={t('login.description')} />
      <AuthPaper title={title} subtitle={part === 'loginForm' ? t('login.subtitle') : undefined}>
        {session === 'user' && part === 'loginForm' && (
          <Notice severity="info" sx={{ mt: 2 }}>
            {t('login.already')}
          </Notice>
        )}
        <Box sx={{ mt: 1 }}>
          {part === 'loginForm' && (
            <LoginForm onForgotPassword={() => dispatch(loginPagePartSet('resetPasswordForm'))} />
          )}
          {part === 'resetPasswordForm' && <ResetPasswordForm onBack={() => dispatch(loginPagePartSet('loginForm'))} />}
          {part === 'resetPasswordSuccess' && (
            <Box role="status" sx={{ textAlign: 'center', py: 2 }}>
              <MarkEmailReadOutlined color="primary" sx={{ fontSize: 56 }} aria-hidden />
              <Typography variant="h6" component="p" sx={{ mt: 1 }}>
                {t('reset.sentTitle')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('reset.sentText')}
              </Typography>
              <Button variant="contained" fullWidth sx={{ minHeight: 48, mt: 3 }} onClick={() => dispatch(loginPagePartSet('loginForm'))}>
                {t('reset.backToLogin')}
              </Button>
            </Box>
          )}
        </Box>
        {part === 'loginForm' && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2, textAlign: 'center' }}>
            {t('login.noAccount')}{' '}
            <NextLink href={routes.register.path} style={{ color: 'inherit', fontWeight: 600 }}>
              {t('login.toRegister')}
            </NextLink>
          </Typography>
        )}
      </AuthPaper>
    </>
  );
}
