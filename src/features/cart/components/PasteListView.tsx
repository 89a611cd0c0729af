import Button from '@mui/material/Button';
import { styled } from '@mui/material/styles';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/PageContainer';
import { PageHead } from '@/components/PageHead';
import { Link } from '@/components/Link';
import { Money } from '@/components/Money';
import { Notice } from '@/components/Notice';
import { Choice, ChoiceGroup } from '@/components/Choice';
import { TextInput } from '@/components/TextInput';
import { useFailureText } from '@/components/useFailureText';
import { useCall } from '@/lib/store/useCall';
import { Status } from '@/lib/status';
import { useLanguage } from '@/i18n/useLanguage';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { useSession } from '@/features/auth';
import { patientsRequested } from '@/features/patients';
import { selectorOpened } from '@/features/lab';
import type { ParsedListDto, ParsedListItemDto } from '@/shared/types/doctorsList';
import type { CartDto } from '@/shared/types/api';
import { cartReceived } from '../cartSlice';
import { lazyCartApi } from '../lazyCartApi';

/** The longest list the server reads (`POST cart/parse`). */
const MAX_CHARS = 5000;
const SKIP = '';
const keyOf = (i: Pick<ParsedListItemDto, 'type' | 'id'>) => `${i.type}:${i.id}`;

const Lines = styled('ol')(({ theme }) => ({
  listStyle: 'none',
  padding: 0,
  margin: theme.spacing(2, 0),
  '& > li': { borderBottom: `1px solid ${theme.palette.divider}`, padding: theme.spacing(1.5, 0) },
  '& .pasted': { color: theme.palette.text.secondary, margin: theme.spacing(0, 0, 1), overflowWrap: 'anywhere' },
  '& .row': { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1), alignItems: 'center' },
  '& .row > :first-of-type': { flex: '1 1 14rem', minWidth: 0 },
}));

/** Adds every chosen item for the patients, one add-to-cart call each; the last answer is the cart. */
async function addAll(items: ParsedListItemDto[], patientIds: number[], laboratoryId: string): Promise<{ cart: CartDto | null; added: number }> {
  let cart: CartDto | null = null;
  let added = 0;
  for (const item of items) {
    const req = { addableType: item.type, addableId: item.id, patientIds };
    let res = await lazyCartApi.add(req, laboratoryId);
    // Optional materials: the laboratory's proposal is taken as it is; the cart page lets the user change it.
    if (res.status === 'optionalMaterialDecisionRequested') res = await lazyCartApi.add({ ...req, updateToIsBoughtOptionalMaterialMap: res.isBoughtOptionalMaterialMap ?? {} }, laboratoryId);
    cart = res.cart;
    added += 1;
  }
  return { cart, added };
}

/** `/order/paste`: a doctor's list pasted, each line matched with its price, fixed, and added to the cart for the chosen patients in one step. */
export function PasteListView() {
  const { t } = useTranslation('cartFlows');
  const dispatch = useAppDispatch();
  const language = useLanguage();
  const session = useSession();
  const laboratoryId = useAppSelector((s) => s.lab.activeLaboratoryId);
  const patients = useAppSelector((s) => s.patients.list);
  const [text, setText] = useState('');
  const [choice, setChoice] = useState<Record<number, string>>({});
  const [selected, setSelected] = useState<number[]>([]);
  const parse = useCall(lazyCartApi.parseList);
  const add = useCall(addAll);
  const textId = useId();
  const parseFailure = useFailureText(parse.resource.error, { codes: { list_too_long: 'cartFlows:paste.tooLong', list_too_many_lines: 'cartFlows:paste.tooManyLines' }, fallback: 'cartFlows:paste.readFailed' });
  const addFailure = useFailureText(add.resource.error, { fallback: 'cartFlows:paste.addFailed' });

  useEffect(() => {
    if (session === 'user') dispatch(patientsRequested());
  }, [session, dispatch]);

  const parsed: ParsedListDto | null = parse.resource.data;
  const chosen = useMemo(() => {
    if (!parsed) return [];
    const out = new Map<string, ParsedListItemDto>();
    parsed.lines.forEach((line, i) => {
      const key = choice[i] ?? (line.match ? keyOf(line.match) : SKIP);
      const item = [line.match, ...line.alternatives].find((x) => x && keyOf(x) === key);
      if (item) out.set(key, item);
    });
    return [...out.values()];
  }, [parsed, choice]);
  const unmatched = parsed ? parsed.lines.filter((l, i) => !(choice[i] ?? (l.match ? keyOf(l.match) : SKIP))) : [];
  const total = chosen.reduce((sum, i) => sum + Math.round(i.price * 100), 0) / 100;

  const read = async () => {
    if (!laboratoryId) return;
    setChoice({});
    add.reset();
    await parse.run(text, laboratoryId, language);
  };
  const submit = async () => {
    if (!laboratoryId || !chosen.length || !selected.length) return;
    await add.run(chosen, selected, laboratoryId);
  };
  // The cart's answer goes into the cart's state, as the add-to-cart flow's does.
  useEffect(() => {
    if (add.resource.status === Status.SUCCESS && add.resource.data?.cart) dispatch(cartReceived(add.resource.data.cart));
  }, [add.resource, dispatch]);

  return (
    <PageContainer title={t('paste.title')} subtitle={t('paste.intro')}>
      <PageHead title={t('paste.title')} />
      {!laboratoryId ? (
        <Notice severity="info" action={<Button onClick={() => dispatch(selectorOpened())}>{t('paste.chooseLab')}</Button>}>
          {t('paste.labFirst')}
        </Notice>
      ) : null}
      <form
        method="post"
        onSubmit={(e) => {
          e.preventDefault();
          void read();
        }}
      >
        <TextInput
          id={textId}
          label={t('paste.listLabel')}
          multiline
          minRows={6}
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          helperText={t('paste.listHelp', { max: MAX_CHARS })}
          slotProps={{ htmlInput: { maxLength: MAX_CHARS } }}
        />
        <Button type="submit" variant="contained" disabled={!laboratoryId || !text.trim() || parse.resource.status === Status.LOADING} sx={{ minHeight: 48, mt: 1 }}>
          {t('paste.read')}
        </Button>
      </form>
      {parseFailure ? <Notice severity="error">{parseFailure}</Notice> : null}

      {parsed ? (
        <section aria-labelledby="paste-found">
          <h2 id="paste-found">{t('paste.found', { count: parsed.lines.length })}</h2>
          <Lines>
            {parsed.lines.map((line, i) => {
              const options = [line.match, ...line.alternatives].filter((x): x is ParsedListItemDto => Boolean(x));
              const value = choice[i] ?? (line.match ? keyOf(line.match) : SKIP);
              const item = options.find((o) => keyOf(o) === value);
              return (
                <li key={i}>
                  <p className="pasted">{line.text}</p>
                  <div className="row">
                    <TextInput select fullWidth id={`paste-line-${i}`} label={t('paste.matchLabel', { line: line.text })} value={value} onChange={(e) => setChoice((c) => ({ ...c, [i]: e.target.value }))}>
                      {options.map((o) => (
                        <option key={keyOf(o)} value={keyOf(o)}>
                          {o.name}
                        </option>
                      ))}
                      <option value={SKIP}>{options.length ? t('paste.skip') : t('paste.noMatch')}</option>
                    </TextInput>
                    {item ? (
                      <strong>
                        <Money amount={item.price} currency={parsed.currency} />
                      </strong>
                    ) : null}
                  </div>
                  {line.match && value === keyOf(line.match) && line.match.confidence < 0.75 ? <p>{t('paste.unsure')}</p> : null}
                </li>
              );
            })}
          </Lines>

          {unmatched.length ? (
            <section aria-labelledby="paste-unmatched">
              <h2 id="paste-unmatched">{t('paste.unmatched')}</h2>
              <ul>
                {unmatched.map((l, i) => (
                  <li key={i}>
                    {l.text} — <Link href={{ pathname: '/search', query: { q: l.text } }}>{t('paste.searchFor')}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section aria-labelledby="paste-patients">
            <h2 id="paste-patients">{t('paste.patients')}</h2>
            {session !== 'user' ? (
              <p>
                <Link href="/login">{t('paste.signIn')}</Link>
              </p>
            ) : patients.data.length === 0 ? (
              <p>
                {t('paste.noPatients')} <Link href="/patients/create">{t('paste.addPatient')}</Link>
              </p>
            ) : (
              <ChoiceGroup legend={t('paste.whoFor')}>
                {patients.data.map((p) => (
                  <Choice
                    key={p.id}
                    type="checkbox"
                    checked={selected.includes(p.id)}
                    onChange={(e) => setSelected((s) => (e.target.checked ? [...s, p.id] : s.filter((x) => x !== p.id)))}
                    label={`${p.personalDetails.firstName} ${p.personalDetails.lastName}`}
                  />
                ))}
              </ChoiceGroup>
            )}
          </section>

          <p>
            {t('paste.summary', { count: chosen.length })} <Money amount={total} currency={parsed.currency} />
          </p>
          <Button variant="contained" onClick={() => void submit()} disabled={session !== 'user' || !chosen.length || !selected.length || add.resource.status === Status.LOADING} sx={{ minHeight: 48 }}>
            {t('paste.addAll', { count: chosen.length })}
          </Button>
          {addFailure ? <Notice severity="error">{addFailure}</Notice> : null}
          {add.resource.status === Status.SUCCESS ? (
            <Notice severity="success" role="status">
              {t('paste.added', { count: add.resource.data?.added ?? 0 })} <Link href="/order/cart">{t('paste.toCart')}</Link>
            </Notice>
          ) : null}
        </section>
      ) : null}
    </PageContainer>
  );
}
