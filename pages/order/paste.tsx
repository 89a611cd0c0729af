import { PasteListView } from '@/features/cart/components/PasteListView';

export default function PasteListPage() {
  return <PasteListView />;
}
