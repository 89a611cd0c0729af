import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { TextInput } from '@/components/TextInput';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/useLanguage';
import { formatDateTime } from '@/lib/format';
import type { StaffMemberDto, StaffOrderDetailDto } from '@/shared/types/results';
import { useAppDispatch } from '@/store/hooks';
import { staffOrderReceived } from '../staffSlice';
import { staffApi } from '../lazyStaffApi';
import { Notice } from '@/components/Notice';
import { useFailureText } from '@/components/useFailureText';
import { STAFF_FAILURES } from '../staffFailures';
import { Status } from '@/lib/status';
import { useCall } from '@/lib/store/useCall';
import { useFitText } from '@/features/nurse';

const NONE = 'none';

/** The nurse making the order's visit: choose one of the laboratory's nurses, and see "not at home" notes. */
export function AssignNurse({ order }: { order: StaffOrderDetailDto }) {
  const { t } = useTranslation('staff');
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const nurseList = useCall(() => staffApi.nurses(order.id));
  const fitText = useFitText();
  const assign = useCall(async (nurseId: number | null) => dispatch(staffOrderReceived(await staffApi.assignNurse(order.id, nurseId))));
  const [chosen, setChosen] = useState<string>(order.nurse ? String(order.nurse.id) : NONE);
  const open = order.status === 'placed' || order.status === 'visit_confirmed';
  // Without the list (not loaded) nobody can be chosen.
  const nurses = nurseList.resource.status === Status.ERROR ? [] : nurseList.resource.data;
  const { status, error } = assign.resource;
  const failure = useFailureText(status === Status.ERROR ? error : null, STAFF_FAILURES);

  const { run: loadNurses } = nurseList;
  useEffect(() => {
    void loadNurses();
  }, [loadNurses]);

  const save = () => assign.run(chosen === NONE ? null : Number(chosen));

  // The display name given to `staff:add --name`; a nurse without one by e-mail, so no two look alike.
  const name = (n: StaffMemberDto) => n.displayName ?? n.email;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="assign-nurse-title">
      <Typography id="assign-nurse-title" variant="h6" component="h2" sx={{ fontSize: '1.05rem', mb: 1 }}>
        {t('assign.title')}
      </Typography>
      {order.notAtHome && (
        <Notice severity="warning" sx={{ mb: 1 }}>
          {t('assign.notAtHome', { time: formatDateTime(order.notAtHome.at, language, order.visit.timeZone), note: order.notAtHome.note })}
        </Notice>
      )}
      {!open || nurses === null ? (
        <Typography variant="body2">{order.nurse ? t('visits.nurse', { name: name(order.nurse) }) : t('visits.unassigned')}</Typography>
      ) : nurses.length === 0 ? (
        <Typography variant="body2">{t('assign.noNurses')}</Typography>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextInput select label={t('assign.label')} value={chosen} onChange={(e) => setChosen(e.target.value)} sx={{ minWidth: 220 }}>
            <option value={NONE}>{t('assign.none')}</option>
            {nurses.map((n) => (
              <option key={n.id} value={String(n.id)}>
                {name(n)}
                {fitText(n.fits)}
              </option>
            ))}
          </TextInput>
          <Button variant="contained" onClick={() => void save()} disabled={status === Status.LOADING} sx={{ minHeight: 56 }}>
            {t('assign.save')}
          </Button>
        </Box>
      )}
      {status === Status.SUCCESS && (
        <Notice severity="success" sx={{ mt: 1 }} role="status">
          {t('assign.saved')}
        </Notice>
      )}
      {status === Status.ERROR && (
        <Notice severity="error" sx={{ mt: 1 }} role="alert">
          {t('order.actionFailed', { reason: failure })}
        </Notice>
      )}
    </Paper>
  );
}
