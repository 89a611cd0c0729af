import type { GetServerSidePropsContext } from 'next';
import { AddToCartFlow } from '@/features/cart/components/AddToCartFlow';
import type { Addable } from '@/features/cart/components/AddableSummary';
import { idFrom } from '@/shared/ids';
import { getAnalysis, getProfile } from '@/server/catalogue/catalogue';
import { catalogueContext, isNotFound } from '@/server/ssr/catalogue';

interface AddToCartPageProps {
  addable: Addable;
}

export default function AddToCartPage({ addable }: AddToCartPageProps) {
  return <AddToCartFlow key={`${addable.type}-${addable.item.id}`} addable={addable} />;
}

/** The addable is read on the server, priced in the visitor's laboratory; unknown type or id is 404. */
export async function getServerSideProps(ctx: GetServerSidePropsContext) {
  const type = ctx.params?.addableType;
  if (type !== 'analysis' && type !== 'profile') return { notFound: true as const };
  const id = idFrom(ctx.params?.addableId);
  if (id === null) return { notFound: true as const };
  const { db, laboratoryId } = await catalogueContext(ctx);
  try {
    const addable: Addable =
      type === 'analysis'
        ? { type, item: await getAnalysis(db, id, laboratoryId ?? undefined) }
        : { type, item: await getProfile(db, id, laboratoryId ?? undefined) };
    return { props: { addable } satisfies AddToCartPageProps };
  } catch (e) {
    if (isNotFound(e)) return { notFound: true as const };
    throw e;
  }
}
