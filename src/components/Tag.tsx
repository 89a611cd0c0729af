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
    <TagRoot {...rest} tagColor={color} tagVariant={variant} tagSize={size} className={`tag tag-${variant} tag-${color} tag-${size}${className ? ` ${className}` : ''}`}>
      {icon && <span className="tag-icon">{icon}</span>}
      <span className="tag-label">{label}</span>
    </TagRoot>
  );
}

interface TagStyle {
  tagColor: TagColour;
  tagVariant: 'filled' | 'outlined';
  tagSize: 'small' | 'medium';
}

const STYLE_PROPS = new Set<PropertyKey>(['tagColor', 'tagVariant', 'tagSize']);

// The colour and size go into the root's own rule (not into nested class rules, which the style
// sheet would put after it), so an `sx` given to a tag (a result flag's colours) wins over them.
const TagRoot = styled('span', { shouldForwardProp: (p) => !STYLE_PROPS.has(p) })<TagStyle>(({ theme, tagColor, tagVariant, tagSize }) => {
  const small = tagSize === 'small';
  const outlined = tagVariant === 'outlined';
  const palette = tagColor === 'default' ? null : theme.palette[tagColor];
  return {
    ...theme.typography.body2,
    fontSize: theme.typography.pxToRem(13),
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    maxWidth: '100%',
    height: small ? 24 : 32,
    borderRadius: 16,
    whiteSpace: 'nowrap',
    verticalAlign: 'middle',
    boxSizing: 'border-box',
    color: palette ? (outlined ? palette.dark : palette.contrastText) : theme.palette.text.primary,
    backgroundColor: outlined ? 'transparent' : (palette?.main ?? theme.palette.action.selected),
    border: outlined ? `1px solid ${palette ? alpha(palette.main, 0.7) : theme.palette.grey[400]}` : 0,
    '& .tag-label': { overflow: 'hidden', textOverflow: 'ellipsis', padding: `0 ${(small ? 8 : 12) - (outlined ? 1 : 0)}px` },
    '& .tag-icon': { display: 'inline-flex', marginLeft: small ? 4 : 5, marginRight: small ? -4 : -6, '& svg': { fontSize: 18 } },
  };
});
