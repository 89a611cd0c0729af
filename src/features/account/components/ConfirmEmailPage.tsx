import { PageHead } from '@/components/PageHead';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import { useEffect, useRef, useState } from 'react';
import { Notice } from '@/components/Notice';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { routes } from '@/lib/routes';
import { readStorage } from '@/shared/storage';
import { useSession } from '@/features/auth';
import { AuthPaper } from '@/components/AuthPaper';
import { useFailureText } from '@/components/useFailureText';
import { CONFIRMATION_FAILURE } from './confirmationFailure';
import { ConfirmByCodeForm } from './ConfirmByCodeForm';
import type { EmailConfirmationFlow } from '../accountApi';
import { emailConfirmationReset, emailConfirmationRequested } from '../accountSlice';
import { useStatusChange } from '@/lib/store/useStatusChange';

/**
 * `/confirm-email?token=...`: the link of the confirmation mail; opened without it, a form takes the
 * letter's 6-character code instead. Confirms the e-mail when opened and
 * lands the user where they were: settings, or data confirmed in the order flow (remembered in this
 * browser when the letter was asked for; `&returnTo=order` of older letters still works).
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation('account');
  const router = useRouter();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const session = useSession();
  const { status: confirmStatus, error: confirmError } = useAppSelector((s) => s.account.confirm);
  const confirmText = useFailureText(confirmError, CONFIRMATION_FAILURE);
  const token = typeof router.query.token === 'string' ? router.query.token : '';
  // The flow comes from this browser (where the letter was asked for); links of older letters name it.
  const [storedFlow] = useState(() => readStorage('emailConfirmationFlow'));
  const flow: EmailConfirmationFlow = router.query.returnTo === 'order' || (router.query.returnTo === undefined && storedFlow === 'order') ? 'order' : 'settings';
  const started = useRef(false);

  useEffect(() => {
    // Wait until the session is known, so the user data is refreshed for a logged-in user.
    if (!router.isReady || !token || started.current || session === 'unknown') return;
    started.current = true;
    dispatch(emailConfirmationReset());
    dispatch(emailConfirmationRequested({ token, flow }));
  }, [router.isReady, token, flow, session, dispatch]);

  useStatusChange(confirmStatus, {
    onSuccess: () => {
      if (flow === 'settings' && session === 'user') {
        toast.success(t('confirmEmail.done'));
        void router.replace(routes.settings.path);
      }
    },
  });

  return (
    <>
      <PageHead title={t('confirmEmail.title')} />
      <AuthPaper title={t('confirmEmail.title')}>
        {router.isReady && !token && session !== 'unknown' && confirmStatus !== Status.SUCCESS && <ConfirmByCodeForm flow={flow} visitor={session !== 'user'} />}
        {token && confirmStatus !== Status.ERROR && confirmStatus !== Status.SUCCESS && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 3 }}>
            <CircularProgress size={28} aria-hidden />
            <Typography>{t('confirmEmail.working')}</Typography>
          </Box>
        )}
        {confirmStatus === Status.SUCCESS && (
          <>
            <Notice severity="success" role="status" sx={{ mt: 2 }}>
              {t('confirmEmail.done')}
            </Notice>
            {session === 'visitor' && (
              <Button component={NextLink} href={routes.login.path} variant="contained" fullWidth sx={{ minHeight: 48, mt: 2 }}>
                {t('login.submit')}
              </Button>
            )}
          </>
        )}
        {confirmStatus === Status.ERROR && (
          <>
            <Notice severity="error" role="alert" sx={{ mt: 2 }}>
              {confirmText}
            </Notice>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {t('confirmEmail.askAgain')}
            </Typography>
            <Button
              component={NextLink}
              href={session === 'user' ? routes.settings.path : routes.login.path}
              variant="contained"
              fullWidth
              sx={{ minHeight: 48, mt: 2 }}
            >
              {session === 'user' ? t('settings.title') : t('login.submit')}
            </Button>
          </>
        )}
      </AuthPaper>
    </>
  );
}
