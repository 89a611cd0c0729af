import { styled } from '@mui/material/styles';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, useState, type ChangeEvent, type FocusEvent, type HTMLAttributes, type ReactNode, type Ref } from 'react';

/**
 * An outlined text field with a floating label: the look of MUI's outlined TextField, as plain
 * elements under one style sheet. MUI's TextField imports the select with its menu, popover, modal
 * and focus trap, about 25 kB gzip on every form page; the shop's text fields need none of them.
 *
 * Accessible as a native control: a `<label for>`, `aria-invalid`, and the helper text joined with
 * `aria-describedby`. The props are the part of MUI's TextField API the shop uses, so a field
 * changes by its import only.
 */
export interface TextInputProps {
  label: ReactNode;
  name?: string;
  id?: string;
  value: string;
  onChange?: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  onBlur?: (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  type?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  /** Under the field: the error when `error`, otherwise a hint (a single space keeps the room). */
  helperText?: ReactNode;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  fullWidth?: boolean;
  margin?: 'none' | 'dense' | 'normal';
  size?: 'small' | 'medium';
  multiline?: boolean;
  minRows?: number;
  /** A native `<select>`: the children are its `<option>`s (the phone shows its own picker). */
  select?: boolean;
  children?: ReactNode;
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
  slotProps?: {
    /** Attributes of the input (or textarea) element itself. */
    htmlInput?: {
      maxLength?: number;
      min?: number | string;
      max?: number | string;
      step?: number | string;
      inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
      lang?: string;
      readOnly?: boolean;
      autoCapitalize?: string;
      pattern?: string;
      'aria-invalid'?: boolean;
    } & Record<`data-${string}`, string>;
    inputLabel?: { shrink?: boolean };
    input?: { endAdornment?: ReactNode; readOnly?: boolean };
  };
  sx?: SxProps<Theme>;
}

/** Inputs whose empty value still shows the browser's own text (a date's dd.mm.yyyy), so the label stays up. */
const ALWAYS_FILLED = new Set(['date', 'time', 'datetime-local', 'month', 'week', 'color', 'file']);

export function TextInput(props: TextInputProps) {
  const { label, name, value, onChange, onBlur, type = 'text', required, disabled, error, helperText, autoComplete, autoFocus, placeholder, fullWidth, margin = 'none', size, multiline, minRows, select, children, inputRef, slotProps, sx } = props;
  const generated = useId();
  const id = props.id ?? `text-${generated}`;
  const helperId = `${id}-helper-text`;
  const [focused, setFocused] = useState(false);
  const shrink = Boolean(slotProps?.inputLabel?.shrink || select || focused || value !== '' || placeholder || ALWAYS_FILLED.has(type));
  const hasHelper = helperText !== undefined && helperText !== null && helperText !== false;
  const className = ['text-field', `text-field-margin-${margin}`, fullWidth && 'text-field-full', size === 'small' && 'text-field-small', shrink && 'text-field-shrink', focused && 'text-field-focused', error && 'text-field-error', disabled && 'text-field-disabled']
    .filter(Boolean)
    .join(' ');
  const control = {
    ...slotProps?.htmlInput,
    id,
    name,
    value,
    onChange,
    onFocus: () => setFocused(true),
    onBlur: (e: FocusEvent<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement>) => {
      setFocused(false);
      onBlur?.(e);
    },
    required,
    disabled,
    autoComplete,
    autoFocus,
    placeholder,
    readOnly: slotProps?.input?.readOnly ?? slotProps?.htmlInput?.readOnly,
    'aria-invalid': error || slotProps?.htmlInput?.['aria-invalid'] ? true : undefined,
    'aria-describedby': hasHelper ? helperId : undefined,
    className: 'text-field-input',
  };
  return (
    <Root className={className} sx={sx}>
      <label htmlFor={id} className="text-field-label" data-shrink={shrink}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <div className="text-field-box">
        {select ? (
          <select {...control} className="text-field-input text-field-select">
            {children}
          </select>
        ) : multiline ? (
          <textarea {...control} rows={minRows ?? 2} ref={inputRef} />
        ) : (
          <input {...control} type={type} ref={inputRef} />
        )}
        {select && (
          <svg className="text-field-arrow" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M7 10l5 5 5-5z" />
          </svg>
        )}
        {slotProps?.input?.endAdornment && <span className="text-field-end">{slotProps.input.endAdornment}</span>}
        <fieldset aria-hidden="true" className="text-field-outline">
          <legend>
            <span>
              {label}
              {required && ' *'}
            </span>
          </legend>
        </fieldset>
      </div>
      {hasHelper && (
        <p id={helperId} className="text-field-helper">
          {helperText}
        </p>
      )}
    </Root>
  );
}

const Root = styled('div')(({ theme }) => ({
  position: 'relative',
  display: 'inline-flex',
  flexDirection: 'column',
  minWidth: 0,
  padding: 0,
  border: 0,
  verticalAlign: 'top',
  '&.text-field-margin-normal': { marginTop: 16, marginBottom: 8 },
  '&.text-field-margin-dense': { marginTop: 8, marginBottom: 4 },
  '&.text-field-full': { width: '100%' },
  '& .text-field-label': {
    ...theme.typography.body1,
    position: 'absolute',
    left: 0,
    top: 0,
    zIndex: 1,
    maxWidth: 'calc(100% - 24px)',
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    textOverflow: 'ellipsis',
    color: theme.palette.text.secondary,
    transformOrigin: 'top left',
    transform: 'translate(14px, 16px) scale(1)',
    transition: theme.transitions.create(['color', 'transform', 'max-width'], { duration: theme.transitions.duration.shorter }),
    pointerEvents: 'none',
  },
  '&.text-field-small .text-field-label': { transform: 'translate(14px, 9px) scale(1)' },
  '&.text-field-shrink .text-field-label': { maxWidth: 'calc(133% - 32px)', transform: 'translate(14px, -9px) scale(0.75)', pointerEvents: 'auto' },
  '&.text-field-focused .text-field-label': { color: theme.palette.primary.main },
  '&.text-field-error .text-field-label': { color: theme.palette.error.main },
  '&.text-field-disabled .text-field-label': { color: theme.palette.text.disabled },
  '& .text-field-box': {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    minHeight: 48,
    borderRadius: theme.shape.borderRadius,
    color: theme.palette.text.primary,
    cursor: 'text',
  },
  '& .text-field-input': {
    ...theme.typography.body1,
    boxSizing: 'content-box',
    display: 'block',
    width: '100%',
    minWidth: 0,
    height: '1.4375em',
    margin: 0,
    padding: '16.5px 14px',
    border: 0,
    background: 'none',
    color: 'currentColor',
    letterSpacing: 'inherit',
    // The focus shows as the outline's thicker primary border, as on MUI's fields.
    outline: 'none',
    boxShadow: 'none',
    '&::placeholder': { color: theme.palette.text.secondary, opacity: 1 },
    '&:disabled': { color: theme.palette.text.disabled, WebkitTextFillColor: theme.palette.text.disabled },
  },
  '&:not(.text-field-shrink) .text-field-input::placeholder': { opacity: 0 },
  '&.text-field-small .text-field-input': { padding: '8.5px 14px' },
  '& textarea.text-field-input': { height: 'auto', resize: 'vertical' },
  '& .text-field-select': { appearance: 'none', cursor: 'pointer', paddingRight: 32, height: 'auto', minHeight: '1.4375em' },
  '& .text-field-arrow': { position: 'absolute', right: 7, width: 24, height: 24, fill: theme.palette.action.active, pointerEvents: 'none' },
  '&.text-field-disabled .text-field-arrow': { fill: theme.palette.action.disabled },
  '& .text-field-end': { display: 'flex', alignItems: 'center', marginRight: 8, height: '0.01em', maxHeight: '2em' },
  '& .text-field-outline': {
    position: 'absolute',
    inset: '-5px 0 0',
    margin: 0,
    padding: '0 8px',
    overflow: 'hidden',
    textAlign: 'left',
    pointerEvents: 'none',
    borderRadius: 'inherit',
    border: '1px solid rgba(0, 0, 0, 0.23)',
    minWidth: 0,
  },
  '& .text-field-box:hover .text-field-outline': { borderColor: theme.palette.text.primary },
  '&.text-field-focused .text-field-outline': { borderColor: theme.palette.primary.main, borderWidth: 2 },
  '&.text-field-error .text-field-outline': { borderColor: theme.palette.error.main },
  '&.text-field-disabled .text-field-outline': { borderColor: theme.palette.action.disabled },
  // The gap in the outline under the floating label (MUI's notch): a hidden copy of the label.
  '& .text-field-outline legend': {
    float: 'unset',
    width: 'auto',
    maxWidth: '0.01px',
    height: 11,
    padding: 0,
    fontSize: '0.75em',
    visibility: 'hidden',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    transition: theme.transitions.create('max-width', { duration: 50, easing: theme.transitions.easing.easeOut }),
  },
  '& .text-field-outline legend > span': { display: 'inline-block', paddingLeft: 5, paddingRight: 5, opacity: 0 },
  '&.text-field-shrink .text-field-outline legend': { maxWidth: '100%', transition: theme.transitions.create('max-width', { duration: 100, easing: theme.transitions.easing.easeOut, delay: 50 }) },
  '& .text-field-helper': {
    ...theme.typography.caption,
    margin: '3px 14px 0',
    color: theme.palette.text.secondary,
    minHeight: '1.66em',
  },
  '&.text-field-error .text-field-helper': { color: theme.palette.error.main },
}));
