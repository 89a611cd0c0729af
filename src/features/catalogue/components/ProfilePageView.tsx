import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ErrorState';
import { ListSkeleton } from '@/components/Skeletons';
import { PageContainer } from '@/components/PageContainer';
import { Status } from '@/lib/status';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { profileRequested } from '../catalogueSlice';
import { ProfileCard } from './ProfileCard';
import { PageHead } from '@/components/PageHead';
import { useLanguage } from '@/i18n/useLanguage';
import { localDescription, localName } from '@/shared/catalogueText';

export interface ProfilePageProps {
  canonicalUrl: string;
  profileId: number;
}

export function ProfilePageView(props: ProfilePageProps) {
  const { t } = useTranslation('catalogue');
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const card = useAppSelector((s) => s.catalogue.profile);
  const profile = card.data?.id === props.profileId ? card.data : null;

  if (!profile) {
    return (
      <PageContainer title={t('profile.title')}>
        {card.status === Status.ERROR && card.id === props.profileId ? (
          <ErrorState message={card.error?.status === 404 ? t('profile.notFound') : t('loadFailed')} onRetry={() => dispatch(profileRequested(props.profileId))} />
        ) : (
          <ListSkeleton rows={5} />
        )}
      </PageContainer>
    );
  }
  const name = localName(profile, language);
  const description = localDescription(profile, language) || t('profile.seoDescription', { name, count: profile.labServices.length });
  return (
    <PageContainer title={name}>
      <PageHead title={name} description={description.slice(0, 160)} canonicalUrl={props.canonicalUrl} />
      <ProfileCard profile={profile} />
    </PageContainer>
  );
}
