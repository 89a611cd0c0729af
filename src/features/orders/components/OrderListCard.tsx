import type { ReactNode } from 'react';
import NextLink from 'next/link';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { OrderStatusDto } from '@/shared/types/results';
import { StatusChip } from './StatusChip';

/** One order in a list (orders, result sets): a heading with its status, a subtitle and details. */
export function OrderListCard(props: { href: string; heading: string; status: OrderStatusDto; subtitle: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined" component="li">
      <CardActionArea component={NextLink} href={props.href} sx={{ minHeight: 48 }}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
              <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
                {props.heading}
              </Typography>
              <StatusChip status={props.status} />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {props.subtitle}
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {props.children}
            </Typography>
          </Box>
          <ChevronRight color="action" aria-hidden />
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
