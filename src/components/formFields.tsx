import { useState, type ReactNode } from 'react';
import { useField } from 'formik';
import { TextInput, type TextInputProps } from './TextInput';
import IconButton from '@mui/material/IconButton';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import { PasswordStrengthHint } from './PasswordStrengthHint';

/**
 * Translates a message that is an English sentence used as its own key in the `account` namespace
 * (validation and spec messages may contain '.' or ':', so no key or namespace separators).
 */
export function useMessage(): (message: string) => string {
  const { t } = useTranslation('account');
  return (message) => t(message, { keySeparator: false, nsSeparator: false, defaultValue: message });
}

export type FormTextFieldProps = Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'label'> & {
  label: TextInputProps['label'];
  name: string;
  /** Extra help under the field when there is no error. */
  hint?: ReactNode;
};

/** A labelled text field bound to formik; the error shows inline once the field was touched. */
export function FormTextField({ name, hint, slotProps, ...rest }: FormTextFieldProps) {
  const [field, meta] = useField<string>(name);
  const message = useMessage();
  const showError = Boolean(meta.touched && meta.error);
  return (
    <TextInput
      {...rest}
      {...field}
      value={field.value ?? ''}
      id={rest.id ?? `field-${name}`}
      error={showError}
      helperText={showError && meta.error ? message(meta.error) : hint}
      fullWidth
      margin="normal"
      slotProps={slotProps}
    />
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
              <IconButton
                aria-label={visible ? t('password.hide') : t('password.show')}
                onClick={() => setVisible((v) => !v)}
                edge="end"
                sx={{ width: 48, height: 48 }}
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            ),
          },
        }}
      />
      {withStrength && <PasswordStrengthHint password={field.value ?? ''} />}
    </>
  );
}
