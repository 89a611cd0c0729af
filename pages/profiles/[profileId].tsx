import { useTranslation } from 'react-i18next';
import { ErrorState, ListSkeleton, PageContainer } from '@/components';
import { Status } from '@/lib/status';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { wrapper } from '@/store/wrapper';
import { profileReceived, profileRequested } from '@/features/catalogue/catalogueSlice';
import { ProfileCard } from '@/features/catalogue/components/ProfileCard';
import { SeoHead } from '@/features/catalogue/components/SeoHead';
import { idFrom } from '@/lib/ids';
import { useLanguage } from '@/i18n/useLanguage';
import { localDescription, localName } from '@/lib/catalogueText';

interface ProfilePageProps {
  canonicalUrl: string;
  profileId: number;
}

export default function ProfilePage(props: ProfilePageProps) {
  wrapper.useHydration(props);
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
      <SeoHead title={name} description={description.slice(0, 160)} canonicalUrl={props.canonicalUrl} />
      <ProfileCard profile={profile} />
    </PageContainer>
  );
}

export const getServerSideProps = wrapper.getServerSideProps((store) => async (ctx) => {
  const [{ catalogueContext, canonicalUrl, isNotFound }, { getProfile }] = await Promise.all([
    import('@/server/ssr/catalogue'),
    import('@/server/services/catalogue'),
  ]);
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
