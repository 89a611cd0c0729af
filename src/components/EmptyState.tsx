import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** An icon element, e.g. <ShoppingCartOutlined fontSize="inherit" />. */
  icon?: ReactNode;
  /** What is empty. */
  title: ReactNode;
  /** What to do next. */
  text?: ReactNode;
  /** A button or link that does the next thing. */
  action?: ReactNode;
}

/** An empty list or page that says what to do next. */
export function EmptyState({ icon, title, text, action }: EmptyStateProps) {
  return (
    <Box role="status" sx={{ textAlign: 'center', py: { xs: 4, sm: 6 }, px: 2, color: 'text.secondary' }}>
      {icon && (
        <Box aria-hidden sx={{ fontSize: 56, color: 'primary.main', opacity: 0.6, lineHeight: 1, mb: 1 }}>
          {icon}
        </Box>
      )}
      <Typography variant="h6" component="p" color="text.primary">
        {title}
      </Typography>
      {text && (
        <Typography variant="body2" sx={{ mt: 1, maxWidth: 420, mx: 'auto' }}>
          {text}
        </Typography>
      )}
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}
