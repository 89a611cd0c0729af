import type { TFunction } from 'i18next';
import type { OrderAddress } from '@/shared/validation/order';

/** One line: "Street 1, entrance 2, floor 1, apartment 1, 00-001 Warsaw, PL (intercom 12#)". */
export function formatAddress(a: Omit<OrderAddress, 'notes' | 'postalCode'> & { notes?: string; postalCode?: string }, t: TFunction<'cart'>): string {
  const parts = [
    a.street,
    a.entry ? t('address.entryShort', { value: a.entry }) : '',
    a.floor ? t('address.floorShort', { value: a.floor }) : '',
    a.apartment ? t('address.apartmentShort', { value: a.apartment }) : '',
    [a.postalCode, a.city].filter(Boolean).join(' '),
    a.country,
  ].filter(Boolean);
  const line = parts.join(', ');
  return a.intercomCode ? `${line} (${t('address.intercomShort', { value: a.intercomCode })})` : line;
}
