import { ServerErrorView } from '@/features/shell/ServerErrorView';

export default function ServerErrorPage() {
  return <ServerErrorView />;
}
