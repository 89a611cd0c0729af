import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

/**
 * The bottom bar of a checkout step: the total (or a summary) and the next step, always reachable
 * without scrolling back up on a phone.
 */
export function StickyActionBar({ summary, children }: { summary?: ReactNode; children: ReactNode }) {
  return (
    <Paper
      elevation={6}
      square
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 5,
        mt: 3,
        mx: { xs: -2, sm: 0 },
        px: { xs: 2, sm: 3 },
        py: 1.5,
        borderRadius: { xs: 0, sm: 2 },
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
      }}
    >
      {summary && <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>{summary}</Box>}
      <Box sx={{ display: 'flex', gap: 1, flex: summary ? '0 0 auto' : '1 1 auto', justifyContent: 'flex-end', width: { xs: summary ? 'auto' : '100%', sm: 'auto' } }}>
        {children}
      </Box>
    </Paper>
  );
}
