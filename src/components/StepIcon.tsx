import type { Theme } from '@mui/material/styles';

/** The diameter of a step's circle, in px. */
export const STEP_ICON = 24;

/** A step's circle: its number, or a check mark once done (decorative: the step's label says it). */
export function StepIcon({ done, number }: { done: boolean; number: number }) {
  return (
    <span className="step-icon" aria-hidden>
      {done ? (
        <svg viewBox="0 0 24 24" focusable="false">
          <path d="M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z" />
        </svg>
      ) : (
        number
      )}
    </span>
  );
}

/**
 * The circles' style rules for a list of steps whose items carry `step-done`, `step-current` or
 * `step-todo` (the checkout's steps, an order's progress): grey until reached, primary once reached.
 */
export function stepIconStyles(theme: Theme) {
  return {
    '& .step-icon': {
      flexShrink: 0,
      width: STEP_ICON,
      height: STEP_ICON,
      borderRadius: '50%',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      fontSize: '0.75rem',
      fontWeight: 500,
      color: theme.palette.common.white,
      // White on grey 600 is 4.6:1 (the step number is text).
      backgroundColor: theme.palette.grey[600],
    },
    '& .step-icon svg': { width: 16, height: 16, fill: 'currentColor' },
    '& .step-done .step-icon, & .step-current .step-icon': { backgroundColor: theme.palette.primary.main },
  };
}
