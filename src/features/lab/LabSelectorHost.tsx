import dynamic from 'next/dynamic';
import { nextTask } from '@/lib/nextTask';
import { useAppSelector } from '@/store/hooks';
import { useOpenedOnce } from '@/lib/useOpenedOnce';

// The selector (a dialog with its radio list) loads when it first opens, not with every page.
const LabSelectorModal = dynamic(() => import('./LabSelectorModal').then((m) => nextTask(m.LabSelectorModal)), { ssr: false });

/** Mounted once by the app shell: the laboratory selector, loaded on first use and kept mounted after. */
export function LabSelectorHost() {
  const open = useAppSelector((s) => s.lab.selectorOpen);
  // Once loaded it stays mounted (it renders nothing while closed).
  return useOpenedOnce(open) ? <LabSelectorModal /> : null;
}
