import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useRef, type ReactNode } from 'react';
import { ACTION_BAR_HEIGHT_VAR } from '@/theme/layout';
import { useHeightVar } from '@/lib/useHeightVar';

/**
 * The bottom bar of a checkout step: the total (or a summary) and the next step, always reachable
 * without scrolling back up on a phone.
 */
export function StickyActionBar({ summary, children }: { summary?: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // Toasts keep above the bar (they must never cover the next step).
  useHeightVar(ref, ACTION_BAR_HEIGHT_VAR);
  return (
    <Paper
      ref={ref}
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
      {/* On a phone the buttons fill the rest of the row (or a row of their own when the summary is long). */}
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          flex: { xs: '1 0 auto', sm: summary ? '0 0 auto' : '1 1 auto' },
          justifyContent: 'flex-end',
          '& > *': { flex: { xs: '1 1 auto', sm: '0 0 auto' } },
        }}
      >
        {children}
      </Box>
    </Paper>
  );
}
