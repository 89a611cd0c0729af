import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Link from 'next/link';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components';
import { routePath } from '@/lib/routes';
import { PageHead } from '@/components/PageHead';
import { pickLanguage } from '../contentLanguage';

/** A document as listed: its page slug, title and summary. */
export interface DocumentSummary {
  slug: string;
  title: string;
  summary: string;
}

export interface DocumentsProps {
  canonicalUrl: string;
  documents: Record<'en' | 'ru' | 'pl', DocumentSummary[]>;
}

/** `/documents`: the shop's documents (terms, privacy, cookies, home visit rules) in the reader's language. */
export function DocumentsView({ canonicalUrl, documents }: DocumentsProps) {
  const { t, i18n } = useTranslation('catalogue');
  const list = pickLanguage(documents, i18n.language);
  return (
    <PageContainer title={t('documents.title')} subtitle={t('documents.subtitle')}>
      <PageHead title={t('documents.title')} description={t('documents.subtitle')} canonicalUrl={canonicalUrl} />
      <List aria-label={t('documents.title')} sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2 }} disablePadding>
        {list.map((d, i) => (
          <ListItem key={d.slug} disablePadding divider={i < list.length - 1}>
            <ListItemButton component={Link} href={routePath('document', { documentSlug: d.slug })} sx={{ minHeight: 64 }}>
              <ListItemIcon sx={{ color: 'primary.main' }}>
                <DescriptionOutlined aria-hidden />
              </ListItemIcon>
              <ListItemText
                primary={d.title}
                secondary={d.summary}
                slotProps={{ primary: { sx: { fontWeight: 500 } }, secondary: { sx: { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } } }}
              />
              <ChevronRight aria-hidden sx={{ color: 'text.secondary' }} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </PageContainer>
  );
}
