import { alpha, keyframes, styled } from '@mui/material/styles';

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.4; }
  100% { opacity: 1; }
`;

/**
 * A grey shape that pulses where content will be: the look of MUI's Skeleton (text, circular and
 * rounded) as one span under one style sheet.
 */
export const Skeleton = styled('span', { shouldForwardProp: (p) => p !== 'variant' && p !== 'width' && p !== 'height' })<{
  variant?: 'text' | 'circular' | 'rounded';
  width?: number | string;
  height?: number | string;
}>(({ theme, variant = 'text', width, height }) => ({
  display: 'block',
  width,
  height: height ?? (variant === 'text' ? 'auto' : undefined),
  backgroundColor: alpha(theme.palette.text.primary, 0.11),
  borderRadius: variant === 'circular' ? '50%' : theme.shape.borderRadius,
  animation: `${pulse} 2s ease-in-out 0.5s infinite`,
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
  ...(variant === 'text' && {
    marginTop: 0,
    marginBottom: 0,
    transformOrigin: '0 55%',
    transform: 'scale(1, 0.60)',
    borderRadius: `${theme.shape.borderRadius}px/${Math.round((theme.shape.borderRadius as number) / 0.6 * 10) / 10}px`,
    '&::before': { content: '"\\00a0"' },
  }),
}));
