import Head from 'next/head';
import type { GetServerSidePropsContext } from 'next';
import { useTranslation } from 'react-i18next';
import { AddToCartFlow } from '@/features/cart/components/AddToCartFlow';
import type { Addable } from '@/features/cart/components/AddableSummary';
import { idFrom } from '@/shared/ids';
import { useLanguage } from '@/i18n/useLanguage';
import { localName } from '@/shared/catalogueText';

interface AddToCartPageProps {
  addable: Addable;
}

export default function AddToCartPage({ addable }: AddToCartPageProps) {
  const { t } = useTranslation('cart');
  const language = useLanguage();
  return (
    <>
      <Head>
        <title>{t('add.pageTitle', { name: localName(addable.item, language) })}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <AddToCartFlow key={`${addable.type}-${addable.item.id}`} addable={addable} />
    </>
  );
}

/** The addable is read on the server, priced in the visitor's laboratory; unknown type or id is 404. */
export async function getServerSideProps(ctx: GetServerSidePropsContext) {
  const type = ctx.params?.addableType;
  if (type !== 'analysis' && type !== 'profile') return { notFound: true as const };
  const [{ catalogueContext, isNotFound }, { getAnalysis, getProfile }] = await Promise.all([
    import('@/server/ssr/catalogue'),
    import('@/server/catalogue/catalogue'),
  ]);
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
