import dynamic from 'next/dynamic';
import Router from 'next/router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The bar loads with the first navigation: no page needs it to start.
const LinearProgress = dynamic(() => import('@mui/material/LinearProgress'), { ssr: false });

/** A loading bar from route change start until it completes or fails (spec §2). */
export function RouteProgress() {
  const [loading, setLoading] = useState(false);
  const { t } = useTranslation('common');
  useEffect(() => {
    const start = (_url: string, { shallow }: { shallow: boolean }) => {
      if (!shallow) setLoading(true);
    };
    const stop = () => setLoading(false);
    Router.events.on('routeChangeStart', start);
    Router.events.on('routeChangeComplete', stop);
    Router.events.on('routeChangeError', stop);
    return () => {
      Router.events.off('routeChangeStart', start);
      Router.events.off('routeChangeComplete', stop);
      Router.events.off('routeChangeError', stop);
    };
  }, []);
  if (!loading) return null;
  return (
    <LinearProgress
      color="secondary"
      aria-label={t('pageLoading')}
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1, height: 3 }}
    />
  );
}
