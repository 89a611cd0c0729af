import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Formik, Form, type FormikProps } from 'formik';
import { useRouter } from 'next/router';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton, PageContainer } from '@/components';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { routes } from '@/lib/routes';
import { Status } from '@/lib/status';
import { orderAddressSchema, type OrderAddress } from '@/lib/validation/order';
import { cartPatientsRequested } from '@/features/cart';
import type { PatientDto } from '@/lib/types/api';
import { CheckoutStepper } from '@/components/CheckoutStepper';
import { StickyActionBar } from '@/components/StickyActionBar';
import { useCheckoutGuard } from './useCheckoutGuard';
import { orderAddressSaved } from '../checkoutSlice';

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
    <Grid size={{ xs, sm }}>
      <TextField
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
      </TextField>
    </Grid>
  );
}

/** `/order/address`: where the nurse comes (country default PL, floor and apartment default 1). */
export function AddressStep() {
  const { t, i18n } = useTranslation('cart');
  const dispatch = useAppDispatch();
  const router = useRouter();
  const { ready } = useCheckoutGuard();
  const { orderAddress, addressSaved } = useAppSelector((s) => s.order);
  const { patients, patientsStatus } = useAppSelector((s) => s.cart);

  useEffect(() => {
    if (ready && patientsStatus === Status.INITIAL) dispatch(cartPatientsRequested());
  }, [dispatch, ready, patientsStatus]);

  const initialValues = useMemo(
    () => (addressSaved ? orderAddress : (addressFromPatients(patients, orderAddress) ?? orderAddress)),
    [addressSaved, orderAddress, patients],
  );
  const countryNames = useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      return null;
    }
  }, [i18n.language]);

  return (
    <PageContainer title={t('address.title')} subtitle={t('address.subtitle')}>
      <CheckoutStepper active="address" />
      {!ready ? (
        <ListSkeleton rows={3} />
      ) : (
        <Formik<OrderAddress>
          initialValues={initialValues}
          enableReinitialize
          validationSchema={orderAddressSchema}
          onSubmit={async (values) => {
            dispatch(orderAddressSaved(orderAddressSchema.cast(values)));
            await router.push(routes.nurseCheckoutTime.path);
          }}
        >
          {(formik) => (
            <Form noValidate aria-label={t('address.title')}>
              <Grid container columnSpacing={2}>
                <Field formik={formik} name="country" label={t('address.country')} select sm={4} required>
                  {[...new Set([...ORDER_COUNTRIES, formik.values.country])].map((c) => (
                    <MenuItem key={c} value={c} sx={{ minHeight: 48 }}>
                      {countryNames?.of(c) ?? c}
                    </MenuItem>
                  ))}
                </Field>
                <Field formik={formik} name="city" label={t('address.city')} autoComplete="address-level2" sm={8} required />
                <Field formik={formik} name="street" label={t('address.street')} autoComplete="street-address" sm={12} required />
                <Field formik={formik} name="entry" label={t('address.entry')} xs={4} sm={3} />
                <Field formik={formik} name="floor" label={t('address.floor')} xs={4} sm={3} />
                <Field formik={formik} name="apartment" label={t('address.apartment')} xs={4} sm={3} />
                <Field formik={formik} name="intercomCode" label={t('address.intercomCode')} sm={3} />
                <Field formik={formik} name="notes" label={t('address.notes')} multiline sm={12} />
              </Grid>
              <StickyActionBar>
                <Box sx={{ display: 'flex', gap: 1, width: '100%', justifyContent: 'space-between' }}>
                  <Button onClick={() => void router.push(routes.cart.path)} sx={{ minHeight: 48 }}>
                    {t('steps.back')}
                  </Button>
                  <Button type="submit" variant="contained" size="large" disabled={formik.isSubmitting} sx={{ minHeight: 48 }}>
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
