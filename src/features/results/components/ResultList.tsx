import NextLink from 'next/link';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalysisResultDto } from '@/shared/types/results';
import { Explanation } from './ResultNotices';
import { FlagChip } from './FlagChip';
import { ReleaseNote, SensitiveRow } from './SensitiveResult';
import { FLAG_COLOURS, formatDate, formatRange, formatValue } from '@/lib/format';
import { localName, resultName } from '@/shared/catalogueText';

/** One patient's results with value, range, flag and explanation; rows link to the result page when `hrefOf` is given. */
export function ResultList({ results, language, hrefOf, timeZone }: { results: AnalysisResultDto[]; language: string; hrefOf?: (r: AnalysisResultDto) => string; timeZone?: string }) {
  const { t } = useTranslation('results');
  // Sensitive results the patient tapped "Show result" for.
  const [shown, setShown] = useState<number[]>([]);
  const row = (r: AnalysisResultDto, divider: boolean) => {
          if (r.sensitive && !shown.includes(r.id)) return <SensitiveRow key={r.id} result={r} language={language} divider={divider} onShow={() => setShown((s) => [...s, r.id])} />;
          const flag = r.flag;
          const out = flag !== null && flag !== 'normal';
          const colour = r.critical ? FLAG_COLOURS.critical.bg : out ? FLAG_COLOURS[flag].fg : 'text.primary';
          const range = formatRange(r, language);
          const body = (
            <>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{resultName(r, language)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {r.analysisCode} · {range ? t('patient.range', { range }) : t('patient.noRange')}
                  {r.rangeSource === 'override' ? ` · ${t('patient.rangeByLab')}` : ''}
                </Typography>
                {r.critical && (
                  <Typography variant="body2" sx={{ color: FLAG_COLOURS.critical.bg, fontWeight: 700 }}>
                    {t('critical.row')}
                  </Typography>
                )}
                {r.preliminary && (
                  <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="preliminary">
                    {t('preliminary.label')}: {t('preliminary.help')}
                  </Typography>
                )}
                <ReleaseNote result={r} />
                {r.correctedAt && (
                  <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="corrected">
                    {t('corrected.on', { date: formatDate(r.correctedAt, language, timeZone) })}
                  </Typography>
                )}
              </Box>
              <Box sx={{ textAlign: 'right', display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
                {/* A number stays on one line; a written finding wraps instead of running over the name on a phone. */}
                <Typography sx={{ fontWeight: out ? 700 : 500, color: colour, whiteSpace: typeof r.value === 'string' ? 'normal' : 'nowrap', textAlign: 'right', overflowWrap: 'anywhere', maxWidth: { xs: '11rem', sm: '20rem' } }}>
                  {formatValue(r, language)}
                </Typography>
                <FlagChip flag={r.flag} interpretation={r.interpretation} />
              </Box>
            </>
          );
          const rowSx = {
            minHeight: 64,
            alignItems: 'flex-start',
            gap: 1,
            borderLeft: r.critical ? 8 : 4,
            borderLeftColor: r.critical ? FLAG_COLOURS.critical.bg : out ? FLAG_COLOURS[flag].fg : 'transparent',
            bgcolor: out ? FLAG_COLOURS[r.critical ? 'high' : flag].bg : undefined,
            display: 'flex',
            width: '100%',
          };
          return (
            <ListItem key={r.id} disablePadding divider={divider} data-flag={r.flag} data-interpretation={r.interpretation} sx={{ flexDirection: 'column', alignItems: 'stretch' }}>
              {hrefOf ? (
                <ListItemButton component={NextLink} href={hrefOf(r)} sx={rowSx}>
                  {body}
                  <ChevronRight color="action" aria-hidden sx={{ alignSelf: 'center' }} />
                </ListItemButton>
              ) : (
                <Box sx={{ ...rowSx, px: 2, py: 1 }}>{body}</Box>
              )}
              <Explanation result={r} language={language} />
            </ListItem>
          );
  };
  const groups = panelGroups(results);
  return (
    <Paper variant="outlined">
      <List disablePadding aria-label={t('patient.resultsLabel')}>
        {groups.map((g, gi) => {
          const last = gi === groups.length - 1;
          if (!g.panel) return row(g.results[0] as AnalysisResultDto, !last);
          const name = localName({ name: g.panel.name, i18n: g.panel.i18n }, language);
          // A panel (the blood count): its components as one list under the panel's name.
          return (
            <ListItem key={`panel-${g.panel.analysisId}`} disablePadding divider={!last} sx={{ flexDirection: 'column', alignItems: 'stretch' }} data-testid={`panel-${g.panel.code}`}>
              <Box sx={{ px: 2, pt: 1.5, pb: 0.5, bgcolor: 'action.hover' }}>
                <Typography component="h3" sx={{ fontWeight: 700 }}>
                  {name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {g.panel.code} · {t('patient.panel', { count: g.results.length })}
                </Typography>
              </Box>
              <List disablePadding aria-label={name} sx={{ pl: { xs: 1, sm: 2 } }}>
                {g.results.map((r, i) => row(r, i < g.results.length - 1))}
              </List>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}

/** Results as shown: one by one, except a panel's components, gathered under their panel (the server sends them together). */
function panelGroups(results: AnalysisResultDto[]): { panel?: NonNullable<AnalysisResultDto['panel']>; results: AnalysisResultDto[] }[] {
  const out: { panel?: NonNullable<AnalysisResultDto['panel']>; results: AnalysisResultDto[] }[] = [];
  for (const r of results) {
    const prev = out[out.length - 1];
    if (r.panel && prev?.panel?.analysisId === r.panel.analysisId) prev.results.push(r);
    else out.push(r.panel ? { panel: r.panel, results: [r] } : { results: [r] });
  }
  return out;
}
