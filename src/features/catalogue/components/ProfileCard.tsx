import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddShoppingCartOutlined from '@mui/icons-material/AddShoppingCartOutlined';
import { Link } from '@/components/Link';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/Money';
import { Tag } from '@/components/Tag';
import { routePath } from '@/lib/routes';
import { formatMoney, toMajor, toMinor } from '@/shared/money';
import { useLanguage } from '@/i18n/useLanguage';
import { useAppSelector } from '@/store/hooks';
import type { ProfileDto } from '@/shared/types/api';
import { profileTotal, unavailableCount } from '../rules';
import { ActionBar } from './ActionBar';
import { AnalysisList } from './AnalysisList';
import { localDescription } from '@/shared/catalogueText';

/** The profile card: description, its analyses with prices, the total and "Add to cart". */
export function ProfileCard({ profile }: { profile: ProfileDto }) {
  const { t } = useTranslation('catalogue');
  const total = profileTotal(profile);
  const missing = unavailableCount(profile);
  const language = useLanguage();
  // The tests are not all: the kit comes with them in the cart and the home visit on top ("from" its lowest fee).
  const lab = useAppSelector((s) => s.lab.laboratory.data);
  const visitFrom = lab?.visitFeeFrom ?? lab?.visitFee ?? null;
  return (
    <Box component="article">
      <Tag label={`${t('analysis.code')}: ${profile.code}`} size="small" sx={{ color: 'text.secondary' }} />
      {localDescription(profile, language) && <Typography sx={{ mt: 2, whiteSpace: 'pre-line' }}>{localDescription(profile, language)}</Typography>}
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600, mt: 3, mb: 1 }}>
        {t('profile.analysesCount', { count: profile.labServices.length })}
      </Typography>
      <AnalysisList analyses={profile.labServices} label={t('profile.analysesLabel')} />
      {missing > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('profile.unavailableNote', { count: missing })}
        </Typography>
      )}
      <ActionBar>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('profile.total')}
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 600, color: 'primary.main' }} data-testid="profile-total">
            {total ? <Money amount={total.price} currency={total.currency} /> : t('unavailable')}
          </Typography>
          {total && visitFrom !== null && (
            <Typography variant="body2" color="text.secondary" data-testid="profile-with-visit">
              {t('profile.withVisit', { amount: formatMoney(toMajor(toMinor(total.price) + toMinor(visitFrom)), total.currency, language) })}
            </Typography>
          )}
        </Box>
        <Button
          component={Link}
          href={routePath('addToCart', { addableType: 'profile', addableId: profile.id })}
          variant="contained"
          size="large"
          startIcon={<AddShoppingCartOutlined />}
          disabled={!total}
          sx={{ minHeight: 48 }}
        >
          {t('addToCart')}
        </Button>
      </ActionBar>
    </Box>
  );
}
