import type { TFunction } from 'i18next';
import type { OrderAddress } from '@/lib/validation/order';

/** One line: "Street 1, entrance 2, floor 1, apartment 1, Warsaw, PL (intercom 12#)". */
export function formatAddress(a: Omit<OrderAddress, 'notes'> & { notes?: string }, t: TFunction<'cart'>): string {
  const parts = [
    a.street,
    a.entry ? t('address.entryShort', { value: a.entry }) : '',
    a.floor ? t('address.floorShort', { value: a.floor }) : '',
    a.apartment ? t('address.apartmentShort', { value: a.apartment }) : '',
    a.city,
    a.country,
  ].filter(Boolean);
  const line = parts.join(', ');
  return a.intercomCode ? `${line} (${t('address.intercomShort', { value: a.intercomCode })})` : line;
}
