import { useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { TextInput, type TextInputProps } from '@/components/TextInput';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import { useLanguage } from '@/i18n/useLanguage';
import type { StaffPromoCodeDto } from '@/shared/types/results';
import type { NewStaffPromo } from '../staffApi';
import { staffApi } from '../lazyStaffApi';
import { Notice } from '@/components/Notice';
import { Status } from '@/lib/status';
import { useCall } from '@/lib/store/useCall';
import { useFailureText } from '@/components/useFailureText';

const EMPTY = { code: '', kind: 'percent', value: '', minOrder: '', maxUses: '', perUser: '', from: '', to: '' };
type Form = typeof EMPTY;

/** Numbers as typed ("12,5" too); an empty field is left out, anything else is sent for the server to judge. */
function num(v: string): number | string | undefined {
  const t = v.trim().replace(',', '.');
  if (!t) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}

function toBody(f: Form): NewStaffPromo {
  const body: Record<string, unknown> = { code: f.code.trim(), [f.kind === 'percent' ? 'percent' : 'amount']: num(f.value) ?? '' };
  for (const [key, value] of [['minOrder', f.minOrder], ['maxUses', f.maxUses], ['perUser', f.perUser]] as const) {
    const n = num(value);
    if (n !== undefined) body[key] = n;
  }
  if (f.from) body.from = f.from;
  if (f.to) body.to = f.to;
  return body as NewStaffPromo;
}

/** Promo codes of the staff member's laboratory: create one with the options of `npm run promo:add`, and see each code's use. */
/** The promo code refusals the server names per field (src/server/staff/promo.ts), by their texts' keys. */
const PROMO_FIELD_TEXTS: Record<string, string> = {
  'Invalid code': 'promoField.invalidCode',
  'Enter a date as YYYY-MM-DD': 'promoField.dateFormat',
  'Give either a percent or an amount': 'promoField.percentOrAmount',
  'Whole number from 1 to 100': 'promoField.percentRange',
  'Must be positive': 'promoField.positive',
  'Positive whole number': 'promoField.positiveWhole',
  'Unknown laboratory': 'promoField.unknownLaboratory',
  'Ends before it starts': 'promoField.endsBeforeStart',
  'Exists already': 'promoField.exists',
};

export function StaffPromoCodes() {
  const { t } = useTranslation('staff');
  const language = useLanguage();
  const list = useCall(() => staffApi.promoCodes());
  // Codes created here go first, above the list as loaded (an unreadable list counts as empty).
  const [created, setCreated] = useState<StaffPromoCodeDto[]>([]);
  const create = useCall(async (body: NewStaffPromo) => {
    const code = await staffApi.createPromoCode(body);
    setCreated((list) => [code, ...list]);
    return code;
  });
  const [form, setForm] = useState<Form>(EMPTY);
  const loaded = list.resource.status === Status.ERROR ? [] : list.resource.data;
  const codes = loaded ? [...created, ...loaded] : created.length ? created : null;
  const { status, data: last, error } = create.resource;
  // The server's field messages, in the page's language (an unknown one as it came).
  const fields: Record<string, string> = Object.fromEntries(Object.entries(error?.fields ?? {}).map(([k, m]) => [k, PROMO_FIELD_TEXTS[m] ? t(PROMO_FIELD_TEXTS[m]) : m]));
  const failure = useFailureText(error, { codes: { conflict: 'staff:promoField.exists' }, field: () => null });
  // The value field stands for percent and amount alike.
  const value = fields.percent || fields.amount;
  if (value) fields.value = value;

  const { run: load } = list;
  useEffect(() => {
    void load();
  }, [load]);

  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await create.run(toBody(form))) setForm(EMPTY);
  };

  const field = (key: keyof Form, label: string, extra: Partial<TextInputProps> = {}) => (
    <TextInput label={label} value={form[key]} onChange={set(key)} error={!!fields[key]} helperText={fields[key] ?? ' '} size="medium" {...extra} />
  );
  const discount = (c: StaffPromoCodeDto) => (c.kind === 'percent' ? `${c.percent}%` : `${c.amount} ${c.currency}`);
  const validity = (c: StaffPromoCodeDto) =>
    c.validFrom || c.validTo ? t('promo.validity', { from: c.validFrom ? formatDate(c.validFrom.slice(0, 10), language) : '…', to: c.validTo ? formatDate(c.validTo.slice(0, 10), language) : '…' }) : t('promo.always');

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="promo-title">
      <Typography id="promo-title" variant="h6" component="h2" sx={{ fontSize: '1.05rem', mb: 1 }}>
        {t('promo.title')}
      </Typography>
      <Box component="form" onSubmit={(e) => void submit(e)} aria-label={t('promo.formLabel')} noValidate sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {field('code', t('promo.code'), { required: true })}
        <TextInput select label={t('promo.kind')} value={form.kind} onChange={set('kind')} helperText=" ">
          <option value="percent">{t('promo.percent')}</option>
          <option value="amount">{t('promo.amount')}</option>
        </TextInput>
        {field('value', form.kind === 'percent' ? t('promo.percentValue') : t('promo.amountValue'), { required: true, slotProps: { htmlInput: { inputMode: 'decimal' } } })}
        {field('minOrder', t('promo.minOrder'), { slotProps: { htmlInput: { inputMode: 'decimal' } } })}
        {field('maxUses', t('promo.maxUses'), { slotProps: { htmlInput: { inputMode: 'numeric' } } })}
        {field('perUser', t('promo.perUser'), { slotProps: { htmlInput: { inputMode: 'numeric' } } })}
        {field('from', t('promo.from'), { type: 'date', slotProps: { inputLabel: { shrink: true } } })}
        {field('to', t('promo.to'), { type: 'date', slotProps: { inputLabel: { shrink: true } } })}
        <Box>
          <Button type="submit" variant="contained" disabled={status === Status.LOADING} sx={{ minHeight: 48 }}>
            {t('promo.create')}
          </Button>
        </Box>
      </Box>
      {status === Status.SUCCESS && last && (
        <Notice severity="success" sx={{ mt: 1 }} role="status">
          {t('promo.saved', { code: last.code })}
        </Notice>
      )}
      {status === Status.ERROR && (
        <Notice severity="error" sx={{ mt: 1 }} role="alert">
          {t('order.actionFailed', { reason: Object.values(fields)[0] ?? failure })}
        </Notice>
      )}
      {codes && codes.length === 0 && (
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t('promo.empty')}
        </Typography>
      )}
      {codes && codes.length > 0 && (
        <Box component="ul" aria-label={t('promo.listLabel')} sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, display: 'grid', gap: 1 }}>
          {codes.map((c) => (
            <Box component="li" key={c.id} sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
              <Typography sx={{ fontWeight: 700 }}>
                {c.code} · {discount(c)}
                {c.laboratoryId === null ? ` · ${t('promo.everyLab')}` : ''}
              </Typography>
              <Typography variant="body2">
                {[
                  validity(c),
                  c.minOrder > 0 ? t('promo.minOrderIs', { amount: c.minOrder, currency: c.currency }) : null,
                  c.maxUses ? t('promo.usedOf', { used: c.usedCount, max: c.maxUses }) : t('promo.used', { used: c.usedCount }),
                  c.perUser ? t('promo.perUserIs', { n: c.perUser }) : null,
                  t('promo.given', { orders: c.orderCount, amount: c.discountGiven, currency: c.currency }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
