import { VisitTimeStep } from '@/features/checkout/components/VisitTimeStep';

export default function Page() {
  return <VisitTimeStep />;
}
