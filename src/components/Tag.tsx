import { alpha, styled, type SxProps, type Theme } from '@mui/material/styles';
import type { HTMLAttributes, ReactNode } from 'react';

type TagColour = 'default' | 'primary' | 'success' | 'warning' | 'info' | 'error';

export type TagProps = Omit<HTMLAttributes<HTMLSpanElement>, 'color'> & {
  label: ReactNode;
  color?: TagColour;
  variant?: 'filled' | 'outlined';
  size?: 'small' | 'medium';
  /** An icon before the label (decorative: the label says it). */
  icon?: ReactNode;
  sx?: SxProps<Theme>;
};

/**
 * A short label in a rounded box: a status, a flag, a kind. The look of MUI's (non-interactive)
 * Chip as one span under one style sheet, so the pages that show statuses do not load Chip's
 * button base, ripple and delete icon.
 */
export function Tag({ label, color = 'default', variant = 'filled', size = 'medium', icon, className, ...rest }: TagProps) {
  return (
    <TagRoot {...rest} className={`tag tag-${variant} tag-${color} tag-${size}${className ? ` ${className}` : ''}`}>
      {icon && <span className="tag-icon">{icon}</span>}
      <span className="tag-label">{label}</span>
    </TagRoot>
  );
}

// Variants under :where(), so they weigh no more than the root class and an `sx` on a tag wins.
const COLOURS = ['primary', 'success', 'warning', 'info', 'error'] as const;

const TagRoot = styled('span')(({ theme }) => ({
  ...theme.typography.body2,
  fontSize: theme.typography.pxToRem(13),
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  maxWidth: '100%',
  height: 32,
  borderRadius: 16,
  whiteSpace: 'nowrap',
  verticalAlign: 'middle',
  boxSizing: 'border-box',
  color: theme.palette.text.primary,
  '& .tag-label': { overflow: 'hidden', textOverflow: 'ellipsis', padding: '0 12px' },
  '& .tag-icon': { display: 'inline-flex', marginLeft: 5, marginRight: -6, '& svg': { fontSize: 18 } },
  '&:where(.tag-small)': { height: 24, '& .tag-label': { padding: '0 8px' }, '& .tag-icon': { marginLeft: 4, marginRight: -4, '& svg': { fontSize: 18 } } },
  '&:where(.tag-filled.tag-default)': { backgroundColor: theme.palette.action.selected },
  '&:where(.tag-outlined)': { border: `1px solid ${theme.palette.grey[400]}`, backgroundColor: 'transparent' },
  '&:where(.tag-outlined) .tag-label': { padding: '0 11px' },
  '&:where(.tag-outlined.tag-small) .tag-label': { padding: '0 7px' },
  ...Object.fromEntries(
    COLOURS.flatMap((c) => [
      [`&:where(.tag-filled.tag-${c})`, { backgroundColor: theme.palette[c].main, color: theme.palette[c].contrastText }],
      [`&:where(.tag-outlined.tag-${c})`, { color: theme.palette[c].dark, borderColor: alpha(theme.palette[c].main, 0.7) }],
    ]),
  ),
}));
