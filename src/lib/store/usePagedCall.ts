import { useCallback, useEffect, useState } from 'react';
import { Status } from '@/lib/status';
import type { Failure } from './resource';
import { useCall } from './useCall';

export interface PagedList<T> {
  /** The rows of the page shown; null while it loads or when it failed. */
  rows: T[] | null;
  failed: boolean;
  /** Why the page failed (show it with `useFailureText`), null otherwise. */
  failure: Failure | null;
  /** 1 for the first page. */
  page: number;
  hasNext: boolean;
  next: () => void;
  previous: () => void;
  /** Replaces one row in place (after a change made on it). */
  replace: (row: T, same: (a: T, b: T) => boolean) => void;
}

interface Pages<C> {
  key: string;
  cursors: (C | undefined)[];
}

/**
 * One page of a list the API pages, sent through `useCall` (the last page asked for wins; nothing is
 * set after unmount; a failure is a `Failure` like any call's). `load(cursor, limit)` answers up to
 * `limit` rows after the cursor (undefined for the first page); one row more than a page is asked for
 * to know whether a next page exists. `nextCursor` gives the cursor after a page (the last id, or the
 * offset). Going back uses the cursors already seen; changing `key` (the filters) starts again at the
 * first page.
 */
export function usePagedCall<T, C>(load: (cursor: C | undefined, limit: number) => Promise<T[]>, nextCursor: (rows: T[], cursor: C | undefined) => C, key: string, pageSize: number): PagedList<T> {
  const [pages, setPages] = useState<Pages<C>>({ key, cursors: [undefined] });
  // New filters start again at the first page (state derived during render, one load only).
  if (pages.key !== key) setPages({ key, cursors: [undefined] });
  const cursors = pages.cursors;
  const cursor = cursors[cursors.length - 1];
  const call = useCall(async (asked: Pages<C>, from: C | undefined) => ({ asked, rows: await load(from, pageSize + 1) }));
  // Rows changed in place on the page shown (`replace`), until another page is shown.
  const [patched, setPatched] = useState<{ asked: Pages<C>; rows: T[] } | null>(null);

  const { run } = call;
  useEffect(() => {
    void run(pages, cursor);
    // The filters are inside `load` and in `pages.key`; the cursors say which page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pages]);

  const { status, data, error } = call.resource;
  const answered = status === Status.SUCCESS && data?.asked === pages ? data.rows : null;
  const rows = answered && (patched?.asked === pages ? patched.rows : answered.slice(0, pageSize));
  const failed = status === Status.ERROR;
  const hasNext = !!answered && answered.length > pageSize;
  const next = useCallback(() => {
    if (rows?.length) setPages((s) => ({ ...s, cursors: [...s.cursors, nextCursor(rows, cursor)] }));
  }, [rows, cursor, nextCursor]);
  const previous = useCallback(() => setPages((s) => (s.cursors.length > 1 ? { ...s, cursors: s.cursors.slice(0, -1) } : s)), []);
  const replace = useCallback(
    (row: T, same: (a: T, b: T) => boolean) => {
      if (rows) setPatched({ asked: pages, rows: rows.map((r) => (same(r, row) ? row : r)) });
    },
    [rows, pages],
  );
  return { rows, failed, failure: failed ? error : null, page: cursors.length, hasNext, next, previous, replace };
}
