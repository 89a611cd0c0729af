import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextInput } from '@/components/TextInput';
import { Choice } from '@/components/Choice';
import Typography from '@mui/material/Typography';
import { Formik, Form } from 'formik';
import { useRouter } from 'next/router';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '@/components/useFailureText';
import { ListSkeleton, PageContainer } from '@/components';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { routes } from '@/lib/routes';
import { Status } from '@/lib/status';
import type { FeedbackDetails } from '@/shared/validation/order';
import { feedbackDetailsSchema } from '@/lib/validation/formSchemas';
import { usePreloadedSchema } from '@/lib/validation/lazySchema';
import { CheckoutStepper } from '@/components/CheckoutStepper';
import { StickyActionBar } from '@/components/StickyActionBar';
import { useCheckoutGuard } from './useCheckoutGuard';
import { checkoutRequested } from '../checkoutSlice';
import { selectCurrentUser } from '@/features/auth';
import { Notice } from '@/components/Notice';
import { PageHead } from '@/components/PageHead';

/** `/order/feedback`: how the nurse and the laboratory may contact the user; then checkout. */
export function FeedbackStep() {
  usePreloadedSchema(feedbackDetailsSchema);
  const { t } = useTranslation('cart');
  const dispatch = useAppDispatch();
  const router = useRouter();
  const { ready } = useCheckoutGuard();
  const feedbackDetails = useAppSelector((s) => s.checkout.feedbackDetails);
  const { status: checkoutStatus, error: checkoutError } = useAppSelector((s) => s.checkout.checkout);
  const checkoutFailure = useFailureText(checkoutError, { field: (fields) => Object.values(fields)[0], codes: { email_not_confirmed: 'cart:failure.emailNotConfirmed' } });
  const user = useAppSelector(selectCurrentUser);

  return (
    <PageContainer title={t('feedback.title')} subtitle={t('feedback.subtitle')}>
      <PageHead title={t('feedback.pageTitle')} complete />
      <CheckoutStepper active="contact" />
      {!ready ? (
        <ListSkeleton rows={2} />
      ) : (
        <Formik<FeedbackDetails>
          initialValues={{ ...feedbackDetails, quickPhone: feedbackDetails.quickPhone || user?.phone || '' }}
          enableReinitialize
          validate={feedbackDetailsSchema.validate}
          onSubmit={async (values) => {
            dispatch(checkoutRequested((await feedbackDetailsSchema.load()).cast(values)));
          }}
        >
          {(formik) => {
            const contactMissing = formik.submitCount > 0 && Boolean(formik.errors.useEmail);
            const phoneError = formik.touched.quickPhone && formik.errors.quickPhone;
            return (
              <Form method="post" noValidate aria-label={t('feedback.title')}>
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
                  <Choice type="checkbox" name="useEmail" checked={formik.values.useEmail} onChange={formik.handleChange} label={t('feedback.useEmail')} description={user?.email} />
                  <Choice type="checkbox" name="usePhone" checked={formik.values.usePhone} onChange={formik.handleChange} label={t('feedback.usePhone')} />
                </Box>
                {contactMissing && (
                  <Typography variant="caption" component="p" color="error" sx={{ mx: 1.75, mt: 0.5 }}>
                    {t(formik.errors.useEmail ?? '')}
                  </Typography>
                )}
                <TextInput
                  fullWidth
                  id="feedback-quickPhone"
                  name="quickPhone"
                  type="tel"
                  autoComplete="tel"
                  label={t('feedback.quickPhone')}
                  value={formik.values.quickPhone}
                  onChange={formik.handleChange}
                  onBlur={formik.handleBlur}
                  error={Boolean(phoneError)}
                  helperText={phoneError ? t(phoneError) : t('feedback.quickPhoneHelp')}
                  sx={{ mt: 2, maxWidth: 420 }}
                />
                {checkoutStatus === Status.ERROR && checkoutError && (
                  <Notice severity="error" role="alert" sx={{ mt: 2 }}>
                    {checkoutFailure}
                  </Notice>
                )}
                <StickyActionBar>
                  <Box sx={{ display: 'flex', gap: 1, width: '100%', justifyContent: 'space-between' }}>
                    <Button onClick={() => void router.push(routes.nurseCheckoutTime.path)} sx={{ minHeight: 48 }}>
                      {t('steps.back')}
                    </Button>
                    <Button type="submit" variant="contained" size="large" disabled={checkoutStatus === Status.LOADING} sx={{ minHeight: 48 }}>
                      {t('feedback.next')}
                    </Button>
                  </Box>
                </StickyActionBar>
              </Form>
            );
          }}
        </Formik>
      )}
    </PageContainer>
  );
}
