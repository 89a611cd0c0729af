import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { ResultHistoryPointDto } from '@/shared/types/results';
import { FLAG_COLOURS, formatDate, formatNumber } from '@/lib/format';

export interface TrendChartProps {
  points: ResultHistoryPointDto[];
  refLow: number | null;
  refHigh: number | null;
  /** The unit as the reader writes it (`displayUnit`). */
  unit: string;
  language: string;
  /** The laboratory's zone: the days of the points on its calendar. */
  timeZone?: string;
  /** The result shown on the page (drawn larger). */
  currentResultId: number;
}

const H = 240;
const PAD = { top: 24, right: 16, bottom: 40, left: 48 };
/** Room between the axis and the first and last point, so labels do not collide. */
const INSET = 28;

/** Axis ticks on round numbers (1, 2, 2.5 or 5 times a power of ten) covering [min, max]. */
export function niceTicks(min: number, max: number, count = 4): number[] {
  const raw = (max - min) / count || Math.abs(max) || 1;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * pow >= raw) ?? 10) * pow;
  const from = Math.floor(min / step) * step;
  const to = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let v = from; v <= to + step / 2; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

/**
 * A small line chart of one analysis over the patient's orders: the reference range as a band, one
 * point per order (coloured by flag, value written above), the current result larger. It is drawn
 * at the width of its box so text keeps its size on a phone; the SVG has a title and a description
 * and the page lists the same values in a table.
 */
export function TrendChart({ points, refLow, refHigh, unit, language, timeZone, currentResultId }: TrendChartProps) {
  const { t } = useTranslation('results');
  const box = useRef<HTMLDivElement>(null);
  const [W, setW] = useState(560);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const width = entries[0]?.contentRect.width;
      if (width) setW(Math.max(260, Math.round(width)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const numeric = points.filter((p): p is ResultHistoryPointDto & { value: number } => typeof p.value === 'number');
  if (numeric.length === 0) return null;
  const values = numeric.map((p) => p.value);
  const bounds = [...values, ...(refLow !== null ? [refLow] : []), ...(refHigh !== null ? [refHigh] : [])];
  const lo = Math.min(...bounds);
  const hi = Math.max(...bounds);
  const ticks = lo === hi ? niceTicks(lo - 1, hi + 1) : niceTicks(lo, hi);
  const min = ticks[0] as number;
  const max = ticks[ticks.length - 1] as number;
  const innerW = W - PAD.left - PAD.right - 2 * INSET;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + INSET + (numeric.length === 1 ? innerW / 2 : (i * innerW) / (numeric.length - 1));
  const y = (v: number) => PAD.top + innerH - ((v - min) / (max - min || 1)) * innerH;
  const path = numeric.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const summary = numeric.map((p) => `${formatDate(p.at, language, timeZone)}: ${formatNumber(p.value, language)} ${unit} (${t(`flag.${p.flag}`)})`).join('; ');
  // With many orders only some dates fit under the axis.
  const every = Math.max(1, Math.ceil((numeric.length * 90) / Math.max(innerW, 1)));

  return (
    <Box ref={box} sx={{ width: '100%' }}>
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-labelledby="trend-title trend-desc" style={{ display: 'block', maxWidth: '100%', fontFamily: 'inherit' }} data-testid="trend-chart">
        <title id="trend-title">{t('analysis.chartTitle')}</title>
        <desc id="trend-desc">{summary}</desc>
        {refLow !== null || refHigh !== null ? (
          <rect x={PAD.left} width={W - PAD.left - PAD.right} y={y(refHigh ?? max)} height={Math.max(0, y(refLow ?? min) - y(refHigh ?? max))} fill="#e8f5e9" data-testid="reference-band" />
        ) : null}
        {ticks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#e0e4ea" />
            <text x={PAD.left - 8} y={y(v) + 4} textAnchor="end" fontSize="12" fill="#555">
              {formatNumber(v, language)}
            </text>
          </g>
        ))}
        <text x={4} y={PAD.top - 12} textAnchor="start" fontSize="12" fill="#555">
          {unit}
        </text>
        <path d={path} fill="none" stroke="#173366" strokeWidth="2.5" />
        {numeric.map((p, i) => {
          const current = p.resultId === currentResultId;
          const colour = p.flag === 'normal' ? '#173366' : p.flag === 'critical' ? FLAG_COLOURS.critical.bg : FLAG_COLOURS[p.flag].fg;
          return (
            <g key={p.resultId} data-testid="trend-point">
              <circle cx={x(i)} cy={y(p.value)} r={current ? 7 : 5} fill={colour} stroke="#fff" strokeWidth="2" />
              <text x={x(i)} y={y(p.value) - 12} textAnchor="middle" fontSize="13" fontWeight={current ? 700 : 400} fill="#222">
                {formatNumber(p.value, language)}
              </text>
              {(i % every === 0 || i === numeric.length - 1) && (
                <text x={x(i)} y={H - PAD.bottom + 22} textAnchor="middle" fontSize="12" fill="#555">
                  {formatDate(p.at, language, timeZone)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
