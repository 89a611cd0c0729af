import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/Skeleton';

/** A form's place while its chunk arrives: one grey box a field (and one for the button). */
export function FormSkeleton({ rows }: { rows: number }) {
  const { t } = useTranslation('common');
  return (
    <div role="progressbar" aria-label={t('loading')} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={56} sx={{ my: 2 }} />
      ))}
    </div>
  );
}
