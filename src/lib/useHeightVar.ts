import { useEffect, type RefObject } from 'react';

/**
 * Keeps the CSS variable `name` on the document root at the element's height while `active`, and
 * removes it after: bars and banners fixed to the bottom edge tell the rest of the page (toasts,
 * the page's bottom padding, scrolling to a focused control) how much of the screen they cover.
 */
export function useHeightVar(ref: RefObject<HTMLElement | null>, name: string, active = true): void {
  useEffect(() => {
    const root = document.documentElement;
    const el = ref.current;
    if (!active || !el) {
      root.style.removeProperty(name);
      return;
    }
    const update = () => root.style.setProperty(name, `${el.offsetHeight}px`);
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(name);
    };
  }, [ref, name, active]);
}
