import { FeedbackStep } from '@/features/checkout/components/FeedbackStep';

export default function Page() {
  return <FeedbackStep />;
}
