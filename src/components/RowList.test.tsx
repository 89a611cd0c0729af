import { fireEvent, screen, within } from '@testing-library/react';
import Router from 'next/router';
import { renderApp } from '@/testing/renderApp';
import { RowList } from './RowList';

const rows = [
  { key: 1, href: '/search/analysis/1', primary: 'Glucose', secondary: 'GLU', end: '€5.00' },
  { key: 2, href: '/search/analysis/2', primary: 'Creatinine', end: '€4.00' },
];

describe('RowList', () => {
  const push = jest.fn(() => Promise.resolve(true));
  beforeEach(() => {
    push.mockClear();
    (Router as unknown as { router: unknown }).router = { push };
  });
  afterAll(() => {
    (Router as unknown as { router: unknown }).router = null;
  });

  it('renders one plain link per row, named by its text, with the price', () => {
    renderApp(<RowList label="Analyses" rows={rows} />);
    const links = within(screen.getByRole('list', { name: 'Analyses' })).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/search/analysis/1', '/search/analysis/2']);
    expect(links[0]).toHaveTextContent('GlucoseGLU€5.00');
  });

  it('a plain click on a row (or inside it) navigates in the page; a modified click is left to the browser', () => {
    renderApp(<RowList label="Analyses" rows={rows} />);
    const plain = fireEvent.click(screen.getByText('Creatinine'));
    expect(plain).toBe(false); // the browser's own navigation was prevented
    expect(push).toHaveBeenCalledWith('/search/analysis/2');

    push.mockClear();
    const newTab = fireEvent.click(screen.getByText('Glucose'), { ctrlKey: true });
    expect(newTab).toBe(true);
    const middle = fireEvent.click(screen.getByText('Glucose'), { button: 1 });
    expect(middle).toBe(true);
    expect(push).not.toHaveBeenCalled();
  });

  it('outside a Next page the browser follows the link itself', () => {
    (Router as unknown as { router: unknown }).router = null;
    renderApp(<RowList label="Analyses" rows={rows} />);
    expect(fireEvent.click(screen.getByText('Glucose'))).toBe(true);
  });
});
