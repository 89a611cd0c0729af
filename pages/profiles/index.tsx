import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, ListSkeleton, PageContainer } from '@/components';
import { Status } from '@/lib/status';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { wrapper } from '@/store/wrapper';
import { profilesReceived, profilesRequested } from '@/features/catalogue/catalogueSlice';
import { ProfileList } from '@/features/catalogue/components/ProfileList';
import { SeoHead } from '@/features/catalogue/components/SeoHead';
import { profileListItem } from '@/features/catalogue/rules';

interface ProfilesProps {
  canonicalUrl: string;
}

/** Profiles of the laboratory in the order of spec §9. */
export default function ProfilesPage(props: ProfilesProps) {
  wrapper.useHydration(props);
  const { t } = useTranslation('catalogue');
  const dispatch = useAppDispatch();
  const { data: profiles, status: profilesStatus } = useAppSelector((s) => s.catalogue.profiles);
  return (
    <PageContainer title={t('profiles.title')} subtitle={t('profiles.subtitle')}>
      <SeoHead title={t('profiles.title')} description={t('profiles.seoDescription')} canonicalUrl={props.canonicalUrl} />
      {profilesStatus === Status.LOADING && <ListSkeleton rows={6} />}
      {profilesStatus === Status.INITIAL && <EmptyState title={t('chooseLab')} text={t('chooseLabText')} />}
      {profilesStatus === Status.ERROR && <ErrorState message={t('loadFailed')} onRetry={() => dispatch(profilesRequested())} />}
      {profilesStatus === Status.SUCCESS && profiles.length === 0 && <EmptyState title={t('profiles.empty')} text={t('profiles.emptyText')} />}
      {profilesStatus === Status.SUCCESS && profiles.length > 0 && <ProfileList profiles={profiles} label={t('profiles.title')} />}
    </PageContainer>
  );
}

export const getServerSideProps = wrapper.getServerSideProps((store) => async (ctx) => {
  const [{ catalogueContext, canonicalUrl }, { listProfiles }] = await Promise.all([import('@/server/ssr/catalogue'), import('@/server/services/catalogue')]);
  const { db, laboratoryId } = await catalogueContext(ctx);
  if (laboratoryId) store.dispatch(profilesReceived({ laboratoryId, data: (await listProfiles(db, laboratoryId)).map(profileListItem) }));
  return { props: { canonicalUrl: canonicalUrl('/profiles') } satisfies ProfilesProps };
});
