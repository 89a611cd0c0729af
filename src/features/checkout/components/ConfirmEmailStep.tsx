import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextInput } from '@/components/TextInput';
import Typography from '@mui/material/Typography';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import { useRouter } from 'next/router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton, PageContainer } from '@/components';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { routes } from '@/lib/routes';
import { Status } from '@/lib/status';
import { CheckoutStepper } from '@/components/CheckoutStepper';
import { useCheckoutGuard } from './useCheckoutGuard';
import { selectCurrentUser } from '@/features/auth';
import { CONFIRMATION_FAILURE, confirmationLetterRequested, emailConfirmationReset, emailConfirmationRequested } from '@/features/account';
import { useFailureText, type FailureTexts } from '@/components/useFailureText';
import { Notice } from '@/components/Notice';
import { PageHead } from '@/components/PageHead';

/** The letter of the order's confirmation step could not be sent: too many letters asked for, or a general failure. */
const LETTER_FAILURE: FailureTexts = { codes: { rate_limited: 'common:failure.rateLimited' }, fallback: 'cartFlows:confirmEmail.sendFailed' };

/**
 * `/order/confirm-email`: send the confirmation letter, then enter its token or follow its link. The
 * account's e-mail confirmation in its order flow: already confirmed or confirmed goes on to data confirmed.
 */
export function ConfirmEmailStep() {
  const { t } = useTranslation('cartFlows');
  const dispatch = useAppDispatch();
  const router = useRouter();
  const { ready } = useCheckoutGuard();
  const user = useAppSelector(selectCurrentUser);
  const { status: letterStatus, error: letterError } = useAppSelector((s) => s.account.letter);
  const { status: confirmStatus, error: confirmError } = useAppSelector((s) => s.account.confirm);
  const letterText = useFailureText(letterError, LETTER_FAILURE);
  const confirmText = useFailureText(confirmError, CONFIRMATION_FAILURE);
  const [token, setToken] = useState('');

  // A confirmation begun elsewhere (the settings) is not this one.
  useEffect(() => {
    dispatch(emailConfirmationReset());
  }, [dispatch]);

  useEffect(() => {
    if (ready && user?.emailConfirmed) void router.replace(routes.dataConfirmed.path);
  }, [ready, user?.emailConfirmed, router]);

  return (
    <PageContainer title={t('confirmEmail.title')} maxWidth="sm">
      <PageHead title={t('confirmEmail.pageTitle')} complete />
      <CheckoutStepper active="confirm" />
      {!ready ? (
        <ListSkeleton rows={2} />
      ) : (
        <>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 2 }}>
            <MarkEmailUnreadOutlinedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
            <Typography>{t('confirmEmail.text', { email: user?.email ?? '' })}</Typography>
          </Box>
          <Button
            variant={letterStatus === Status.SUCCESS ? 'outlined' : 'contained'}
            size="large"
            fullWidth
            disabled={letterStatus === Status.LOADING}
            onClick={() => dispatch(confirmationLetterRequested({ flow: 'order' }))}
            sx={{ minHeight: 48 }}
          >
            {letterStatus === Status.SUCCESS ? t('confirmEmail.sendAgain') : t('confirmEmail.send')}
          </Button>
          {letterStatus === Status.SUCCESS && (
            <Notice severity="success" role="status" sx={{ mt: 2 }}>
              {t('confirmEmail.sent', { email: user?.email ?? '' })}
            </Notice>
          )}
          {letterStatus === Status.ERROR && (
            <Notice severity="error" role="alert" sx={{ mt: 2 }}>
              {letterText}
            </Notice>
          )}
          <Box
            component="form"
            noValidate
            aria-label={t('confirmEmail.tokenForm')}
            onSubmit={(e) => {
              e.preventDefault();
              if (token.trim()) dispatch(emailConfirmationRequested({ token: token.trim(), flow: 'order' }));
            }}
            sx={{ mt: 4 }}
          >
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              {t('confirmEmail.haveToken')}
            </Typography>
            <TextInput
              fullWidth
              id="confirm-token"
              label={t('confirmEmail.token')}
              value={token}
              onChange={(e) => setToken(e.target.value)}
              autoComplete="one-time-code"
              error={confirmStatus === Status.ERROR}
              helperText={confirmStatus === Status.ERROR && confirmError ? confirmText : ' '}
            />
            <Button type="submit" variant="contained" size="large" fullWidth disabled={!token.trim() || confirmStatus === Status.LOADING} sx={{ minHeight: 48, mt: 1 }}>
              {t('confirmEmail.confirm')}
            </Button>
          </Box>
        </>
      )}
    </PageContainer>
  );
}
