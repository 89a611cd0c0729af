import { styled } from '@mui/material/styles';
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

/**
 * MUI's Container with its heading row, in one style sheet (every page renders it on every request:
 * built from Container, Box and Typography it was six styled elements with their `sx`).
 */
const Column = styled('div')(({ theme }) => ({
  boxSizing: 'border-box',
  width: '100%',
  marginLeft: 'auto',
  marginRight: 'auto',
  padding: theme.spacing(2),
  [theme.breakpoints.up('sm')]: { padding: theme.spacing(4, 3) },
  '&.width-sm': { maxWidth: theme.breakpoints.values.sm },
  '&.width-md': { maxWidth: theme.breakpoints.values.md },
  '&.width-lg': { maxWidth: theme.breakpoints.values.lg },
  '& > .page-head': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: theme.spacing(2),
    marginBottom: theme.spacing(2),
    [theme.breakpoints.up('sm')]: { marginBottom: theme.spacing(3) },
  },
  '& .page-titles': { flex: '1 1 auto', minWidth: 0 },
  '& .page-title': {
    ...theme.typography.h1,
    margin: 0,
    fontSize: '1.5rem',
    fontWeight: 600,
    color: theme.palette.primary.main,
    [theme.breakpoints.up('sm')]: { fontSize: '2rem' },
  },
  '& .page-subtitle': { ...theme.typography.body1, margin: theme.spacing(0.5, 0, 0), color: theme.palette.text.secondary },
  '& .page-actions': { display: 'flex', gap: theme.spacing(1), flexWrap: 'wrap' },
}));

/** The content column of a page: consistent padding and an optional heading. */
export function PageContainer({ title, subtitle, actions, maxWidth = 'md', children }: PageContainerProps) {
  return (
    <Column className={`width-${maxWidth}`}>
      {(title || actions) && (
        <div className="page-head">
          <div className="page-titles">
            {title && <h1 className="page-title">{title}</h1>}
            {subtitle && <p className="page-subtitle">{subtitle}</p>}
          </div>
          {actions && <div className="page-actions">{actions}</div>}
        </div>
      )}
      {children}
    </Column>
  );
}
