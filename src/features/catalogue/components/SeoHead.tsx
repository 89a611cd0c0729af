import Head from 'next/head';
import { useTranslation } from 'react-i18next';

export interface SeoHeadProps {
  title: string;
  description: string;
  /** Absolute URL of the page (APP_URL + path), computed on the server. */
  canonicalUrl?: string | null;
}

/** Title, description and canonical link of a catalogue page. */
export function SeoHead({ title, description, canonicalUrl }: SeoHeadProps) {
  const { t } = useTranslation('common');
  const full = `${title} · ${t('appName')}`;
  return (
    <Head>
      <title>{full}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={full} />
      <meta property="og:description" content={description} />
      {canonicalUrl && <link rel="canonical" href={canonicalUrl} />}
      {canonicalUrl && <meta property="og:url" content={canonicalUrl} />}
    </Head>
  );
}
