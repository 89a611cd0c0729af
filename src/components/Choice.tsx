import { styled } from '@mui/material/styles';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export type ChoiceProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  type: 'radio' | 'checkbox';
  label: ReactNode;
  /** A second, quieter line under the label (part of the accessible name, as with MUI's label). */
  description?: ReactNode;
};

/**
 * A native radio button or checkbox with its label: the whole row (at least 48 px high) is the
 * target. Plain elements under one style sheet instead of MUI's Radio, Checkbox and
 * FormControlLabel (SwitchBase, ripple and icons), so the forms that use them stay light; the
 * browser draws the control in the theme's primary colour and a phone its own control.
 */
export function Choice({ label, description, className, ...input }: ChoiceProps) {
  return (
    <ChoiceLabel className={className}>
      <input {...input} />
      <span className="choice-text">
        {label}
        {description && <span className="choice-description">{description}</span>}
      </span>
    </ChoiceLabel>
  );
}

const ChoiceLabel = styled('label')(({ theme }) => ({
  ...theme.typography.body1,
  display: 'inline-flex',
  alignItems: 'center',
  gap: theme.spacing(1.5),
  minHeight: 48,
  marginRight: theme.spacing(3),
  paddingRight: theme.spacing(1),
  cursor: 'pointer',
  verticalAlign: 'middle',
  '& input': { width: 20, height: 20, margin: theme.spacing(0, 0, 0, 1), flexShrink: 0, accentColor: theme.palette.primary.main, cursor: 'pointer' },
  '& input:disabled, & input:disabled + .choice-text': { cursor: 'default', color: theme.palette.text.disabled },
  '& .choice-text': { display: 'flex', flexDirection: 'column', padding: theme.spacing(0.75, 0) },
  '& .choice-description': { ...theme.typography.body2, color: theme.palette.text.secondary },
}));

export interface ChoiceGroupProps {
  legend: ReactNode;
  /** The group's error (shown in the error colour and announced with the group). */
  error?: ReactNode;
  /** Choices side by side (wrapping) instead of one per line. */
  row?: boolean;
  /** The legend as a title (bold, in the text colour) instead of a field label. */
  legendStrong?: boolean;
  className?: string;
  children: ReactNode;
}

/** A fieldset of choices with its legend and, under them, the error (MUI's FormControl look). */
export function ChoiceGroup({ legend, error, row, legendStrong, className, children }: ChoiceGroupProps) {
  const errorId = useId();
  return (
    <Fieldset className={className} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend className={`choice-legend${error ? ' choice-error' : ''}${legendStrong ? ' choice-strong' : ''}`}>{legend}</legend>
      <div className={row ? 'choice-items choice-row' : 'choice-items'}>{children}</div>
      {error && (
        <p id={errorId} className="choice-helper choice-error">
          {error}
        </p>
      )}
    </Fieldset>
  );
}

const Fieldset = styled('fieldset')(({ theme }) => ({
  border: 0,
  margin: theme.spacing(2, 0, 1),
  padding: 0,
  minWidth: 0,
  '& .choice-legend': { ...theme.typography.body1, color: theme.palette.text.secondary, padding: 0 },
  '& .choice-strong': { fontWeight: 600, color: theme.palette.text.primary },
  '& .choice-items': { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' },
  '& .choice-row': { flexDirection: 'row', flexWrap: 'wrap' },
  '& .choice-helper': { ...theme.typography.caption, margin: theme.spacing(0.5, 1.75, 0) },
  '& .choice-error': { color: theme.palette.error.main },
}));
