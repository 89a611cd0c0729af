import { DataConfirmedStep } from '@/features/checkout/components/DataConfirmedStep';

export default function Page() {
  return <DataConfirmedStep />;
}
