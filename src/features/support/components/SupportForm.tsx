import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { TextInput } from '@/components/TextInput';
import { useFormik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/apiError';
import type { SupportContactInput } from '@/shared/validation/support';
import { supportFormSchema } from '@/lib/validation/formSchemas';
import { usePreloadedSchema } from '@/lib/validation/lazySchema';
import { SUPPORT_MESSAGE_MAX } from '@/shared/validation/supportLimits';
import { lazyApi } from '@/lib/lazyApi';
import { Notice } from '@/components/Notice';
import { useFailureText } from '@/components/useFailureText';
import { useCall } from '@/lib/store/useCall';
import { Status } from '@/lib/status';

// The API module (with the HTTP client and axios) loads on first use, not with the page.
const supportApi = lazyApi(() => import('../supportApi').then((m) => m.supportApi));


export interface SupportFormProps {
  laboratoryId: string | null;
  /** Prefill for a signed-in user. */
  initialName?: string;
  initialEmail?: string;
  /** Sends the message (default: the shop API). */
  send?: (body: SupportContactInput) => Promise<unknown>;
  /** What the form says once sent (default: the support form's text). */
  sentText?: string;
}

/** Contact form: name, e-mail and message, checked by the same rules as the server. */
export function SupportForm({ laboratoryId, initialName = '', initialEmail = '', send = supportApi.contact, sentText }: SupportFormProps) {
  usePreloadedSchema(supportFormSchema);
  const { t } = useTranslation('help');
  // Stable while the user's data is the same, so a sent form keeps the name and e-mail.
  const initialValues = useMemo(() => ({ name: initialName, email: initialEmail, message: '' }), [initialName, initialEmail]);
  const formik = useFormik({
    initialValues,
    enableReinitialize: true,
    validate: supportFormSchema.validate,
    onSubmit: async (values, helpers) => {
      if (await sending.run({ ...values, ...(laboratoryId ? { laboratoryId } : {}) })) helpers.resetForm({ values: { ...values, message: '' } });
    },
  });
  // A refused field is shown at the field, like the form's own checks.
  const sending = useCall(async (body: SupportContactInput) => {
    try {
      return await send(body);
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) formik.setErrors({ ...e.fields });
      throw e;
    }
  });
  const failure = useFailureText(sending.resource.error, { codes: { rate_limited: 'help:support.rateLimited' }, fallback: 'help:support.sendFailed' });
  const fieldError = (name: 'name' | 'email' | 'message') => {
    const message = formik.touched[name] ? formik.errors[name] : undefined;
    return message ? t(message) : undefined;
  };
  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-label={t('support.formTitle')} sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
      <TextInput
        name="name"
        label={t('support.name')}
        autoComplete="name"
        value={formik.values.name}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={Boolean(fieldError('name'))}
        helperText={fieldError('name')}
        required
      />
      <TextInput
        name="email"
        type="email"
        label={t('support.email')}
        autoComplete="email"
        value={formik.values.email}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={Boolean(fieldError('email'))}
        helperText={fieldError('email')}
        required
      />
      <TextInput
        name="message"
        label={t('support.message')}
        multiline
        minRows={4}
        value={formik.values.message}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={Boolean(fieldError('message'))}
        helperText={fieldError('message') ?? t('support.messageHint', { count: formik.values.message.trim().length, max: SUPPORT_MESSAGE_MAX })}
        slotProps={{ htmlInput: { maxLength: SUPPORT_MESSAGE_MAX + 100 } }}
        required
      />
      {sending.resource.status === Status.SUCCESS && (
        <Notice severity="success" role="status">
          {sentText ?? t('support.sent')}
        </Notice>
      )}
      {sending.resource.status === Status.ERROR && (
        <Notice severity="error" role="alert">
          {failure}
        </Notice>
      )}
      <Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={formik.isSubmitting}
          startIcon={formik.isSubmitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          sx={{ minHeight: 48 }}
        >
          {formik.isSubmitting ? t('support.sending') : t('support.send')}
        </Button>
      </Box>
    </Box>
  );
}
