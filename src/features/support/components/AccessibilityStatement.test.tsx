import { screen } from '@testing-library/react';
import { renderApp } from '@/testing/renderApp';
import { AppShell } from '@/features/shell/AppShell';
import { AccessibilityStatement } from './AccessibilityStatement';

/** The accessibility statement (European Accessibility Act): every part it must have, in the page's language, and the footer link to it. */
describe('accessibility statement', () => {
  it('states the standard, how it was tested, the exception, the review date, a way to report a barrier and the enforcement bodies', () => {
    renderApp(<AccessibilityStatement canonicalUrl="http://localhost/accessibility" laboratory={null} />, { sagas: 'account' });
    expect(screen.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeInTheDocument();
    for (const name of ['The standard', 'How it was tested', 'Known exceptions', 'Last review', 'Report a barrier', 'If you are not satisfied with our answer']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText(/WCAG 2\.2 level AA.*EN 301 549/)).toBeInTheDocument();
    expect(screen.getByText(/cannot be zoomed with two fingers/)).toBeInTheDocument();
    expect(screen.getByText(/last reviewed on/)).toHaveTextContent('2026');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeInTheDocument();
    expect(screen.getByText(/^Poland: .*PFRON/)).toBeInTheDocument();
    expect(screen.getByText(/^Lithuania: /)).toBeInTheDocument();
    expect(screen.getByText(/^Belarus /)).toBeInTheDocument();
  });

  it('every page links to it from its footer', () => {
    renderApp(
      <AppShell>
        <p>page</p>
      </AppShell>,
      { sagas: 'account' },
    );
    const footer = screen.getByRole('contentinfo', { name: 'About this site' });
    expect(footer.querySelector('a[href="/accessibility"]')).toHaveTextContent('Accessibility statement');
  });
});
