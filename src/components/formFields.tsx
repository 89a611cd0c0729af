import { useState, type ReactNode } from 'react';
import { useField } from 'formik';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import { passwordStrength } from '@/lib/passwordStrength';

/**
 * Translates a message that is an English sentence used as its own key in the `account` namespace
 * (validation and spec messages may contain '.' or ':', so no key or namespace separators).
 */
export function useMessage(): (message: string) => string {
  const { t } = useTranslation('account');
  return (message) => t(message, { keySeparator: false, nsSeparator: false, defaultValue: message });
}

export type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  name: string;
  /** Extra help under the field when there is no error. */
  hint?: ReactNode;
};

/** A labelled MUI text field bound to formik; the error shows inline once the field was touched. */
export function FormTextField({ name, hint, slotProps, ...rest }: FormTextFieldProps) {
  const [field, meta] = useField<string>(name);
  const message = useMessage();
  const showError = Boolean(meta.touched && meta.error);
  return (
    <TextField
      {...rest}
      {...field}
      value={field.value ?? ''}
      id={rest.id ?? `field-${name}`}
      error={showError}
      helperText={showError && meta.error ? message(meta.error) : hint}
      fullWidth
      margin="normal"
      slotProps={{ ...slotProps, htmlInput: { ...(slotProps?.htmlInput as object), 'aria-invalid': showError } }}
      sx={{ '& .MuiInputBase-root': { minHeight: 48 }, ...rest.sx }}
    />
  );
}

const strengthValue = { weak: 33, fair: 66, strong: 100 } as const;
const strengthColor = { weak: 'error', fair: 'warning', strong: 'success' } as const;

/** The password strength hint: a bar and a word (colour is not the only signal). */
export function PasswordStrengthHint({ password }: { password: string }) {
  const { t } = useTranslation('account');
  if (!password) return null;
  const strength = passwordStrength(password);
  return (
    <Box sx={{ mt: -0.5, mb: 1 }} aria-live="polite">
      <LinearProgress
        variant="determinate"
        value={strengthValue[strength]}
        color={strengthColor[strength]}
        aria-hidden
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="text.secondary" data-testid="password-strength">
        {t('password.strength', { strength: t(`password.${strength}`) })}
      </Typography>
    </Box>
  );
}

/** A password field with a show/hide button, and the strength hint when `withStrength`. */
export function PasswordField({ withStrength, ...props }: FormTextFieldProps & { withStrength?: boolean }) {
  const { t } = useTranslation('account');
  const [visible, setVisible] = useState(false);
  const [field] = useField<string>(props.name);
  return (
    <>
      <FormTextField
        {...props}
        type={visible ? 'text' : 'password'}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={visible ? t('password.hide') : t('password.show')}
                  onClick={() => setVisible((v) => !v)}
                  edge="end"
                  sx={{ width: 48, height: 48 }}
                >
                  {visible ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {withStrength && <PasswordStrengthHint password={field.value ?? ''} />}
    </>
  );
}
