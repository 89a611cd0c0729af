import { useTranslation } from 'react-i18next';
import { Money } from '@/components/Money';
import { RowList } from '@/components/RowList';
import { routePath } from '@/lib/routes';
import type { AnalysisDto } from '@/shared/types/api';
import { selectPrice } from '../rules';
import { UnavailablePrice } from './AnalysisPrice';
import { useLanguage } from '@/i18n/useLanguage';
import { localName } from '@/shared/catalogueText';

export interface AnalysisListProps {
  analyses: AnalysisDto[];
  /** Accessible name of the list. */
  label: string;
}

/** Analyses as rows: name, code and execution period, price; each row opens the analysis card. */
export function AnalysisList({ analyses, label }: AnalysisListProps) {
  const { t } = useTranslation('catalogue');
  const language = useLanguage();
  return (
    <RowList
      label={label}
      rows={analyses.map((a) => {
        const price = selectPrice(a);
        return {
          key: a.id,
          href: routePath('analysisInSearch', { analysisId: a.id }),
          primary: localName(a, language),
          secondary: `${a.code} · ${t('execPeriod', { count: a.execPeriod })}`,
          end: price ? <Money amount={price.price} currency={price.currency} /> : <UnavailablePrice />,
        };
      })}
    />
  );
}
