import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { BANNER_HEIGHT_VAR } from '@/theme/layout';

/**
 * The price and the next step of a card: at the end of the card on wide screens, pinned to the
 * bottom of the screen on phones so it is reachable with one hand without scrolling back.
 */
export function ActionBar({ children }: { children: ReactNode }) {
  return (
    <>
      <Paper
        elevation={3}
        sx={{
          position: { xs: 'sticky', sm: 'static' },
          // Above the cookie banner while it is shown.
          bottom: { xs: `var(${BANNER_HEIGHT_VAR}, 0px)` },
          zIndex: 2,
          mt: 3,
          mx: { xs: -2, sm: 0 },
          px: 2,
          py: 1.5,
          borderRadius: { xs: 0, sm: 2 },
          boxShadow: { sm: 'none' },
          border: { sm: 1 },
          borderColor: { sm: 'divider' },
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        {children}
      </Paper>
      <Box sx={{ height: { xs: 8, sm: 0 } }} />
    </>
  );
}
