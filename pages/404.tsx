import { NotFoundView } from '@/features/shell/NotFoundView';

export default function NotFoundPage() {
  return <NotFoundView />;
}
