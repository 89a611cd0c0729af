import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import { useId, type InputHTMLAttributes } from 'react';

export interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Visible floating label; without it give the input an `aria-label` through `inputProps`. */
  label?: string;
  placeholder?: string;
  autoFocus?: boolean;
  /** Attributes of the `<input type="search">` itself (aria-label, aria-describedby, enterKeyHint ...). */
  inputProps?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
  sx?: SxProps<Theme>;
}

/**
 * The catalogue's search box: an outlined input with a search icon, looking and behaving like MUI's
 * outlined TextField (floating label, notch, focus border). It is built from TextField's own parts
 * (FormControl, InputLabel, OutlinedInput) because TextField also imports the select with its menu
 * and popover, ~20 kB of JavaScript that home and search never use.
 */
export function SearchField({ value, onChange, label, placeholder, autoFocus, inputProps, sx }: SearchFieldProps) {
  const id = useId();
  const labelId = label ? `${id}-label` : undefined;
  return (
    <FormControl fullWidth variant="outlined" sx={sx}>
      {label && (
        <InputLabel htmlFor={id} id={labelId}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        id={id}
        type="search"
        label={label}
        value={value}
        placeholder={placeholder}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
        inputProps={inputProps}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon aria-hidden />
          </InputAdornment>
        }
      />
    </FormControl>
  );
}
