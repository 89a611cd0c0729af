import { PageHead } from '@/components/PageHead';
import { useRouter } from 'next/router';
import { useEffect } from 'react';
import { Notice } from '@/components/Notice';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import NextLink from 'next/link';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { routes } from '@/lib/routes';
import { authErrorsCleared, loginPagePartSet } from '../authSlice';
import { AuthPaper } from '@/components/AuthPaper';
import dynamic from 'next/dynamic';
import { FormSkeleton } from './FormSkeleton';

/**
 * The form (formik and the password fields) is a chunk of its own, requested as the page mounts, so it
 * does not weigh on the page's first JavaScript.
 */
const loadNewPasswordForm = () => import('./NewPasswordForm').then((m) => m.NewPasswordForm);
const NewPasswordForm = dynamic(loadNewPasswordForm, { ssr: false, loading: () => <FormSkeleton rows={3} /> });

/** `/reset-password?token=...`: the link of the reset mail sets a new password, then offers login. */
export function NewPasswordPage() {
  const { t } = useTranslation('account');
  const router = useRouter();
  const dispatch = useAppDispatch();
  const status = useAppSelector((s) => s.auth.newPassword.status);
  const token = typeof router.query.token === 'string' ? router.query.token : '';

  useEffect(() => {
    void loadNewPasswordForm();
  }, []);
  useEffect(() => {
    dispatch(authErrorsCleared());
  }, [dispatch]);

  return (
    <>
      <PageHead title={t('newPassword.title')} />
      <AuthPaper title={t('newPassword.title')}>
        {router.isReady && !token && (
          <>
            <Notice severity="warning" sx={{ mt: 2 }}>
              {t('newPassword.noToken')}
            </Notice>
            <Button
              fullWidth
              variant="contained"
              sx={{ minHeight: 48, mt: 2 }}
              onClick={() => {
                dispatch(loginPagePartSet('resetPasswordForm'));
                void router.push(routes.login.path);
              }}
            >
              {t('newPassword.askAgain')}
            </Button>
          </>
        )}
        {token && status !== Status.SUCCESS && (
          <Box sx={{ mt: 1 }}>
            <NewPasswordForm token={token} />
          </Box>
        )}
        {status === Status.SUCCESS && (
          <>
            <Notice severity="success" sx={{ mt: 2 }} role="status">
              {t('newPassword.done')}
            </Notice>
            <Button component={NextLink} href={routes.login.path} fullWidth variant="contained" sx={{ minHeight: 48, mt: 2 }}>
              {t('newPassword.toLogin')}
            </Button>
          </>
        )}
      </AuthPaper>
    </>
  );
}
