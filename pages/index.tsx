import { wrapper } from '@/store/wrapper';
import { popularReceived, profilesReceived } from '@/features/catalogue/catalogueSlice';
import { listItem, POPULAR_HEADER_ID, profileListItem, sortProfiles } from '@/features/catalogue/rules';
import { HOME_PROFILES, HomeView } from '@/features/catalogue/components/HomeView';
import { listAnalysesWithHeader, listProfiles } from '@/server/catalogue/catalogue';
import { catalogueContext, canonicalUrl } from '@/server/ssr/catalogue';

/** At most this many popular analyses on the home page (by name), whatever the catalogue's size. */
const HOME_POPULAR = 50;

interface HomeProps {
  canonicalUrl: string;
}

export default function HomePage(props: HomeProps) {
  wrapper.useHydration(props);
  return <HomeView canonicalUrl={props.canonicalUrl} />;
}

export const getServerSideProps = wrapper.getServerSideProps((store) => async (ctx) => {
  const { db, laboratoryId } = await catalogueContext(ctx);
  if (laboratoryId) {
    // The popular analyses are read by their header, not picked out of the whole catalogue.
    const [popular, profiles] = await Promise.all([
      listAnalysesWithHeader(db, laboratoryId, POPULAR_HEADER_ID, { limit: HOME_POPULAR, offset: 0 }),
      listProfiles(db, laboratoryId),
    ]);
    // Only what the page shows travels to the browser: popular analyses and the profiles the page
    // lists as list rows, plus one more so the page knows to offer all profiles.
    store.dispatch(popularReceived({ laboratoryId, data: popular.items.map(listItem) }));
    store.dispatch(profilesReceived({ laboratoryId, data: sortProfiles(profiles).slice(0, HOME_PROFILES + 1).map(profileListItem) }));
  }
  return { props: { canonicalUrl: canonicalUrl('/') } satisfies HomeProps };
});
