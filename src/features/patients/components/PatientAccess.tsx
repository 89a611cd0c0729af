import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Tag } from '@/components/Tag';
import { useFailureText } from '@/components/useFailureText';
import { Status } from '@/lib/status';
import { useCall } from '@/lib/store/useCall';
import { lazyApi } from '@/lib/lazyApi';
import { ADULT_AGE, CO_DECIDE_AGE, ageOn } from '@/shared/household';
import type { PatientDto } from '@/shared/types/api';

const api = lazyApi(() => import('../patientsApi').then((m) => m.patientsApi));

const FAILURE = {
  codes: { invite_minor: 'account:patients.access.inviteMinor', invite_no_email: 'account:patients.access.inviteNoEmail', invite_own_address: 'account:patients.access.inviteOwn', record_claimed: 'account:patients.access.inviteClaimed' },
  fallback: 'account:patients.access.inviteFailed',
} as const;

const HAND_OVER_FAILURE = {
  codes: { invite_no_email: 'account:patients.access.handOverNoEmail', invite_own_address: 'account:patients.access.inviteOwn' },
  fallback: 'account:patients.access.handOverFailed',
} as const;

/**
 * A record's household consent on the patients page: who decides that the account reads its results
 * (the access tag), and for a patient of 16 or more who has not agreed, "Invite" (a mail to the
 * record's e-mail with a link to accept or refuse). For an adult whose results the account no longer
 * reads, "Hand over the record" invites them to take it, history included, to their own account.
 */
export function PatientAccess({ dto }: { dto: PatientDto }) {
  const { t } = useTranslation('account');
  const call = useCall(() => api.invite(dto.id));
  const failure = useFailureText(call.resource.error, FAILURE);
  const handOver = useCall(() => api.transferInvite(dto.id));
  const handOverFailure = useFailureText(handOver.resource.error, HAND_OVER_FAILURE);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [handedTo, setHandedTo] = useState<string | null>(null);
  const access = dto.access;
  if (!access || access === 'self') return null;
  const invitable = access !== 'consented' && ageOn(dto.personalDetails.dateOfBirth, new Date()) >= CO_DECIDE_AGE;
  const transferable = access !== 'consented' && access !== 'guardian' && ageOn(dto.personalDetails.dateOfBirth, new Date()) >= ADULT_AGE;
  const name = `${dto.personalDetails.firstName} ${dto.personalDetails.lastName}`;
  const send = async () => {
    if (await call.run()) setSentTo(dto.personalDetails.email ?? '');
  };
  const sendHandOver = async () => {
    if (await handOver.run()) setHandedTo(dto.personalDetails.email ?? '');
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 2, pb: 1.5 }}>
      <Tag label={t(`patients.access.${access}`)} />
      {invitable && (
        <Button size="small" variant="outlined" onClick={() => void send()} disabled={call.resource.status === Status.LOADING} sx={{ minHeight: 44 }} aria-label={t('patients.access.inviteFor', { name })}>
          {t('patients.access.invite')}
        </Button>
      )}
      {transferable && (
        <Button size="small" variant="outlined" onClick={() => void sendHandOver()} disabled={handOver.resource.status === Status.LOADING} sx={{ minHeight: 44 }} aria-label={t('patients.access.handOverFor', { name })}>
          {t('patients.access.handOver')}
        </Button>
      )}
      {handedTo !== null && handOver.resource.status === Status.SUCCESS && (
        <Box component="span" role="status" sx={{ typography: 'body2' }}>
          {t('patients.access.handOverSent', { email: handedTo })}
        </Box>
      )}
      {handOver.resource.status === Status.ERROR && (
        <Box component="span" role="alert" sx={{ typography: 'body2', color: 'error.main' }}>
          {handOverFailure}
        </Box>
      )}
      {sentTo !== null && call.resource.status === Status.SUCCESS && (
        <Box component="span" role="status" sx={{ typography: 'body2' }}>
          {t('patients.access.inviteSent', { email: sentTo })}
        </Box>
      )}
      {call.resource.status === Status.ERROR && (
        <Box component="span" role="alert" sx={{ typography: 'body2', color: 'error.main' }}>
          {failure}
        </Box>
      )}
    </Box>
  );
}
