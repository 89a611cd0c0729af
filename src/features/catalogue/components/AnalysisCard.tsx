import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import AddShoppingCartOutlined from '@mui/icons-material/AddShoppingCartOutlined';
import NoFoodOutlined from '@mui/icons-material/NoFoodOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import { Link } from '@/components/Link';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { timingLines } from '@/components/timingText';
import { Money } from '@/components/Money';
import { Tag } from '@/components/Tag';
import { CATEGORIES, CATEGORY_SLUGS } from '@/lib/config';
import { routePath } from '@/lib/routes';
import type { AnalysisDto, RestrictionsDto } from '@/shared/types/api';
import { visibleCategories } from '../rules';
import { ActionBar } from './ActionBar';
import { AnalysisPrice } from './AnalysisPrice';
import { localDescription, localName, localPreparation } from '@/shared/catalogueText';
import { useLanguage } from '@/i18n/useLanguage';

/**
 * A category the analysis is in, as a link that looks like a tag (MUI's clickable Chip without its
 * button base and ripple): as tall as a finger on a phone, darker under the pointer.
 */
const CategoryLink = styled(Link)(({ theme }) => ({
  display: 'inline-flex',
  borderRadius: 22,
  textDecoration: 'none',
  '& .tag': { cursor: 'pointer', borderRadius: 22, minHeight: 44, height: 'auto', transition: theme.transitions.create('background-color'), [theme.breakpoints.up('sm')]: { minHeight: 32 } },
  '&:hover .tag': { backgroundColor: theme.palette.action.focus },
}));

/**
 * The materials a sample may need, with their prices: the look of MUI's dense List of ListItems
 * without gutters, ListItemText and a secondary action (the price at the row's right edge, vertically
 * centred, the text keeping 48 px clear of it), as plain elements under one style sheet.
 */
const MaterialList = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  position: 'relative',
  '& > li': { display: 'flex', alignItems: 'center', position: 'relative', width: '100%', boxSizing: 'border-box', textAlign: 'left', padding: '4px 0' },
  '& > li.with-price': { paddingRight: 48 },
  '& .material-text': { flex: '1 1 auto', minWidth: 0, margin: '4px 0' },
  '& .material-text.two-lines': { margin: '6px 0' },
  '& .material-name': { ...theme.typography.body2, display: 'block' },
  '& .material-hint': { ...theme.typography.body2, display: 'block', color: theme.palette.text.secondary },
  '& .material-price': { position: 'absolute', right: 0, top: '50%', transform: 'translateY(-50%)' },
}));

/** Category page slug of a catalogue header, when the header is one of the six pages. */
function slugOfHeader(id: number): string | undefined {
  return CATEGORY_SLUGS.find((slug) => CATEGORIES[slug] === String(id));
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ py: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function useRestrictionText() {
  const { t } = useTranslation('catalogue');
  return (r: RestrictionsDto): string[] => {
    const lines: string[] = [];
    if (r.gender) lines.push(t(r.gender === 'female' ? 'analysis.onlyFemale' : 'analysis.onlyMale'));
    if (r.minAge !== undefined && r.maxAge !== undefined) lines.push(t('analysis.ageBetween', { min: r.minAge, max: r.maxAge }));
    else if (r.minAge !== undefined) lines.push(t('analysis.ageFrom', { count: r.minAge }));
    else if (r.maxAge !== undefined) lines.push(t('analysis.ageUpTo', { count: r.maxAge }));
    return lines;
  };
}

/** The analysis card: what it is, what is needed, who it is for, how to prepare, the price. */
export function AnalysisCard({ analysis }: { analysis: AnalysisDto }) {
  const { t } = useTranslation('catalogue');
  const language = useLanguage();
  const restrictionText = useRestrictionText();
  const restrictions = restrictionText(analysis.restrictions);
  const categories = visibleCategories(analysis);
  // Material prices come from the same price list; without a price for the analysis they mean nothing.
  const currency = analysis.prices[0]?.currency;
  return (
    <Box component="article">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, color: 'text.secondary' }}>
        <Tag label={`${t('analysis.code')}: ${analysis.code}`} size="small" />
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <ScheduleOutlined fontSize="small" aria-hidden />
          <Typography variant="body2">{t('execPeriod', { count: analysis.execPeriod })}</Typography>
        </Stack>
        {timingLines(analysis.timing, t).map((line) => (
          <Typography variant="body2" key={line} data-testid="analysis-timing">
            {line}
          </Typography>
        ))}
        {Boolean(analysis.fastingHours) && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <NoFoodOutlined fontSize="small" aria-hidden />
            <Typography variant="body2">{t('analysis.fastingShort', { count: analysis.fastingHours })}</Typography>
          </Stack>
        )}
      </Stack>
      {localDescription(analysis, language) && (
        <Typography sx={{ mt: 2, whiteSpace: 'pre-line' }}>{localDescription(analysis, language)}</Typography>
      )}
      {/* MUI's Divider, as one rule. */}
      <Box component="hr" sx={{ m: 0, mt: 2, flexShrink: 0, border: 0, borderBottom: 'thin solid', borderColor: 'divider' }} />
      {analysis.materials.length > 0 && (
        <Section title={t('analysis.materials')}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t('analysis.materialsHint')}
          </Typography>
          <MaterialList aria-label={t('analysis.materials')}>
            {analysis.materials.map((m) => (
              <li key={m.id} className={currency ? 'with-price' : undefined}>
                <span className={m.optional ? 'material-text two-lines' : 'material-text'}>
                  <span className="material-name">
                    {localName(m, language)}{' '}
                    {m.optional && <Tag label={t('analysis.optional')} size="small" variant="outlined" sx={{ ml: 0.5 }} />}
                  </span>
                  {m.optional && <span className="material-hint">{t('analysis.optionalHint')}</span>}
                </span>
                {currency && (
                  <span className="material-price">
                    <Money amount={m.price} currency={currency} />
                  </span>
                )}
              </li>
            ))}
          </MaterialList>
        </Section>
      )}
      <Section title={t('analysis.preparation')}>
        {/* The laboratory's own instructions when it gave them, else what the fasting hours say. */}
        <Typography sx={{ whiteSpace: 'pre-line' }}>
          {localPreparation(analysis, language) || (analysis.fastingHours ? t('analysis.fasting', { count: analysis.fastingHours }) : t('analysis.noFasting'))}
        </Typography>
        <Button component={Link} href={routePath('article')} sx={{ mt: 1, minHeight: 48, px: 0 }}>
          {t('article.linkLabel')}
        </Button>
      </Section>
      <Section title={t('analysis.restrictions')}>
        {restrictions.length ? (
          restrictions.map((line) => <Typography key={line}>{line}</Typography>)
        ) : (
          <Typography>{t('analysis.noRestrictions')}</Typography>
        )}
      </Section>
      {categories.length > 0 && (
        <Section title={t('analysis.categories')}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {categories.map((h) => {
              const slug = slugOfHeader(h.id);
              const label = slug ? t(`categories.${slug}.name`) : localName(h, language);
              return slug ? (
                <CategoryLink key={h.id} href={routePath('categories', { categorySlug: slug })}>
                  <Tag label={label} />
                </CategoryLink>
              ) : (
                <Tag key={h.id} label={label} />
              );
            })}
          </Stack>
        </Section>
      )}
      <ActionBar>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('analysis.price')}
          </Typography>
          <AnalysisPrice analysis={analysis} variant="h6" />
        </Box>
        <Button
          component={Link}
          href={routePath('addToCart', { addableType: 'analysis', addableId: analysis.id })}
          variant="contained"
          size="large"
          startIcon={<AddShoppingCartOutlined />}
          disabled={analysis.prices.length === 0}
          sx={{ minHeight: 48 }}
        >
          {t('addToCart')}
        </Button>
      </ActionBar>
    </Box>
  );
}
