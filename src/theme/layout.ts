/** Height of the sticky top bar: MUI's app bar, on phones and from the `sm` breakpoint. */
export const TOP_BAR_HEIGHT = { xs: 56, sm: 64 } as const;

/**
 * CSS variable with the height of the page's sticky bottom bar (total and next step), set by
 * StickyActionBar; toasts keep above it and above the cookie banner, and focus moves scroll clear of it.
 */
export const ACTION_BAR_HEIGHT_VAR = '--action-bar-height';

/** CSS variable with the cookie banner's height, so dialogs and the page keep their bottom controls above it. */
export const BANNER_HEIGHT_VAR = '--cookie-banner-height';

/** CSS variable with the height of the toast while one shows (focus moves scroll clear of it). */
export const TOAST_HEIGHT_VAR = '--toast-height';
