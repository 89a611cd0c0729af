import { wrapper } from '@/store/wrapper';
import { ProfilePageView, type ProfilePageProps } from '@/features/catalogue/components/ProfilePageView';
import { profileReceived } from '@/features/catalogue/catalogueSlice';
import { idFrom } from '@/shared/ids';
import { getProfile } from '@/server/catalogue/catalogue';
import { catalogueContext, canonicalUrl, isNotFound } from '@/server/ssr/catalogue';

export default function ProfilePage(props: ProfilePageProps) {
  wrapper.useHydration(props);
  return <ProfilePageView {...props} />;
}

export const getServerSideProps = wrapper.getServerSideProps((store) => async (ctx) => {
  const id = idFrom(ctx.params?.profileId);
  if (id === null) return { notFound: true };
  const { db, laboratoryId } = await catalogueContext(ctx);
  try {
    const data = await getProfile(db, id, laboratoryId ?? undefined);
    store.dispatch(profileReceived({ laboratoryId, data }));
  } catch (e) {
    if (isNotFound(e)) return { notFound: true };
    throw e;
  }
  return { props: { canonicalUrl: canonicalUrl(`/profiles/${id}`), profileId: id } satisfies ProfilePageProps };
});
