import { PageHead } from '@/components/PageHead';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AuthPaper } from '@/components/AuthPaper';
import { Notice } from '@/components/Notice';
import { useFailureText } from '@/components/useFailureText';
import { routes } from '@/lib/routes';
import { Status } from '@/lib/status';
import { useCall } from '@/lib/store/useCall';
import { useAccountAction, useSession } from '@/features/auth';
import { householdApi } from '../lazyHouseholdApi';

const FAILURE = {
  codes: { invite_other_address: 'account:household.invite.otherAddress', invite_invalid: 'account:household.invite.invalid', record_claimed: 'account:household.invite.claimed', own_record_exists: 'account:household.invite.ownRecordExists', not_found: 'account:household.invite.invalid', gone: 'account:household.invite.invalid' },
  fallback: 'account:household.invite.failed',
} as const;

/**
 * `/patient-invite?token=...`: the link of a household invite. The invited person, signed in with
 * the invited address (or after signing in or registering in the auth modal), agrees that the
 * inviting account reads their results, or refuses. With `kind=transfer` (record transfer at 18) the
 * now-adult takes the record, with its history, to their own account, or declines.
 */
export function InviteAnswerPage() {
  const { t } = useTranslation('account');
  const router = useRouter();
  const session = useSession();
  const needAccount = useAccountAction();
  const token = typeof router.query.token === 'string' ? router.query.token : '';
  const transfer = router.query.kind === 'transfer';
  const title = transfer ? t('account:household.invite.transferTitle') : t('account:household.invite.title');
  const call = useCall((answer: 'accept' | 'refuse') => householdApi.answerInvite(token, answer));
  const failure = useFailureText(call.resource.error, FAILURE);
  const busy = call.resource.status === Status.LOADING;
  const done = call.resource.status === Status.SUCCESS ? call.resource.data?.access : null;

  return (
    <>
      <PageHead title={title} />
      <AuthPaper title={title}>
        {router.isReady && !token && (
          <Notice severity="warning" sx={{ mt: 2 }}>
            {t('account:household.invite.invalid')}
          </Notice>
        )}
        {token && !done && (
          <>
            <Typography sx={{ mt: 2 }}>{transfer ? t('account:household.invite.transferText') : t('account:household.invite.text')}</Typography>
            {!transfer && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('account:household.invite.withdrawLater')}
              </Typography>
            )}
            {session === 'visitor' && (
              <>
                <Typography sx={{ mt: 2 }}>{t('account:household.invite.signIn')}</Typography>
                <Button component={NextLink} href={routes.login.path} onClick={needAccount(router.asPath)} variant="contained" fullWidth sx={{ minHeight: 48, mt: 2 }}>
                  {t('account:household.invite.signInButton')}
                </Button>
              </>
            )}
            {session === 'user' && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3 }}>
                <Button variant="contained" onClick={() => void call.run('accept')} disabled={busy} sx={{ minHeight: 48, flex: 1 }}>
                  {transfer ? t('account:household.invite.transferAccept') : t('account:household.invite.accept')}
                </Button>
                <Button variant="outlined" onClick={() => void call.run('refuse')} disabled={busy} sx={{ minHeight: 48, flex: 1 }}>
                  {transfer ? t('account:household.invite.transferDecline') : t('account:household.invite.refuse')}
                </Button>
              </Box>
            )}
          </>
        )}
        {call.resource.status === Status.ERROR && (
          <Notice severity="error" role="alert" sx={{ mt: 2 }}>
            {failure}
          </Notice>
        )}
        {done && (
          <>
            <Notice severity="success" role="status" sx={{ mt: 2 }}>
              {done === 'self' ? t('account:household.invite.transferred') : done === 'consented' ? t('account:household.invite.accepted') : transfer ? t('account:household.invite.transferDeclined') : t('account:household.invite.refused')}
            </Notice>
            {done !== 'self' && (
              <Button component={NextLink} href={`${routes.settings.path}#settings-record-access`} variant="outlined" fullWidth sx={{ minHeight: 48, mt: 2 }}>
                {t('household.title')}
              </Button>
            )}
          </>
        )}
      </AuthPaper>
    </>
  );
}
