import { act, fireEvent, screen } from '@testing-library/react';
import { renderApp } from '@/testing/renderApp';
import { DayStrip, type StripDay } from './DayStrip';

const days: StripDay[] = Array.from({ length: 10 }, (_, i) => ({ key: `2026-12-${String(i + 1).padStart(2, '0')}`, count: 3 }));

/** jsdom lays nothing out: the strip is given a phone's width (3 days shown of 10). */
function layOut(scrollLeft: number) {
  const props = { clientWidth: 240, scrollWidth: 800, scrollLeft };
  for (const [name, value] of Object.entries(props)) Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
}
afterEach(() => {
  for (const name of ['clientWidth', 'scrollWidth', 'scrollLeft']) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
});

function Strip() {
  return <DayStrip days={days} value={null} onChange={() => {}} labelledBy="x" dayLabel={(d) => d.key} renderDay={(d) => d.key.slice(8)} earlierLabel="Earlier days" laterLabel="Later days" />;
}

describe('DayStrip', () => {
  it('with more days than it shows, its arrows stand beside the days, not over them; the one at the reached end is greyed', () => {
    layOut(0);
    renderApp(<Strip />);
    const strip = screen.getByRole('radiogroup');
    const earlier = screen.getByRole('button', { name: 'Earlier days' });
    const later = screen.getByRole('button', { name: 'Later days' });
    // Siblings of the strip in one row, before and after it: no overlay inside or on top of the days.
    expect(earlier.parentElement).toBe(strip.parentElement);
    expect([...strip.parentElement!.children]).toEqual([earlier, strip, later]);
    expect(getComputedStyle(earlier).position).not.toBe('absolute');
    expect(getComputedStyle(later).width).toBe('44px');
    expect(earlier).toBeDisabled();
    expect(later).toBeEnabled();
    layOut(560);
    act(() => {
      fireEvent.scroll(strip);
    });
    expect(earlier).toBeEnabled();
    expect(later).toBeDisabled();
  });

  it('all days in view: no arrows', () => {
    renderApp(<Strip />);
    expect(screen.getAllByRole('radio')).toHaveLength(10);
    expect(screen.queryByRole('button', { name: /days/ })).not.toBeInTheDocument();
  });
});
