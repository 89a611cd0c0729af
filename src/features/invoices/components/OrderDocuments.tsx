import { useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/Notice';
import { Status } from '@/lib/status';
import { useCall } from '@/lib/store/useCall';
import { INVOICE_COUNTRIES, PERSON_COUNTRIES, type BuyerKind } from '@/shared/validation/invoice';
import { invoicesApi, saveBlob, type InvoiceBuyerInput, type InvoiceKsef } from '../invoicesApi';

/**
 * The documents of a paid order on its page: the receipt download, the order's invoices (PDF and
 * FA(3) XML), and, while there is no invoice and the laboratory issues them (`canInvoice`), the
 * small form that asks for one: for a company with its NIP, or for a private person on their own
 * name without one. Field errors come from the server (422 naming the field) and are shown under
 * their fields in the reader's language.
 */
interface Props {
  orderId: number;
  orderNumber: string;
  canInvoice: boolean;
}

const EMPTY = { taxId: '', name: '', street: '', postalCode: '', city: '', country: 'PL' };
type Field = keyof typeof EMPTY;
const FIELD_OF: Record<string, Field> = {
  'buyer.taxId': 'taxId',
  'buyer.name': 'name',
  'buyer.address.street': 'street',
  'buyer.address.postalCode': 'postalCode',
  'buyer.address.city': 'city',
  'buyer.address.country': 'country',
};

/** The request's buyer: a company as the API always took it (no `kind`), a private person without a NIP. */
function buyerOf(kind: BuyerKind, f: typeof EMPTY): InvoiceBuyerInput {
  const address = { street: f.street, postalCode: f.postalCode, city: f.city, country: f.country };
  return kind === 'person' ? { kind, name: f.name, address } : { taxId: f.taxId, name: f.name, address };
}

/** A country's name in the reader's language, its code where the browser has none. */
function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([i18n.language], { type: 'region' });
  } catch {
    names = null;
  }
  return (code) => names?.of(code) ?? code;
}

/** Refusals the form words itself, by code. */
const REFUSAL_TEXT: Partial<Record<string, string>> = { order_refunded: 'form.refunded', invoice_invalid: 'form.invalid' };

/** Where an invoice stands in KSeF, the national e-invoice system: its status, its KSeF number, and its UPO once KSeF gives one. */
function KsefStatus({ ksef, onUpo }: { ksef: InvoiceKsef; onUpo: (upoUrl: string) => void }) {
  const { t } = useTranslation('invoices');
  let text: string;
  if (ksef.status === 'accepted') text = t('form.ksef.accepted', { number: ksef.number ?? '' });
  else if (ksef.status === 'rejected') text = ksef.rejectionReason ? t('form.ksef.rejectedWhy', { reason: ksef.rejectionReason, interpolation: { escapeValue: false } }) : t('form.ksef.rejected');
  else text = t(`form.ksef.${ksef.status}`);
  return (
    <Box sx={{ flex: '1 1 100%', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2" color={ksef.status === 'rejected' ? 'error' : 'text.secondary'} data-testid="invoice-ksef" data-status={ksef.status}>
        {text}
      </Typography>
      {ksef.upoUrl && (
        <Button size="small" variant="text" onClick={() => onUpo(ksef.upoUrl as string)}>
          {t('form.ksef.upo')}
        </Button>
      )}
    </Box>
  );
}

export function OrderDocuments({ orderId, orderNumber, canInvoice }: Props) {
  const { t } = useTranslation('invoices');
  const list = useCall((id: number) => invoicesApi.list(id));
  const request = useCall((id: number, kind: BuyerKind, f: typeof EMPTY) => invoicesApi.request(id, buyerOf(kind, f)));
  const [form, setForm] = useState(EMPTY);
  const [kind, setKind] = useState<BuyerKind>('company');
  const countryName = useCountryName();
  const person = kind === 'person';
  const countries = person ? PERSON_COUNTRIES : INVOICE_COUNTRIES;
  const [downloadFailed, setDownloadFailed] = useState(false);
  // An unreadable list shows as none.
  const docs = list.resource.status === Status.ERROR ? [] : list.resource.data;
  const sending = request.resource.status === Status.LOADING;
  const refusal = request.resource.status === Status.ERROR ? request.resource.error : null;
  // Field errors go under their fields; any other refusal above the form: a refunded order or an invoice
  // the schema refuses in the reader's language, another 409 in the server's words.
  const errors: Partial<Record<Field, string>> = {};
  for (const [key, text] of Object.entries(refusal?.fields ?? {})) errors[FIELD_OF[key] ?? 'taxId'] = t(text);
  const coded = refusal?.code ? REFUSAL_TEXT[refusal.code] : undefined;
  const requestMessage = refusal && !Object.keys(refusal.fields).length ? (coded ? t(coded) : refusal.status === 409 ? refusal.message : t('form.failed')) : null;
  const message = requestMessage ?? (downloadFailed ? t('form.failed') : null);

  const { run: load } = list;
  useEffect(() => {
    void load(orderId);
  }, [load, orderId]);

  const download = async (get: () => Promise<Blob>, name: string) => {
    try {
      saveBlob(await get(), name);
    } catch {
      setDownloadFailed(true);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDownloadFailed(false);
    if (await request.run(orderId, kind, form)) await load(orderId);
  };

  const chooseKind = (next: BuyerKind) => {
    setKind(next);
    // A company's address is in the Union: a country only a private person may choose goes back to Poland.
    if (next === 'company' && !(INVOICE_COUNTRIES as readonly string[]).includes(form.country)) setForm({ ...form, country: 'PL' });
  };

  const input = (field: Field, label: string, html: Record<string, string> = {}, extra: object = {}) => (
    <TextField
      label={label}
      value={form[field]}
      onChange={(e) => setForm({ ...form, [field]: e.target.value })}
      error={!!errors[field]}
      helperText={errors[field] ?? ' '}
      fullWidth
      size="small"
      slotProps={{ htmlInput: { 'data-testid': `invoice-${field}`, ...html } }}
      {...extra}
    />
  );

  const invoices = docs ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="order-documents">
      <Button variant="outlined" sx={{ minHeight: 48, mb: 2 }} onClick={() => download(() => invoicesApi.receiptPdf(orderId), `receipt-${orderNumber}.pdf`)}>
        {t('form.receipt')}
      </Button>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {invoices.length ? t('form.documents') : t('form.title')}
      </Typography>
      {message && <Notice severity="error">{message}</Notice>}
      {invoices.map((d) => (
        <Box key={d.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography sx={{ flex: '1 1 200px' }}>
            {t(`form.kind.${d.kind}`)} {d.number}
          </Typography>
          <Button size="small" variant="outlined" onClick={() => download(() => invoicesApi.invoiceFile(orderId, d.id, 'pdf'), `invoice-${d.number.replace(/\//g, '-')}.pdf`)}>
            {t('form.pdf')}
          </Button>
          <Button size="small" variant="outlined" onClick={() => download(() => invoicesApi.invoiceFile(orderId, d.id, 'xml'), `invoice-${d.number.replace(/\//g, '-')}.xml`)}>
            {t('form.xml')}
          </Button>
          {d.ksef && <KsefStatus ksef={d.ksef} onUpo={(url) => download(() => invoicesApi.upoFile(url), `upo-${d.number.replace(/\//g, '-')}.xml`)} />}
        </Box>
      ))}
      {docs !== null && !invoices.length && canInvoice && (
        <Box component="form" onSubmit={submit} noValidate>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {person ? t('form.personIntro') : t('form.intro')}
          </Typography>
          <FormControl sx={{ mb: 1 }}>
            <FormLabel id={`invoice-kind-${orderId}`}>{t('form.buyerKind.label')}</FormLabel>
            <RadioGroup row aria-labelledby={`invoice-kind-${orderId}`} value={kind} onChange={(e) => chooseKind(e.target.value as BuyerKind)}>
              <FormControlLabel value="company" control={<Radio />} label={t('form.buyerKind.company')} sx={{ minHeight: 48 }} />
              <FormControlLabel value="person" control={<Radio />} label={t('form.buyerKind.person')} sx={{ minHeight: 48 }} />
            </RadioGroup>
          </FormControl>
          {!person && input('taxId', t('form.taxId'), { inputMode: 'numeric', autoComplete: 'off' })}
          {person ? input('name', t('form.personName'), { autoComplete: 'name' }) : input('name', t('form.name'), { autoComplete: 'organization' })}
          {input('street', t('form.street'), { autoComplete: 'address-line1' })}
          {/* Side by side where both labels fit ("Почтовый индекс", "Kod pocztowy"), each on its own line on a phone. */}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
            <Box sx={{ flex: '1 1 160px' }}>{input('postalCode', t('form.postalCode'), { autoComplete: 'postal-code' })}</Box>
            <Box sx={{ flex: '2 1 200px' }}>{input('city', t('form.city'), { autoComplete: 'address-level2' })}</Box>
          </Box>
          {input('country', t('form.country'), {}, {
            select: true,
            children: countries.map((c) => (
              <MenuItem key={c} value={c}>
                {countryName(c)}
              </MenuItem>
            )),
          })}
          <Button type="submit" variant="contained" disabled={sending} sx={{ minHeight: 48 }}>
            {sending ? t('form.sending') : t('form.submit')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
