import { screen, within } from '@testing-library/react';
import { renderApp } from '@/testing/renderApp';
import type { OrderDetailDto } from '@/shared/types/results';
import { OrderProgress } from './OrderProgress';

const order = (status: OrderDetailDto['status']) => ({ status }) as OrderDetailDto;

describe('OrderProgress', () => {
  it('lists the five steps in order, the current one marked, the reached ones done', () => {
    renderApp(<OrderProgress order={order('sample_collected')} />);
    const list = screen.getByRole('list', { name: 'Progress' });
    const steps = within(list).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['Order placed', 'Visit confirmed', 'Sample collected', 'In the laboratory', 'Results ready'].map((label, i) => (i < 3 ? label : `${i + 1}${label}`)));
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(steps.filter((s) => s.hasAttribute('aria-current'))).toHaveLength(1);
    expect(steps.map((s) => s.className.match(/step-(done|current|todo)/)?.[1])).toEqual(['done', 'done', 'done', 'todo', 'todo']);
  });

  it('with partial results the laboratory step is done and says so, and the results are what comes next', () => {
    renderApp(<OrderProgress order={order('partial_results')} />);
    const steps = within(screen.getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
    expect(steps[3]).toHaveTextContent('In the laboratoryPartial results');
    expect(steps[3]).toHaveClass('step-done');
    expect(steps[4]).toHaveAttribute('aria-current', 'step');
    expect(steps[4]).toHaveClass('step-current');
    expect(steps[4]).toHaveTextContent('5Results ready');
  });

  it('a completed order has every step done', () => {
    renderApp(<OrderProgress order={order('completed')} />);
    const steps = within(screen.getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
    expect(steps.every((s) => s.classList.contains('step-done'))).toBe(true);
    expect(steps[4]).toHaveAttribute('aria-current', 'step');
  });
});
