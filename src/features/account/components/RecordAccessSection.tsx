import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TextList } from '@/components/TextList';
import { Notice } from '@/components/Notice';
import { formatDateTime } from '@/lib/format';
import { useLabTimeZone } from '@/features/lab';
import { useLanguage } from '@/i18n/useLanguage';
import { Status } from '@/lib/status';
import { useCall } from '@/lib/store/useCall';
import { householdApi } from '../lazyHouseholdApi';

/**
 * Settings, "Who can read my results": the accounts of family members that read the user's results
 * with their consent (household consent), each with "Withdraw", which ends the access at once.
 */
export function RecordAccessSection() {
  const { t } = useTranslation('account');
  const language = useLanguage();
  const zone = useLabTimeZone();
  const list = useCall(() => householdApi.recordAccess());
  const withdraw = useCall((id: number) => householdApi.withdraw(id));
  const { run: load } = list;
  const rows = list.resource.data;

  useEffect(() => {
    void load();
  }, [load]);

  const end = async (id: number) => {
    if (await withdraw.run(id)) await load();
  };

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('household.intro')}
      </Typography>
      {(list.resource.status === Status.ERROR || withdraw.resource.status === Status.ERROR) && (
        <Notice severity="error" role="alert" sx={{ mb: 2 }}>
          {t('household.failed')}
        </Notice>
      )}
      {rows && rows.length === 0 && <Typography>{t('household.none')}</Typography>}
      {rows && rows.length > 0 && (
        <TextList
          label={t('household.title')}
          items={rows.map((r) => ({
            key: r.id,
            primary: r.holderName,
            secondary: t('household.since', { date: formatDateTime(r.since, language, zone) }),
            action: (
              <Button variant="outlined" color="error" onClick={() => void end(r.id)} disabled={withdraw.resource.status === Status.LOADING} sx={{ minHeight: 44 }} aria-label={t('household.withdrawFor', { name: r.holderName })}>
                {t('household.withdraw')}
              </Button>
            ),
          }))}
        />
      )}
    </Box>
  );
}
