import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Box from '@mui/material/Box';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Link } from '@/components/Link';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/Money';
import { routePath } from '@/lib/routes';
import type { ProfileRow } from '../rules';

/** Profiles as rows with the number of analyses and their total; each row opens the profile card. */
export function ProfileList({ profiles, label }: { profiles: ProfileRow[]; label: string }) {
  const { t } = useTranslation('catalogue');
  return (
    <List aria-label={label} disablePadding sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden' }}>
      {profiles.map((p, i) => {
        return (
          <ListItem key={p.id} disablePadding divider={i < profiles.length - 1}>
          <ListItemButton component={Link} href={routePath('profileCard', { profileId: p.id })} sx={{ minHeight: 64, gap: 1 }}>
            <ListItemText primary={p.name} secondary={t('profile.analysesCount', { count: p.analysesCount })} slotProps={{ primary: { sx: { fontWeight: 500 } } }} sx={{ my: 0.5, minWidth: 0 }} />
            {p.total && (
              <Box sx={{ flexShrink: 0, fontWeight: 600, color: 'primary.main' }}>
                <Money amount={p.total.price} currency={p.total.currency} />
              </Box>
            )}
            <ChevronRight aria-hidden sx={{ color: 'text.secondary', flexShrink: 0 }} />
          </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
