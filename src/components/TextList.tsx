import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

export interface TextListItem {
  key: string | number;
  primary: ReactNode;
  secondary?: ReactNode;
  /** A control at the end of the row (a button). */
  action?: ReactNode;
}

/**
 * A dense list of text rows (primary over secondary, and an optional control at the end): the look
 * of MUI's dense List with ListItemText, as plain elements under one style sheet.
 */
export function TextList({ label, items }: { label: string; items: TextListItem[] }) {
  return (
    <List aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <span className="text-row">
            <span className="text-primary">{item.primary}</span>
            {item.secondary !== undefined && <span className="text-secondary">{item.secondary}</span>}
          </span>
          {item.action && <span className="text-action">{item.action}</span>}
        </li>
      ))}
    </List>
  );
}

const List = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: theme.spacing(1, 0),
  '& li': { display: 'flex', alignItems: 'center', gap: theme.spacing(1), padding: theme.spacing(0.5, 0) },
  '& .text-row': { flex: '1 1 auto', minWidth: 0, margin: theme.spacing(0.5, 0) },
  '& .text-primary': { ...theme.typography.body2, display: 'block' },
  '& .text-secondary': { ...theme.typography.body2, display: 'block', color: theme.palette.text.secondary },
  '& .text-action': { flexShrink: 0 },
}));
