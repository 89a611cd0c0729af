import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Box from '@mui/material/Box';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Link } from '@/components/Link';
import { useTranslation } from 'react-i18next';
import { routePath } from '@/lib/routes';
import type { AnalysisDto } from '@/lib/types/api';
import { AnalysisPrice } from './AnalysisPrice';

export interface AnalysisListProps {
  analyses: AnalysisDto[];
  /** Accessible name of the list. */
  label: string;
}

/** Analyses as rows: name, code and execution period, price; each row opens the analysis card. */
export function AnalysisList({ analyses, label }: AnalysisListProps) {
  const { t } = useTranslation('catalogue');
  return (
    <List aria-label={label} disablePadding sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden' }}>
      {analyses.map((a, i) => (
        <ListItem key={a.id} disablePadding divider={i < analyses.length - 1}>
        <ListItemButton
          component={Link}
          href={routePath('analysisInSearch', { analysisId: a.id })}
          sx={{ minHeight: 64, gap: 1, alignItems: 'center' }}
        >
          <ListItemText
            primary={a.name}
            secondary={`${a.code} · ${t('execPeriod', { count: a.execPeriod })}`}
            slotProps={{ primary: { sx: { fontWeight: 500 } } }}
            sx={{ my: 0.5, minWidth: 0 }}
          />
          <Box sx={{ flexShrink: 0, textAlign: 'right' }}>
            <AnalysisPrice analysis={a} />
          </Box>
          <ChevronRight aria-hidden sx={{ color: 'text.secondary', flexShrink: 0 }} />
        </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
