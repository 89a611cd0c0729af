import { render } from '@testing-library/react';
import { useRef } from 'react';
import { useHeightVar } from './useHeightVar';

const VAR = '--test-bar-height';

function Bar({ active, height }: { active: boolean; height: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useHeightVar(ref, VAR, active);
  return <div ref={ref} data-height={height} />;
}

/** jsdom lays nothing out: each element reports the height its `data-height` names. */
const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
afterAll(() => {
  if (original) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', original);
});
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return Number(this.dataset.height ?? 0);
    },
  });
});

const value = () => document.documentElement.style.getPropertyValue(VAR);

describe('useHeightVar', () => {
  it('sets the variable to the height while active, and removes it when inactive and when unmounted', () => {
    const { rerender, unmount } = render(<Bar active height={72} />);
    expect(value()).toBe('72px');
    rerender(<Bar active={false} height={72} />);
    expect(value()).toBe('');
    rerender(<Bar active height={48} />);
    expect(value()).toBe('48px');
    unmount();
    expect(value()).toBe('');
  });

  it('sets nothing while inactive', () => {
    render(<Bar active={false} height={30} />);
    expect(value()).toBe('');
  });
});
