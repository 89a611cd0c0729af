import { useTranslation } from 'react-i18next';
import { Money } from '@/components/Money';
import { RowList } from '@/components/RowList';
import { routePath } from '@/lib/routes';
import type { ProfileRow } from '../rules';
import { useLanguage } from '@/i18n/useLanguage';
import { localName } from '@/shared/catalogueText';

/** Profiles as rows with the number of analyses and their total; each row opens the profile card. */
export function ProfileList({ profiles, label }: { profiles: ProfileRow[]; label: string }) {
  const { t } = useTranslation('catalogue');
  const language = useLanguage();
  return (
    <RowList
      label={label}
      rows={profiles.map((p) => ({
        key: p.id,
        href: routePath('profileCard', { profileId: p.id }),
        primary: localName(p, language),
        secondary: t('profile.analysesCount', { count: p.analysesCount }),
        end: p.total ? <Money amount={p.total.price} currency={p.total.currency} /> : undefined,
      }))}
    />
  );
}
