import { darken, lighten, styled, type SxProps, type Theme } from '@mui/material/styles';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import type { ReactNode } from 'react';

type Severity = 'error' | 'warning' | 'info' | 'success';

const icons = { error: ErrorOutline, warning: ReportProblemOutlined, info: InfoOutlined, success: CheckCircleOutline } as const;

/**
 * A message in a tinted box with its severity's icon: the look of MUI's standard Alert, as plain
 * elements under one style sheet (for the sign-in and confirmation pages, whose first load must stay
 * small). Like Alert, it is `role="alert"` unless told otherwise (`role="status"` for good news).
 */
export function Notice({ severity, role = 'alert', title, children, sx }: { severity: Severity; role?: 'alert' | 'status'; title?: ReactNode; children?: ReactNode; sx?: SxProps<Theme> }) {
  const Icon = icons[severity];
  return (
    <Box role={role} className={`notice notice-${severity}`} sx={sx}>
      <Icon className="notice-icon" fontSize="inherit" />
      <div className="notice-message">
        {title && <div className="notice-title">{title}</div>}
        {children}
      </div>
    </Box>
  );
}

const Box = styled('div')(({ theme }) => ({
  ...theme.typography.body2,
  display: 'flex',
  padding: '6px 16px',
  borderRadius: theme.shape.borderRadius,
  '& .notice-icon': { marginRight: 12, padding: '7px 0', fontSize: 22, opacity: 0.9, flexShrink: 0 },
  '& .notice-message': { padding: '8px 0', minWidth: 0, overflow: 'auto' },
  '& .notice-title': { ...theme.typography.body1, fontWeight: 500, marginTop: -2, marginBottom: 4 },
  ...Object.fromEntries(
    (['error', 'warning', 'info', 'success'] as const).map((s) => [
      `&.notice-${s}`,
      { color: darken(theme.palette[s].light, 0.6), backgroundColor: lighten(theme.palette[s].light, 0.9), '& .notice-icon': { color: theme.palette[s].main } },
    ]),
  ),
}));
