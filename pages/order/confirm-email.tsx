import { ConfirmEmailStep } from '@/features/checkout/components/ConfirmEmailStep';

export default function Page() {
  return <ConfirmEmailStep />;
}
