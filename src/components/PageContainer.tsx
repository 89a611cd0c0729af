import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export interface PageContainerProps {
  /** Page heading (h1). */
  title?: ReactNode;
  /** Line under the heading. */
  subtitle?: ReactNode;
  /** Controls shown at the right of the heading (wrap below it on phones). */
  actions?: ReactNode;
  /** Default 'md' (900 px). */
  maxWidth?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}

/** The content column of a page: consistent padding and an optional heading. */
export function PageContainer({ title, subtitle, actions, maxWidth = 'md', children }: PageContainerProps) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 2, sm: 4 }, px: { xs: 2, sm: 3 } }}>
      {(title || actions) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: { xs: 2, sm: 3 } }}>
          <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
            {title && (
              <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, fontWeight: 600, color: 'primary.main' }}>
                {title}
              </Typography>
            )}
            {subtitle && (
              <Typography variant="body1" color="text.secondary" sx={{ mt: 0.5 }}>
                {subtitle}
              </Typography>
            )}
          </Box>
          {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
        </Box>
      )}
      {children}
    </Container>
  );
}
