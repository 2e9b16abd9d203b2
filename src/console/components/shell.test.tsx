import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '@/console/lib/i18n';
import { render } from '@/console/testing/render';
import type { EnvironmentKind } from '@/proxy-api/console';
import { Shell } from './shell.tsx';

function renderShell(kind: EnvironmentKind, unverified = false) {
  render(
    <I18nProvider initial="en">
      <Shell
        environment={{ kind }}
        providerId={100}
        clientId="demo-parent"
        unverified={unverified}
        onLogout={() => {}}
        nav={null}
      >
        <p>page</p>
      </Shell>
    </I18nProvider>,
  );
}

describe('Shell', () => {
  it('names the environment in the UI language and colours production red, unlike any test environment', () => {
    renderShell('production');
    const [production] = screen.getAllByTitle('Environment: Production');
    expect(production).toHaveTextContent('Production');
    expect(production?.getAttribute('style')).toMatch(/--badge-bg: var\(--mantine-color-red-filled\)/);
    for (const [kind, name] of [
      ['demo', 'Demo'],
      ['development', 'Development'],
      ['qa', 'QA'],
    ] as const) {
      renderShell(kind);
      const [badge] = screen.getAllByTitle(`Environment: ${name}`);
      expect(badge?.getAttribute('style')).not.toMatch(/red/);
    }
  });

  it('shows who is signed in', () => {
    renderShell('demo');
    expect(screen.getByText('Provider 100 · demo-parent')).toBeInTheDocument();
  });

  it('says when the environment could not verify the provider id, and only then', () => {
    renderShell('development', true);
    expect(
      screen.getByTitle(
        'This environment cannot confirm that provider 100 belongs to the credentials you signed in with.',
      ),
    ).toHaveTextContent('Provider not verified');
    renderShell('qa');
    expect(screen.getAllByText('Provider not verified')).toHaveLength(1);
  });

  it('offers a skip link to the main content, first in the page', () => {
    renderShell('demo');
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveAttribute('href', '#main');
    expect(document.getElementById('main')).toHaveTextContent('page');
  });

  it('offers the search only where there are centres to search (D3)', () => {
    renderShell('development');
    expect(screen.queryByRole('button', { name: /Search centres/ })).toBeNull();
  });
});
