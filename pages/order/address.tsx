import { AddressStep } from '@/features/checkout/components/AddressStep';

export default function Page() {
  return <AddressStep />;
}
