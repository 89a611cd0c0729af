import NextLink from 'next/link';
import type { ComponentProps } from 'react';

/**
 * Next's link without prefetching on sight: the pages router otherwise downloads and runs the
 * JavaScript of every linked page as soon as its link scrolls into view (a catalogue list links the
 * analysis card, the add-to-cart page, categories ...), which on a phone competes with the page's
 * own start-up. Pointing at or touching a link still prefetches its page, so navigation stays quick.
 */
export function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
