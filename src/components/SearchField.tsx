import { styled } from '@mui/material/styles';
import { useId, type InputHTMLAttributes } from 'react';

export interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Visible label on the field's top edge; without it give the input an `aria-label` through `inputProps`. */
  label?: string;
  placeholder?: string;
  autoFocus?: boolean;
  /** Name of the input in its form (a form that submits without JavaScript sends it). */
  name?: string;
  /** Attributes of the `<input type="search">` itself (aria-label, aria-describedby, enterKeyHint ...). */
  inputProps?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
  className?: string;
}

/** Outlined like MUI's outlined text field: 56 px high, rounded, a primary 2 px border while focused. */
const Field = styled('div')(({ theme }) => ({
  position: 'relative',
  width: '100%',
  '& input': {
    ...theme.typography.body1,
    boxSizing: 'border-box',
    width: '100%',
    height: 56,
    margin: 0,
    padding: '0 14px 0 48px',
    border: '1px solid rgba(0, 0, 0, 0.23)',
    borderRadius: theme.shape.borderRadius,
    backgroundColor: theme.palette.background.paper,
    color: theme.palette.text.primary,
    appearance: 'none',
    '&::placeholder': { color: theme.palette.text.secondary, opacity: 1 },
    '&:hover': { borderColor: theme.palette.text.primary },
    '&:focus': { borderColor: theme.palette.primary.main, boxShadow: `inset 0 0 0 1px ${theme.palette.primary.main}`, outline: 'none' },
  },
  '& label': {
    ...theme.typography.caption,
    position: 'absolute',
    left: 10,
    top: -9,
    padding: '0 4px',
    lineHeight: '18px',
    color: theme.palette.text.secondary,
    backgroundColor: theme.palette.background.paper,
    borderRadius: 4,
    pointerEvents: 'none',
  },
  '&:focus-within label': { color: theme.palette.primary.main },
  '& svg': { position: 'absolute', left: 14, top: 16, width: 24, height: 24, fill: theme.palette.text.secondary, pointerEvents: 'none' },
}));

/**
 * The catalogue's search box: a native `<input type="search">` (a `searchbox` named by its label)
 * with a search icon, styled by one style sheet. MUI's outlined input (FormControl, InputLabel,
 * OutlinedInput, InputAdornment, notch) brought ~22 kB of script to home and search and eight styled
 * elements to every server render of them. Keyboard focus shows the primary border and the shop's
 * focus ring.
 */
export function SearchField({ value, onChange, label, placeholder, autoFocus, name, inputProps, className }: SearchFieldProps) {
  const id = useId();
  return (
    <Field className={className}>
      {label && <label htmlFor={id}>{label}</label>}
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14" />
      </svg>
      <input
        {...inputProps}
        id={id}
        type="search"
        name={name}
        value={value}
        placeholder={placeholder}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
