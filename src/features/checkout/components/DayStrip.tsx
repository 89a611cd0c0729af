import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { SxProps, Theme } from '@mui/material/styles';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/**
 * The look of a choice (a day, a time): clearly enabled before anything is chosen (the text and the
 * border in the primary colour on the page's paper), filled when chosen, dashed and grey when full.
 */
export const choiceSx: SxProps<Theme> = {
  textTransform: 'none',
  lineHeight: 1.2,
  '&:not(.Mui-selected):not(.Mui-disabled)': { color: 'text.primary', borderColor: 'primary.main', bgcolor: 'background.paper' },
  '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.main', color: 'primary.contrastText', borderColor: 'primary.main' },
  '&.Mui-selected .MuiTypography-root': { color: 'inherit' },
  '&.Mui-disabled': { borderStyle: 'dashed', bgcolor: 'action.hover' },
};

export interface StripDay {
  key: string;
  /** Open slots that day; 0 shows the day as full (not choosable). */
  count: number;
}

const KEYS: Record<string, number | 'first' | 'last'> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: 'first', End: 'last' };

/**
 * The visit day chooser: one radio group with one Tab stop (the chosen day, else the first open
 * one); the arrow keys move the choice between the open days (wrapping), Home and End go to the
 * first and last. The strip scrolls sideways; when it has more days than it shows, an arrow button on
 * each side (beside the days, never over them; greyed at the end it has reached) scrolls it (the
 * buttons are for the pointer; the keyboard uses the arrow keys).
 */
export function DayStrip(props: {
  days: StripDay[];
  value: string | null;
  onChange: (key: string) => void;
  labelledBy: string;
  dayLabel: (d: StripDay) => string;
  renderDay: (d: StripDay) => ReactNode;
  earlierLabel: string;
  laterLabel: string;
}) {
  const { days, value, onChange } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [edges, setEdges] = useState({ start: false, end: false });
  const scrollable = edges.start || edges.end;
  const open = days.filter((d) => d.count > 0).map((d) => d.key);
  const tabStop = value && open.includes(value) ? value : open[0];

  const measure = useCallback(() => {
    const el = scroller.current;
    if (el) setEdges({ start: el.scrollLeft > 4, end: el.scrollLeft + el.clientWidth < el.scrollWidth - 4 });
  }, []);
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, days.length]);

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, from: string) => {
    const step = KEYS[e.key];
    if (step === undefined || !open.length) return;
    e.preventDefault();
    const at = open.indexOf(from);
    const next = step === 'first' ? open[0] : step === 'last' ? open[open.length - 1] : open[(at + step + open.length) % open.length];
    if (!next) return;
    onChange(next);
    const button = buttons.current.get(next);
    button?.focus();
    button?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };
  const scrollBy = (dir: 1 | -1) => {
    const el = scroller.current;
    el?.scrollBy?.({ left: dir * el.clientWidth * 0.8, behavior: 'smooth' });
  };

  // A 44 px wide target as tall as a day, outside the strip.
  const arrow = (dir: 1 | -1) => (
    <IconButton
      tabIndex={-1}
      aria-label={dir < 0 ? props.earlierLabel : props.laterLabel}
      onClick={() => scrollBy(dir)}
      disabled={dir < 0 ? !edges.start : !edges.end}
      data-testid={dir < 0 ? 'day-strip-earlier' : 'day-strip-later'}
      sx={{ flex: 'none', width: 44, height: 72, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      {dir < 0 ? <ChevronLeftIcon /> : <ChevronRightIcon />}
    </IconButton>
  );

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      {scrollable && arrow(-1)}
      <Box
        ref={scroller}
        role="radiogroup"
        aria-labelledby={props.labelledBy}
        onScroll={measure}
        sx={{ flex: 1, minWidth: 0, display: 'flex', gap: 1, overflowX: 'auto', pb: 1, scrollSnapType: 'x mandatory', scrollbarWidth: 'thin' }}
      >
        {days.map((d) => (
          <ToggleButton
            key={d.key}
            ref={(el: HTMLButtonElement | null) => {
              if (el) buttons.current.set(d.key, el);
              else buttons.current.delete(d.key);
            }}
            value={d.key}
            role="radio"
            aria-checked={value === d.key}
            // A radio has no pressed state: ToggleButton's own aria-pressed would contradict the role.
            aria-pressed={undefined}
            aria-label={props.dayLabel(d)}
            tabIndex={d.key === tabStop ? 0 : -1}
            selected={value === d.key}
            disabled={d.count === 0}
            onChange={() => onChange(d.key)}
            onKeyDown={(e) => onKeyDown(e, d.key)}
            // The focus ring shows the focus; the ripple's pulse over a chosen day hid its text.
            disableFocusRipple
            color="primary"
            sx={{ ...choiceSx, flex: '0 0 auto', width: 72, minHeight: 72, flexDirection: 'column', scrollSnapAlign: 'start' } as SxProps<Theme>}
          >
            {props.renderDay(d)}
          </ToggleButton>
        ))}
      </Box>
      {scrollable && arrow(1)}
    </Box>
  );
}
