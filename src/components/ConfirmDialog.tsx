import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialogView';

export type { ConfirmDialogProps } from './ConfirmDialogView';

// The dialog (MUI's Dialog, Modal and focus trap) loads when a question is first asked, not with the page.
const ConfirmDialogView = dynamic(() => import('./ConfirmDialogView').then((m) => m.ConfirmDialogView), { ssr: false });

/** A yes/no question (see ConfirmDialogView). Once loaded it stays mounted, so closing it animates and gives the focus back. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [used, setUsed] = useState(false);
  if (props.open && !used) setUsed(true);
  return used ? <ConfirmDialogView {...props} /> : null;
}
