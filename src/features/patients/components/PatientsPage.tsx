import { PageHead } from '@/components/PageHead';
import NextLink from 'next/link';
import { useEffect } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import AddIcon from '@mui/icons-material/Add';
import ChevronRight from '@mui/icons-material/ChevronRight';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import { PatientsVisitorPrompt } from './PatientsVisitorPrompt';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, ListSkeleton, PageContainer } from '@/components';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Status } from '@/lib/status';
import { routePath, routes } from '@/lib/routes';
import { useLanguage } from '@/i18n/useLanguage';
import { useSession } from '@/features/auth';
import { patientFromDto } from '../patientMapping';
import { patientsRequested } from '../patientsSlice';
import { formatDateOfBirth } from './formatDate';
import { PatientAccess } from './PatientAccess';

/** `/patients`: the user's patients; a visitor is asked to log in. */
export function PatientsPage() {
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const session = useSession();
  const language = useLanguage();
  const { status, data: items } = useAppSelector((s) => s.patients.list);

  useEffect(() => {
    if (session === 'user') dispatch(patientsRequested());
  }, [session, dispatch]);

  const addButton = (
    <Button component={NextLink} href={routes.createPatient.path} variant="contained" startIcon={<AddIcon />} sx={{ minHeight: 48 }}>
      {t('patients.add')}
    </Button>
  );

  let content;
  if (session === 'unknown' || (session === 'user' && (status === Status.INITIAL || (status === Status.LOADING && items.length === 0)))) {
    content = <ListSkeleton rows={3} />;
  } else if (session === 'visitor') {
    content = <PatientsVisitorPrompt />;
  } else if (status === Status.ERROR) {
    content = <ErrorState message={t('patients.loadFailed')} onRetry={() => dispatch(patientsRequested())} />;
  } else if (items.length === 0) {
    content = <EmptyState icon={<GroupOutlined fontSize="inherit" />} title={t('patients.emptyTitle')} text={t('patients.emptyText')} action={addButton} />;
  } else {
    content = (
      <Paper variant="outlined">
        <List disablePadding aria-label={t('patients.title')}>
          {items.map((dto, i) => {
            const p = patientFromDto(dto);
            return (
              <ListItem key={dto.id} disablePadding divider={i < items.length - 1} sx={{ flexDirection: 'column', alignItems: 'stretch' }}>
                <ListItemButton component={NextLink} href={routePath('editPatient', { patientId: dto.id })} sx={{ minHeight: 64 }}>
                  <ListItemAvatar>
                    <Avatar sx={{ bgcolor: 'primary.main' }} aria-hidden>
                      {`${p.firstName.charAt(0)}${p.lastName.charAt(0)}`.toUpperCase()}
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText
                    primary={`${p.firstName} ${p.lastName}`}
                    secondary={`${p.gender === 'M' ? t('patients.male') : t('patients.female')} · ${t('patients.born', { date: formatDateOfBirth(p.dateOfBirth, language) })}`}
                  />
                  <ChevronRight color="action" aria-hidden />
                </ListItemButton>
                <PatientAccess dto={dto} />
              </ListItem>
            );
          })}
        </List>
      </Paper>
    );
  }

  return (
    <>
      <PageHead title={t('patients.title')} description={t('patients.description')} />
      <PageContainer title={t('patients.title')} subtitle={t('patients.subtitle')} actions={session === 'user' && items.length > 0 ? addButton : undefined}>
        {content}
      </PageContainer>
    </>
  );
}
