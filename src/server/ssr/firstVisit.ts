/**
 * Server-only: what the app's server render gives a first visitor (no laboratory chosen yet), so
 * the laboratory selector, which opens by itself for them, has its list without a request (and the
 * browser need not download the API client for it). Imported only from `_app`'s getInitialProps
 * server branch, so it never reaches the browser bundle.
 */
import { getDb } from '@/server/db/createDb';
import { rememberedAnswer } from '@/server/catalogueMemo';
import { listLaboratories } from '@/server/laboratories/laboratories';
import type { Language } from '@/shared/i18n';
import type { LaboratoryDto } from '@/shared/types/api';

/**
 * The laboratory list as the selector shows it, in the page's language: only the fields it reads
 * (name, address, position for the closest one, country and currency for its groups), the names in
 * that language only. It rides in every first visit's `__NEXT_DATA__` (~2 kB for the demo's
 * laboratories instead of the full list's 6.7 kB); contact details, fees and payment methods come
 * with the chosen laboratory (`GET laboratories/{id}`), and a later opening of the selector loads
 * the full list.
 */
export async function firstVisitLaboratories(lang: Language): Promise<LaboratoryDto[]> {
  const db = await getDb();
  return rememberedAnswer(
    db,
    `ssr:laboratories:${lang}`,
    async () =>
      (await listLaboratories(db)).map(({ id, cityName, address, i18n, latitude, longitude, country, currency }) => ({
        id,
        cityName,
        address,
        ...(lang !== 'en' && i18n?.[lang] ? { i18n: { [lang]: i18n[lang] } } : {}),
        latitude,
        longitude,
        country,
        currency,
        email: '',
        aboutLink: '',
      })),
    (v) => JSON.stringify(v).length * 2,
  );
}
