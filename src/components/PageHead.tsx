import Head from 'next/head';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PageHeadProps {
  /** The page's title; the shop's name follows it (`title · appName`) unless `complete`. */
  title: string;
  /** The title names the shop already (the checkout's steps and the add-to-cart page). */
  complete?: boolean;
  description?: string;
  /**
   * Absolute URL of a public page (APP_URL + path), computed on the server. Given (even null), the
   * page also gets the Open Graph title and description, and the canonical link when it is set.
   */
  canonicalUrl?: string | null;
  /** `noindex` for pages no search engine should list. */
  robots?: string;
  /** Further tags of the page's head. */
  children?: ReactNode;
}

/** The head of every page: title, description, canonical link and Open Graph tags, robots. */
export function PageHead({ title, complete, description, canonicalUrl, robots, children }: PageHeadProps) {
  const { t } = useTranslation('common');
  const full = complete ? title : `${title} · ${t('appName')}`;
  const open = canonicalUrl !== undefined;
  return (
    <Head>
      <title>{full}</title>
      {description !== undefined && <meta name="description" content={description} />}
      {open && <meta property="og:title" content={full} />}
      {open && description !== undefined && <meta property="og:description" content={description} />}
      {canonicalUrl && <link rel="canonical" href={canonicalUrl} />}
      {canonicalUrl && <meta property="og:url" content={canonicalUrl} />}
      {robots && <meta name="robots" content={robots} />}
      {children}
    </Head>
  );
}
