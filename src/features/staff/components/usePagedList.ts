import { useCallback, useEffect, useState } from 'react';

/** Rows shown on one page of the console's lists. */
const STAFF_PAGE_SIZE = 25;

export interface PagedList<T> {
  rows: T[] | null;
  failed: boolean;
  /** 1 for the first page. */
  page: number;
  hasNext: boolean;
  next: () => void;
  previous: () => void;
  /** Replaces one row in place (after a change made on it). */
  replace: (row: T, same: (a: T, b: T) => boolean) => void;
}

/**
 * One page of a list the API pages: `load(cursor, limit)` answers up to `limit` rows after the cursor
 * (undefined for the first page); one row more than a page is asked for to know whether a next page
 * exists. `nextCursor` gives the cursor after a page (the last id, or the offset). Going back uses
 * the cursors already seen; changing `key` (the filters) starts again at the first page.
 */
export function usePagedList<T, C>(load: (cursor: C | undefined, limit: number) => Promise<T[]>, nextCursor: (rows: T[], cursor: C | undefined) => C, key: string): PagedList<T> {
  type Page = { key: string; cursors: (C | undefined)[] };
  const [state, setState] = useState<Page>({ key, cursors: [undefined] });
  // What the API answered, and for which page: a page not answered yet shows as loading.
  const [answer, setAnswer] = useState<{ page: Page | null; rows: T[]; hasNext: boolean; failed: boolean }>({ page: null, rows: [], hasNext: false, failed: false });
  // New filters start again at the first page (state derived during render, one load only).
  if (state.key !== key) setState({ key, cursors: [undefined] });
  const cursors = state.cursors;
  const cursor = cursors[cursors.length - 1];

  useEffect(() => {
    let live = true;
    load(cursor, STAFF_PAGE_SIZE + 1)
      .then((r) => live && setAnswer({ page: state, rows: r.slice(0, STAFF_PAGE_SIZE), hasNext: r.length > STAFF_PAGE_SIZE, failed: false }))
      .catch(() => live && setAnswer({ page: state, rows: [], hasNext: false, failed: true }));
    return () => {
      live = false;
    };
    // The filters are inside `load` and in `state.key`; the cursors say which page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  const current = answer.page === state;
  const rows = current && !answer.failed ? answer.rows : null;
  const failed = current && answer.failed;
  const hasNext = current && answer.hasNext;
  const next = useCallback(() => {
    if (rows?.length) setState((s) => ({ ...s, cursors: [...s.cursors, nextCursor(rows, cursor)] }));
  }, [rows, cursor, nextCursor]);
  const previous = useCallback(() => setState((s) => (s.cursors.length > 1 ? { ...s, cursors: s.cursors.slice(0, -1) } : s)), []);
  const replace = useCallback((row: T, same: (a: T, b: T) => boolean) => setAnswer((a) => ({ ...a, rows: a.rows.map((r) => (same(r, row) ? row : r)) })), []);
  return { rows, failed, page: cursors.length, hasNext, next, previous, replace };
}

/** The cursor of the pages by id, newest first: the last id shown. */
export const beforeLastId = (rows: { id: number }[]): number => rows[rows.length - 1]?.id ?? 0;
