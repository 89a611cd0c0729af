import type { GetServerSideProps } from 'next';
import { SharedResultsPage, type SharedResultsPageProps } from '@/features/results/components/SharedResultsPage';
import { getDb } from '@/server/db/createDb';
import { HttpError } from '@/server/http/errors';
import { clientIp } from '@/server/http/route';
import { openShare } from '@/server/results/shares';

export default SharedResultsPage;

/** Opens the link on the server (recorded as an opening); expired or revoked answers 410, unknown 404, opened too often 429. */
export const getServerSideProps: GetServerSideProps<SharedResultsPageProps> = async (ctx) => {
  const token = typeof ctx.params?.token === 'string' ? ctx.params.token : '';
  ctx.res.setHeader('Cache-Control', 'private, no-store');
  ctx.res.setHeader('Referrer-Policy', 'no-referrer');
  try {
    const data = await openShare(await getDb(), token, clientIp(ctx.req as Parameters<typeof clientIp>[0]));
    return { props: { state: 'ok', token, data } };
  } catch (e) {
    if (e instanceof HttpError && e.status === 410) {
      ctx.res.statusCode = 410;
      return { props: { state: 'gone' } };
    }
    if (e instanceof HttpError && e.status === 404) return { notFound: true };
    if (e instanceof HttpError && e.status === 429) {
      ctx.res.statusCode = 429;
      for (const [name, value] of Object.entries(e.headers)) ctx.res.setHeader(name, value);
      return { props: { state: 'busy' } };
    }
    throw e;
  }
};
