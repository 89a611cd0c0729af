import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, ListSkeleton, PageContainer } from '@/components';
import { Status } from '@/lib/status';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { profilesRequested } from '../catalogueSlice';
import { ProfileList } from './ProfileList';
import { PageHead } from '@/components/PageHead';

export interface ProfilesProps {
  canonicalUrl: string;
}

/** Profiles of the laboratory in the order of spec §9. */
export function ProfilesPageView(props: ProfilesProps) {
  const { t } = useTranslation('catalogue');
  const dispatch = useAppDispatch();
  const { data: profiles, status: profilesStatus } = useAppSelector((s) => s.catalogue.profiles);
  return (
    <PageContainer title={t('profiles.title')} subtitle={t('profiles.subtitle')}>
      <PageHead title={t('profiles.title')} description={t('profiles.seoDescription')} canonicalUrl={props.canonicalUrl} />
      {profilesStatus === Status.LOADING && <ListSkeleton rows={6} />}
      {profilesStatus === Status.INITIAL && <EmptyState title={t('chooseLab')} text={t('chooseLabText')} />}
      {profilesStatus === Status.ERROR && <ErrorState message={t('loadFailed')} onRetry={() => dispatch(profilesRequested())} />}
      {profilesStatus === Status.SUCCESS && profiles.length === 0 && <EmptyState title={t('profiles.empty')} text={t('profiles.emptyText')} />}
      {profilesStatus === Status.SUCCESS && profiles.length > 0 && <ProfileList profiles={profiles} label={t('profiles.title')} />}
    </PageContainer>
  );
}
