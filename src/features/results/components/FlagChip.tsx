import { Tag } from '@/components/Tag';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { useTranslation } from 'react-i18next';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import type { ResultFlagDto, ResultInterpretationDto } from '@/shared/types/results';
import { FLAG_COLOURS } from '@/lib/format';
import { flagLabelKey } from '@/shared/resultFlag';

const ICONS = { normal: CheckCircleOutline, low: ArrowDownward, high: ArrowUpward, critical: ReportProblemOutlined, abnormal: ErrorOutline } as const;


/** A result's flag as text, icon and colour (colour is never the only signal). */
/** Nothing for a result without a flag (no reference range to judge it by: neither normal nor abnormal). */
export function FlagChip({ flag, interpretation, size = 'small' }: { flag: ResultFlagDto | null; interpretation?: ResultInterpretationDto | null; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('results');
  if (flag === null) return null;
  const Icon = ICONS[flag];
  const { fg, bg } = FLAG_COLOURS[flag];
  return (
    <Tag
      size={size}
      icon={<Icon aria-hidden style={{ color: fg }} />}
      label={t(flagLabelKey(flag, interpretation))}
      data-flag={interpretation ?? flag}
      sx={{ color: fg, bgcolor: bg, fontWeight: 600, border: `1px solid ${fg}33` }}
    />
  );
}
