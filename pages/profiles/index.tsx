import { wrapper } from '@/store/wrapper';
import { ProfilesPageView, type ProfilesProps } from '@/features/catalogue/components/ProfilesPageView';
import { profilesReceived } from '@/features/catalogue/catalogueSlice';
import { profileListItem } from '@/features/catalogue/rules';
import { listProfiles } from '@/server/catalogue/catalogue';
import { catalogueContext, canonicalUrl } from '@/server/ssr/catalogue';

export default function ProfilesPage(props: ProfilesProps) {
  wrapper.useHydration(props);
  return <ProfilesPageView {...props} />;
}

export const getServerSideProps = wrapper.getServerSideProps((store) => async (ctx) => {
  const { db, laboratoryId } = await catalogueContext(ctx);
  if (laboratoryId) store.dispatch(profilesReceived({ laboratoryId, data: (await listProfiles(db, laboratoryId)).map(profileListItem) }));
  return { props: { canonicalUrl: canonicalUrl('/profiles') } satisfies ProfilesProps };
});
