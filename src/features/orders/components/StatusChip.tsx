import { Tag } from '@/components/Tag';
import { useTranslation } from 'react-i18next';
import type { OrderStatusDto } from '@/shared/types/results';

const COLOURS: Record<OrderStatusDto, 'default' | 'primary' | 'success' | 'warning' | 'info' | 'error'> = {
  placed: 'default',
  visit_confirmed: 'info',
  sample_collected: 'info',
  in_lab: 'info',
  partial_results: 'warning',
  completed: 'success',
  cancelled: 'error',
};

/** An order status in words. */
export function StatusChip({ status }: { status: OrderStatusDto }) {
  const { t } = useTranslation('results');
  return <Tag size="small" color={COLOURS[status]} variant={status === 'placed' ? 'outlined' : 'filled'} label={t(`status.${status}`)} />;
}
