import type { GetServerSidePropsContext } from 'next';
import { createTestDb, type TestDb } from '@/server/testing/testDb';
import { listAnalyses } from '@/server/catalogue/catalogue';
import { LAB_COOKIE } from '@/shared/storage';
import type { AnalysisDto } from '@/shared/types/api';
import { enlarge } from '../../../bench/lib/catalogue';
import { CATEGORY_PAGE_SIZE, getServerSideProps } from '../../../pages/categories/[categorySlug]';

/** A category page server-renders one page of the category at a time, whatever the catalogue's size. */
let tdb: TestDb;

beforeAll(async () => {
  tdb = await createTestDb({ seed: true });
  // Three times the demo catalogue, so the hormones category has more than one page.
  await enlarge(tdb.db, 3);
});
afterAll(async () => {
  await tdb.cleanup();
});

type Result = Awaited<ReturnType<typeof getServerSideProps>>;

async function open(page?: string): Promise<Result> {
  const ctx = {
    params: { categorySlug: 'hormones' },
    query: page === undefined ? { categorySlug: 'hormones' } : { categorySlug: 'hormones', page },
    req: { headers: {}, cookies: { [LAB_COOKIE]: 'warsaw-mokotow' } },
    res: { setHeader: () => undefined, getHeader: () => undefined },
    resolvedUrl: '/categories/hormones',
  } as unknown as GetServerSidePropsContext;
  return getServerSideProps(ctx);
}

/** The analyses the page carries to the browser (the "received" action its store replays). */
function shown(result: Result): { ids: number[]; props: Record<string, unknown> } {
  if (!('props' in result)) throw new Error('expected props');
  const props = result.props as Record<string, unknown> & { reduxWrapperActionsGSSP?: { type: string; payload: { data: AnalysisDto[] } }[] };
  const received = props.reduxWrapperActionsGSSP?.find((a) => a.type === 'catalogue/categoryReceived');
  return { ids: received?.payload.data.map((a) => a.id) ?? [], props };
}

test('pages of 50 analyses by name; together they are the whole category; past the last page is 404', async () => {
  const all = (await listAnalyses(tdb.db, 'warsaw-mokotow')).filter((a: AnalysisDto) => a.catalogueHeaders.some((h) => h.id === 2));
  expect(all.length).toBeGreaterThan(CATEGORY_PAGE_SIZE);
  const pages = Math.ceil(all.length / CATEGORY_PAGE_SIZE);
  const seen: number[] = [];
  for (let n = 1; n <= pages; n++) {
    const { ids, props } = shown(await open(n === 1 ? undefined : String(n)));
    expect(props).toMatchObject({ page: n, total: all.length, laboratoryId: 'warsaw-mokotow' });
    expect(ids.length).toBe(Math.min(CATEGORY_PAGE_SIZE, all.length - (n - 1) * CATEGORY_PAGE_SIZE));
    seen.push(...ids);
  }
  expect(seen).toEqual(all.map((a) => a.id));
  expect(await open(String(pages + 1))).toMatchObject({ notFound: true });
  // Anything but a page number is the first page.
  expect(shown(await open('abc')).props).toMatchObject({ page: 1 });
  expect(shown(await open('0')).props).toMatchObject({ page: 1 });
});
