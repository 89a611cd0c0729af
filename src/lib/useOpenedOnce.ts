import { useState } from 'react';

/**
 * True from the first render in which `open` is true, and from then on: a part loaded on first use
 * (a dialog, a menu) mounts then and stays mounted, so closing it animates and gives the focus back.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
