import { PageHead } from '@/components/PageHead';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import Avatar from '@mui/material/Avatar';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components';
import { routePath, routes } from '@/lib/routes';
import { useLanguage } from '@/i18n/useLanguage';
import { useAccountAction } from '@/features/auth';
import { NOT_FOUND, ResourceGate } from '@/components/ResourceGate';
import { StatusChip } from '@/features/orders';
import { useResource } from './useResource';
import { idFrom } from '@/shared/ids';
import { sampledText } from './sampledText';
import { labPlace } from '@/shared/catalogueText';

/** `/test-results/{testResultId}/patients`: the patients of one result set with their counts. */
export function TestResultPatientsPage() {
  const { t } = useTranslation('results');
  const language = useLanguage();
  const { query } = useRouter();
  const id = idFrom(query.testResultId);
  const { session, resource, reload } = useResource('testResult', id ? [id] : null);
  const needAccount = useAccountAction();
  const set = resource.data;
  return (
    <>
      <PageHead title={set ? t('list.order', { number: set.orderNumber }) : t('patients.title')} />
      <PageContainer title={set ? t('list.order', { number: set.orderNumber }) : t('patients.title')} subtitle={set ? sampledText(set, t, language) : undefined}>
        <ResourceGate session={id ? session : 'user'} onLogin={needAccount(null)} resource={id ? resource : NOT_FOUND} onRetry={reload} backHref={routes.testResults.path}>
          {(data) => (
            <>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
                <StatusChip status={data.status} />
                <Typography variant="body2" color="text.secondary">
                  {labPlace(data.laboratory, language)}
                </Typography>
              </Box>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('patients.title')}
              </Typography>
              <Paper variant="outlined">
                <List disablePadding aria-label={t('patients.title')}>
                  {data.patients.map((p, i) => (
                    <ListItem key={p.id} disablePadding divider={i < data.patients.length - 1}>
                      <ListItemButton component={NextLink} href={routePath('testResultPatient', { testResultId: data.id, patientId: p.id })} sx={{ minHeight: 64 }}>
                        <ListItemAvatar>
                          <Avatar sx={{ bgcolor: 'primary.main' }} aria-hidden>
                            {`${p.firstName.charAt(0)}${p.lastName.charAt(0)}`.toUpperCase()}
                          </Avatar>
                        </ListItemAvatar>
                        <ListItemText
                          primary={`${p.firstName} ${p.lastName}`}
                          secondary={
                            <>
                              {t('patients.counts', { results: p.resultCount, analyses: p.analysisCount })}
                              {p.flaggedCount > 0 && (
                                <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
                                  {' · '}
                                  {t('list.flagged', { count: p.flaggedCount })}
                    {p.criticalCount > 0 && (
                      <Box component="span" sx={{ color: 'error.main', fontWeight: 800 }} data-testid="critical-count">
                        {' · '}
                        {t('list.critical', { count: p.criticalCount })}
                      </Box>
                    )}
                                </Box>
                              )}
                            </>
                          }
                        />
                        <ChevronRight color="action" aria-hidden />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              </Paper>
            </>
          )}
        </ResourceGate>
      </PageContainer>
    </>
  );
}
