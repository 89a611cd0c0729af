import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { ResultHistoryPointDto } from '@/lib/types/results';
import { FLAG_COLOURS, formatDate, formatNumber } from './format';

export interface TrendChartProps {
  points: ResultHistoryPointDto[];
  refLow: number | null;
  refHigh: number | null;
  unit: string;
  language: string;
  /** The result shown on the page (drawn larger). */
  currentResultId: number;
}

const W = 640;
const H = 260;
const PAD = { top: 16, right: 24, bottom: 44, left: 56 };

/**
 * A small line chart of one analysis over the patient's orders: the reference range as a band, one
 * point per order (coloured by flag, with a text label), the current result larger. The SVG has a
 * title and description; the page also lists the values in a table.
 */
export function TrendChart({ points, refLow, refHigh, unit, language, currentResultId }: TrendChartProps) {
  const { t } = useTranslation('results');
  const numeric = points.filter((p): p is ResultHistoryPointDto & { value: number } => typeof p.value === 'number');
  if (numeric.length === 0) return null;
  const values = numeric.map((p) => p.value);
  const bounds = [...values, ...(refLow !== null ? [refLow] : []), ...(refHigh !== null ? [refHigh] : [])];
  let min = Math.min(...bounds);
  let max = Math.max(...bounds);
  if (min === max) {
    min -= 1;
    max += 1;
  }
  const span = max - min;
  min -= span * 0.1;
  max += span * 0.1;
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (numeric.length === 1 ? innerW / 2 : (i * innerW) / (numeric.length - 1));
  const y = (v: number) => PAD.top + innerH - ((v - min) / (max - min)) * innerH;
  const ticks = Array.from({ length: 5 }, (_, i) => min + ((max - min) * i) / 4);
  const path = numeric.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const summary = numeric.map((p) => `${formatDate(p.at, language)}: ${formatNumber(p.value, language)} ${unit} (${t(`flag.${p.flag}`)})`).join('; ');

  return (
    <Box sx={{ width: '100%', overflowX: 'auto' }}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="img"
        aria-labelledby="trend-title trend-desc"
        style={{ display: 'block', maxWidth: W, minWidth: 300, fontFamily: 'inherit' }}
        data-testid="trend-chart"
      >
        <title id="trend-title">{t('analysis.chartTitle')}</title>
        <desc id="trend-desc">{summary}</desc>
        {refLow !== null || refHigh !== null ? (
          <rect
            x={PAD.left}
            width={innerW}
            y={y(refHigh ?? max)}
            height={Math.max(0, y(refLow ?? min) - y(refHigh ?? max))}
            fill="#e8f5e9"
            data-testid="reference-band"
          />
        ) : null}
        {ticks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#e0e4ea" />
            <text x={PAD.left - 8} y={y(v) + 4} textAnchor="end" fontSize="12" fill="#555">
              {formatNumber(Number(v.toPrecision(3)), language)}
            </text>
          </g>
        ))}
        <path d={path} fill="none" stroke="#173366" strokeWidth="2.5" />
        {numeric.map((p, i) => {
          const current = p.resultId === currentResultId;
          const colour = p.flag === 'normal' ? '#173366' : p.flag === 'critical' ? FLAG_COLOURS.critical.bg : FLAG_COLOURS[p.flag].fg;
          return (
            <g key={p.resultId} data-testid="trend-point">
              <circle cx={x(i)} cy={y(p.value)} r={current ? 7 : 5} fill={colour} stroke="#fff" strokeWidth="2" />
              <text x={x(i)} y={y(p.value) - 12} textAnchor="middle" fontSize="12" fontWeight={current ? 700 : 400} fill="#222">
                {formatNumber(p.value, language)}
              </text>
              <text x={x(i)} y={H - PAD.bottom + 20} textAnchor={numeric.length > 1 && i === 0 ? 'start' : numeric.length > 1 && i === numeric.length - 1 ? 'end' : 'middle'} fontSize="12" fill="#555">
                {formatDate(p.at, language)}
              </text>
            </g>
          );
        })}
        <text x={PAD.left} y={H - 6} fontSize="11" fill="#555">
          {unit}
        </text>
      </svg>
    </Box>
  );
}
