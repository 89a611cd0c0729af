import dynamic from 'next/dynamic';
import type { ConfirmDialogProps } from './ConfirmDialogView';
import { useOpenedOnce } from '@/lib/useOpenedOnce';

export type { ConfirmDialogProps } from './ConfirmDialogView';

// The dialog (MUI's Dialog, Modal and focus trap) loads when a question is first asked, not with the page.
const ConfirmDialogView = dynamic(() => import('./ConfirmDialogView').then((m) => m.ConfirmDialogView), { ssr: false });

/** A yes/no question (see ConfirmDialogView). Once loaded it stays mounted, so closing it animates and gives the focus back. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return useOpenedOnce(props.open) ? <ConfirmDialogView {...props} /> : null;
}
