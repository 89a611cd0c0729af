import { styled } from '@mui/material/styles';
import Router from 'next/router';
import { useRef, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';

/**
 * One style sheet for the whole list: its rows are plain elements with class names. A list of 50
 * rows built from MUI's List, ListItemButton and ListItemText rendered ~400 styled elements on the
 * server (Emotion serialises the styles of each on every request) and brought ButtonBase's ripple to
 * the browser; this renders one. It looks the same: bordered card, divided rows, primary text over
 * secondary text, an end column (price) and a chevron; rows are links with hover and keyboard focus.
 */
const List = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  backgroundColor: theme.palette.background.paper,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: Number(theme.shape.borderRadius) * 2,
  overflow: 'hidden',
  '& > li + li': { borderTop: `1px solid ${theme.palette.divider}` },
  '& .row-link': {
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(1),
    minHeight: 64,
    padding: theme.spacing(1, 2),
    color: 'inherit',
    textDecoration: 'none',
    transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
    '&:hover': { backgroundColor: theme.palette.action.hover },
    // Inside the card's rounded, clipping edge the focus ring is drawn inwards.
    '&:focus-visible': { outlineOffset: -3 },
  },
  '& .row-text': { flex: '1 1 auto', minWidth: 0, margin: theme.spacing(0.5, 0) },
  '& .row-primary': { ...theme.typography.body1, display: 'block', fontWeight: 500 },
  '& .row-secondary': { ...theme.typography.body2, display: 'block', color: theme.palette.text.secondary },
  '& .row-end': { ...theme.typography.body1, flexShrink: 0, textAlign: 'right', fontWeight: 600, color: theme.palette.primary.main },
  '& .row-chevron': { flexShrink: 0, width: 24, height: 24, fill: 'currentColor', color: theme.palette.text.secondary },
}));

export interface Row {
  key: string | number;
  href: string;
  primary: ReactNode;
  secondary?: ReactNode;
  /** Right-hand column, e.g. the price. */
  end?: ReactNode;
}

/** The row link an event happened in, when it is one of this list's. */
function rowLinkOf(e: SyntheticEvent<HTMLUListElement>): HTMLAnchorElement | null {
  const link = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a.row-link') : null;
  return link && e.currentTarget.contains(link) ? link : null;
}

/**
 * Rows that each open a page: a list with an accessible name, one link per row. The rows are plain
 * anchors and the list handles their clicks once, as Next's Link does for each of its own: a plain
 * left click navigates in the page (client-side), a modified one (new tab, download) is the
 * browser's; pointing at or touching a row prefetches its page. A category page's 50 rows hydrate as
 * 50 elements instead of 50 Link components with their hooks and effects.
 */
export function RowList({ label, rows }: { label: string; rows: Row[] }) {
  const prefetched = useRef(new Set<string>());
  const onClick = (e: MouseEvent<HTMLUListElement>) => {
    // Next's router (absent outside a Next page, e.g. in component tests: the browser then follows the link).
    const router = Router.router;
    const link = rowLinkOf(e);
    if (!link || !router || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void router.push(link.getAttribute('href') as string);
  };
  const prefetch = (e: SyntheticEvent<HTMLUListElement>) => {
    const router = Router.router;
    const href = rowLinkOf(e)?.getAttribute('href');
    if (!href || !router || process.env.NODE_ENV !== 'production' || prefetched.current.has(href)) return;
    prefetched.current.add(href);
    void router.prefetch(href).catch(() => undefined);
  };
  return (
    <List aria-label={label} onClick={onClick} onMouseOver={prefetch} onTouchStart={prefetch}>
      {rows.map((row) => (
        <li key={row.key}>
          <a href={row.href} className="row-link">
            <span className="row-text">
              <span className="row-primary">{row.primary}</span>
              {row.secondary !== undefined && <span className="row-secondary">{row.secondary}</span>}
            </span>
            {row.end !== undefined && <span className="row-end">{row.end}</span>}
            <svg className="row-chevron" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z" />
            </svg>
          </a>
        </li>
      ))}
    </List>
  );
}
