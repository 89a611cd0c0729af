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

const NONE = 'none';

/** The nurse making the order's visit: choose one of the laboratory's nurses, and see "not at home" notes. */
export function AssignNurse({ order }: { order: StaffOrderDetailDto }) {
  const { t } = useTranslation('staff');
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const [nurses, setNurses] = useState<StaffMemberDto[] | null>(null);
  const [chosen, setChosen] = useState<string>(order.nurse ? String(order.nurse.id) : NONE);
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' | 'error'; text: string }>({ kind: 'idle', text: '' });
  const open = order.status === 'placed' || order.status === 'visit_confirmed';

  useEffect(() => {
    staffApi.nurses().then(setNurses, () => setNurses([]));
  }, []);

  const save = async () => {
    setState({ kind: 'saving', text: '' });
    try {
      const updated = await staffApi.assignNurse(order.id, chosen === NONE ? null : Number(chosen));
      dispatch(staffOrderReceived(updated));
      setState({ kind: 'saved', text: t('assign.saved') });
    } catch (e) {
      setState({ kind: 'error', text: t('order.actionFailed', { reason: e instanceof Error ? e.message : '' }) });
    }
  };

  const name = (n: StaffMemberDto) => `${n.firstName} ${n.lastName}`.trim() || n.email;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="assign-nurse-title">
      <Typography id="assign-nurse-title" variant="h6" component="h2" sx={{ fontSize: '1.05rem', mb: 1 }}>
        {t('assign.title')}
      </Typography>
      {order.notAtHome && (
        <Notice severity="warning" sx={{ mb: 1 }}>
          {t('assign.notAtHome', { time: formatDateTime(order.notAtHome.at, language), note: order.notAtHome.note })}
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
              </option>
            ))}
          </TextInput>
          <Button variant="contained" onClick={() => void save()} disabled={state.kind === 'saving'} sx={{ minHeight: 56 }}>
            {t('assign.save')}
          </Button>
        </Box>
      )}
      {state.kind === 'saved' && (
        <Notice severity="success" sx={{ mt: 1 }} role="status">
          {state.text}
        </Notice>
      )}
      {state.kind === 'error' && (
        <Notice severity="error" sx={{ mt: 1 }} role="alert">
          {state.text}
        </Notice>
      )}
    </Paper>
  );
}
