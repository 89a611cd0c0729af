import { usePagedCall, type PagedList } from '@/lib/store/usePagedCall';

export type { PagedList };

/** Rows shown on one page of the console's lists. */
const STAFF_PAGE_SIZE = 25;

/** One page of a console list (`usePagedCall` with the console's page size). */
export function usePagedList<T, C>(load: (cursor: C | undefined, limit: number) => Promise<T[]>, nextCursor: (rows: T[], cursor: C | undefined) => C, key: string): PagedList<T> {
  return usePagedCall(load, nextCursor, key, STAFF_PAGE_SIZE);
}

/** The cursor of the pages by id, newest first: the last id shown. */
export const beforeLastId = (rows: { id: number }[]): number => rows[rows.length - 1]?.id ?? 0;
