import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextInput } from '@/components/TextInput';
import { Formik, Form, type FormikProps } from 'formik';
import { useRouter } from 'next/router';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton, Money, PageContainer } from '@/components';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { routes } from '@/lib/routes';
import { Status } from '@/lib/status';
import type { OrderAddress } from '@/shared/validation/order';
import { orderAddressSchema } from '@/lib/validation/formSchemas';
import { usePreloadedSchema } from '@/lib/validation/lazySchema';
import { isValidPostalCode, normalizeOrderPostalCode, normalizePostalCode } from '@/shared/validation/postalCode';
import { selectorOpened } from '@/features/lab';
import { patientsRequested } from '@/features/patients';
import type { PatientDto } from '@/shared/types/api';
import { CheckoutStepper } from '@/components/CheckoutStepper';
import { StickyActionBar } from '@/components/StickyActionBar';
import { useCheckoutGuard } from './useCheckoutGuard';
import { coverageMatches } from './coverage';
import { coverageRequested, orderAddressSaved } from '../checkoutSlice';
import { Notice } from '@/components/Notice';
import { labPlace } from '@/shared/catalogueText';
import { PageHead } from '@/components/PageHead';

export const ORDER_COUNTRIES = ['PL', 'BY', 'DE', 'LT', 'CZ', 'SK', 'UA'] as const;

/** The address of a patient who has one, as the order address (used to prefill the form). */
export function addressFromPatients(patients: PatientDto[], base: OrderAddress): OrderAddress | null {
  const p = patients.find((x) => x.address.locality.trim() && x.address.street.trim());
  if (!p) return null;
  const a = p.address;
  return {
    ...base,
    country: a.country.trim().toUpperCase().slice(0, 2) || base.country,
    city: a.locality,
    street: [a.street, a.houseNumber].filter((s) => s.trim()).join(' '),
    entry: a.entranceNumber || base.entry,
    floor: a.floorNumber || base.floor,
    apartment: a.apartmentNumber || base.apartment,
    notes: a.addressNotes || base.notes,
  };
}

type FieldName = keyof OrderAddress;

/** Says at once whether the nurse comes to the postal code being typed, at what fee, or who does. */
function CoverageNotice({ country, postalCode }: { country: string; postalCode: string }) {
  const { t, i18n } = useTranslation('cart');
  const dispatch = useAppDispatch();
  const laboratoryId = useAppSelector((s) => s.lab.activeLaboratoryId);
  const laboratory = useAppSelector((s) => s.lab.laboratory.data);
  const { data: coverage, status: coverageStatus } = useAppSelector((s) => s.checkout.coverage);
  const valid = isValidPostalCode(country, postalCode);

  useEffect(() => {
    if (laboratoryId && valid) dispatch(coverageRequested({ laboratoryId, country, postalCode: normalizePostalCode(country, postalCode) }));
  }, [dispatch, laboratoryId, country, postalCode, valid]);

  if (!valid || !laboratoryId) return null;
  const current = coverageMatches(coverage, laboratoryId, { country, postalCode });
  if (!current) {
    return coverageStatus === Status.ERROR ? (
      <Notice severity="warning" role="status" sx={{ mb: 2 }}>
        {t('address.coverageUnknown')}
      </Notice>
    ) : (
      <Notice severity="info" role="status" sx={{ mb: 2 }}>
        {t('address.coverageChecking')}
      </Notice>
    );
  }
  const labName = laboratory ? labPlace(laboratory, i18n.language) : laboratoryId;
  if (coverage.served) {
    return (
      <Notice severity="success" role="status" sx={{ mb: 2 }} data-testid="coverage-served">
        {t('address.served', { laboratory: labName })} <Money amount={coverage.visitFee ?? 0} currency={coverage.currency} />
      </Notice>
    );
  }
  const other = coverage.servedBy[0];
  return (
    <Notice
      severity="error"
      role="alert"
      sx={{ mb: 2 }}
      data-testid="coverage-unserved"
      action={
        other ? (
          <Button color="inherit" size="small" onClick={() => dispatch(selectorOpened())} sx={{ minHeight: 48 }}>
            {t('address.changeLaboratory')}
          </Button>
        ) : undefined
      }
    >
      {t('address.notServed', { laboratory: labName, postalCode: coverage.postalCode })}{' '}
      {other ? t('address.servedByOther', { laboratory: labPlace(other, i18n.language) }) : t('address.servedByNone')}
    </Notice>
  );
}

function Field({ formik, name, label, autoComplete, multiline, select, children, xs = 12, sm = 6, required }: {
  formik: FormikProps<OrderAddress>;
  name: FieldName;
  label: string;
  autoComplete?: string;
  multiline?: boolean;
  select?: boolean;
  children?: React.ReactNode;
  xs?: number;
  sm?: number;
  required?: boolean;
}) {
  const { t } = useTranslation('cart');
  const error = formik.touched[name] && formik.errors[name];
  return (
    <Box sx={{ gridColumn: { xs: `span ${xs}`, sm: `span ${sm}` } }}>
      <TextInput
        fullWidth
        id={`address-${name}`}
        name={name}
        label={label}
        value={formik.values[name]}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={Boolean(error)}
        helperText={error ? t(error) : ' '}
        autoComplete={autoComplete}
        multiline={multiline}
        minRows={multiline ? 2 : undefined}
        select={select}
        required={required}
      >
        {children}
      </TextInput>
    </Box>
  );
}

/** `/order/address`: where the nurse comes (country of the laboratory, else PL; floor and apartment default 1). */
export function AddressStep() {
  usePreloadedSchema(orderAddressSchema);
  const { t, i18n } = useTranslation('cart');
  const dispatch = useAppDispatch();
  const router = useRouter();
  const { ready } = useCheckoutGuard();
  const { orderAddress, addressSaved } = useAppSelector((s) => s.checkout);
  const coverage = useAppSelector((s) => s.checkout.coverage.data);
  const laboratoryId = useAppSelector((s) => s.lab.activeLaboratoryId);
  const laboratoryCountry = useAppSelector((s) => s.lab.laboratory.data?.country);
  const { status: patientsStatus, data: patients } = useAppSelector((s) => s.patients.list);

  useEffect(() => {
    if (ready && patientsStatus === Status.INITIAL) dispatch(patientsRequested());
  }, [dispatch, ready, patientsStatus]);

  // A new address starts in the laboratory's country (the spec's PL only where it is not known:
  // docs/spec-decisions.md); a saved one stays as it was entered.
  const initialValues = useMemo(() => {
    if (addressSaved) return orderAddress;
    const base = laboratoryCountry ? { ...orderAddress, country: laboratoryCountry.toUpperCase() } : orderAddress;
    return addressFromPatients(patients, base) ?? base;
  }, [addressSaved, orderAddress, patients, laboratoryCountry]);
  const countryNames = useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      return null;
    }
  }, [i18n.language]);

  return (
    <PageContainer title={t('address.title')} subtitle={t('address.subtitle')}>
      <PageHead title={t('address.pageTitle')} complete />
      <CheckoutStepper active="address" />
      {!ready ? (
        <ListSkeleton rows={3} />
      ) : (
        <Formik<OrderAddress>
          initialValues={initialValues}
          enableReinitialize
          validate={orderAddressSchema.validate}
          onSubmit={async (values) => {
            const address = normalizeOrderPostalCode((await orderAddressSchema.load()).cast(values));
            // An address the laboratory does not visit cannot go on (the server checks it again).
            if (!coverageMatches(coverage, laboratoryId, address) || !coverage.served) return;
            dispatch(orderAddressSaved(address));
            await router.push(routes.nurseCheckoutTime.path);
          }}
        >
          {(formik) => (
            <Form method="post" noValidate aria-label={t('address.title')}>
              {/* Twelve columns, as MUI's Grid: each field spans its share on a phone (xs) and wider (sm); on a
                  375 px phone each share holds its label whole in ru and pl ("Почтовый индекс *", "Mieszkanie"). */}
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(12, minmax(0, 1fr))', columnGap: 2 }}>
                <Field formik={formik} name="country" label={t('address.country')} select sm={4} required>
                  {[...new Set([...ORDER_COUNTRIES, formik.values.country])].map((c) => (
                    <option key={c} value={c}>
                      {countryNames?.of(c) ?? c}
                    </option>
                  ))}
                </Field>
                <Field formik={formik} name="postalCode" label={t('address.postalCode')} autoComplete="postal-code" xs={7} sm={3} required />
                <Field formik={formik} name="city" label={t('address.city')} autoComplete="address-level2" xs={5} sm={5} required />
                {/* Right under the postal code, so a phone shows it without scrolling. */}
                <Box sx={{ gridColumn: '1 / -1' }}>
                  <CoverageNotice country={formik.values.country} postalCode={formik.values.postalCode} />
                </Box>
                <Field formik={formik} name="street" label={t('address.street')} autoComplete="street-address" sm={12} required />
                <Field formik={formik} name="entry" label={t('address.entry')} xs={4} sm={3} />
                <Field formik={formik} name="floor" label={t('address.floor')} xs={3} sm={3} />
                <Field formik={formik} name="apartment" label={t('address.apartment')} xs={5} sm={3} />
                <Field formik={formik} name="intercomCode" label={t('address.intercomCode')} sm={3} />
                <Field formik={formik} name="notes" label={t('address.notes')} multiline sm={12} />
              </Box>
              <StickyActionBar>
                <Box sx={{ display: 'flex', gap: 1, width: '100%', justifyContent: 'space-between' }}>
                  <Button onClick={() => void router.push(routes.cart.path)} sx={{ minHeight: 48 }}>
                    {t('steps.back')}
                  </Button>
                  <Button
                    type="submit"
                    variant="contained"
                    size="large"
                    disabled={formik.isSubmitting || (coverageMatches(coverage, laboratoryId, formik.values) && !coverage.served)}
                    sx={{ minHeight: 48 }}
                  >
                    {t('address.next')}
                  </Button>
                </Box>
              </StickyActionBar>
            </Form>
          )}
        </Formik>
      )}
    </PageContainer>
  );
}
