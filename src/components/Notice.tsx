import { darken, lighten, styled, type SxProps, type Theme } from '@mui/material/styles';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import type { HTMLAttributes, ReactNode } from 'react';

type Severity = 'error' | 'warning' | 'info' | 'success';

const icons = { error: ErrorOutline, warning: ReportProblemOutlined, info: InfoOutlined, success: CheckCircleOutline } as const;

export type NoticeProps = Omit<HTMLAttributes<HTMLDivElement>, 'role' | 'title'> & {
  severity: Severity;
  role?: 'alert' | 'status';
  /** Filled with the severity's colour (for what must not be missed) instead of tinted. */
  variant?: 'standard' | 'filled';
  title?: ReactNode;
  /** A button at the end (Retry, Change laboratory). */
  action?: ReactNode;
  sx?: SxProps<Theme>;
};

/**
 * A message in a tinted (or, for what must not be missed, filled) box with its severity's icon and
 * an optional action: the look of MUI's Alert as plain elements under one style sheet, for every
 * message of the shop (Alert brought its own Paper, icons and close button to each page). Like
 * Alert, it is `role="alert"` unless told otherwise (`role="status"` for good news).
 */
export function Notice({ severity, role = 'alert', variant = 'standard', title, action, children, className, ...rest }: NoticeProps) {
  const Icon = icons[severity];
  return (
    <Box {...rest} role={role} className={`notice notice-${variant} notice-${severity}${className ? ` ${className}` : ''}`}>
      <span className="notice-icon">
        <Icon fontSize="inherit" />
      </span>
      <div className="notice-message">
        {title && <div className="notice-title">{title}</div>}
        {children}
      </div>
      {action && <div className="notice-action">{action}</div>}
    </Box>
  );
}

const Box = styled('div')(({ theme }) => ({
  ...theme.typography.body2,
  display: 'flex',
  padding: '6px 16px',
  borderRadius: theme.shape.borderRadius,
  // The icon's box carries the padding, so the icon itself keeps its full 22 px (as in MUI's Alert).
  '& .notice-icon': { display: 'flex', marginRight: 12, padding: '7px 0', fontSize: 22, opacity: 0.9, flexShrink: 0 },
  '& .notice-message': { padding: '8px 0', minWidth: 0, overflow: 'auto' },
  '& .notice-title': { ...theme.typography.body1, fontWeight: 500, marginTop: -2, marginBottom: 4 },
  '& .notice-action': { display: 'flex', alignItems: 'center', marginLeft: 'auto', marginRight: -8, paddingLeft: 16 },
  ...Object.fromEntries(
    (['error', 'warning', 'info', 'success'] as const).flatMap((s) => [
      [
        `&.notice-standard.notice-${s}`,
        { color: darken(theme.palette[s].light, 0.6), backgroundColor: lighten(theme.palette[s].light, 0.9), '& .notice-icon': { color: theme.palette[s].main } },
      ],
      [`&.notice-filled.notice-${s}`, { color: theme.palette[s].contrastText, backgroundColor: theme.palette[s].main, fontWeight: 500, '& .notice-icon': { color: 'inherit' } }],
    ]),
  ),
}));
