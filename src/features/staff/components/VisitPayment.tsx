import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/Notice';
import { useFailureText } from '@/components/useFailureText';
import { lazyApi } from '@/lib/lazyApi';
import { Status } from '@/lib/status';
import { useCall } from '@/lib/store/useCall';
import { useLanguage } from '@/i18n/useLanguage';
import { formatMoney, toMajor } from '@/shared/money';
import { formatLabTime } from '@/shared/labTime';
import type { NurseVisitDto } from '@/shared/types/results';
import type { NurseVisitPaymentDto } from '@/shared/types/visitPayment';

const visitPaymentApi = lazyApi(() => import('../visitPaymentApi').then((m) => m.visitPaymentApi));

const PAID_ONLINE = ['paid', 'partially_refunded', 'refunded'];

/**
 * The money at the door on the nurse's card: "Paid online", or "Collect 124.15 PLN" with the two
 * ways the patient pays (cash, card) for the assigned nurse to record; once recorded, what was taken.
 */
export function VisitPayment({ v, timeZone, onChanged }: { v: NurseVisitDto & { payment: NurseVisitPaymentDto }; timeZone: string; onChanged: (v: NurseVisitDto, message: string) => void }) {
  const { t } = useTranslation('staff');
  const language = useLanguage();
  const p = v.payment;
  const amount = formatMoney(toMajor(p.amountMinor), p.currency, language);
  const recording = useCall(async (method: 'cash' | 'card') => {
    const updated = await visitPaymentApi.record(v.orderId, method);
    onChanged(updated, t('visitPay.saved', { number: v.number }));
  });
  const failed = recording.resource.status === Status.ERROR ? recording.resource.error : null;
  const failure = useFailureText(failed, { codes: { conflict: 'staff:visitPay.failedConflict' }, fallback: 'staff:visitPay.failed' });
  const busy = recording.resource.status === Status.LOADING;

  if (p.method === 'online') {
    const paid = PAID_ONLINE.includes(p.status);
    return (
      <Notice severity={paid ? 'success' : 'warning'} sx={{ mt: 1 }} data-testid="visit-payment">
        {paid ? t('visitPay.paidOnline') : t('visitPay.onlineUnpaid')}
      </Notice>
    );
  }
  if (p.collected) {
    const taken = formatMoney(toMajor(p.collected.amountMinor), p.currency, language);
    return (
      <Notice severity="success" sx={{ mt: 1 }} data-testid="visit-payment">
        {t(p.collected.method === 'cash' ? 'visitPay.paidCash' : 'visitPay.paidCard', { amount: taken, time: formatLabTime(p.collected.at, language, timeZone, 'time') })}
      </Notice>
    );
  }
  if (p.amountMinor === 0) {
    return (
      <Notice severity="info" sx={{ mt: 1 }} data-testid="visit-payment">
        {t('visitPay.nothingDue')}
      </Notice>
    );
  }
  return (
    <Box sx={{ mt: 1.5, p: 1.5, border: 1, borderColor: 'warning.main', borderRadius: 1 }} data-testid="visit-payment">
      <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }}>{t('visitPay.collect', { amount })}</Typography>
      {p.canRecord && (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('visitPay.recordHint')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            <Button variant="outlined" startIcon={<PaymentsOutlined />} onClick={() => void recording.run('cash')} disabled={busy} sx={{ minHeight: 48, flex: '1 1 auto' }}>
              {t('visitPay.cash')}
            </Button>
            <Button variant="outlined" startIcon={<CreditCardOutlined />} onClick={() => void recording.run('card')} disabled={busy} sx={{ minHeight: 48, flex: '1 1 auto' }}>
              {t('visitPay.card')}
            </Button>
          </Box>
        </>
      )}
      {failure && (
        <Notice severity="error" sx={{ mt: 1 }} role="alert">
          {failure}
        </Notice>
      )}
    </Box>
  );
}
