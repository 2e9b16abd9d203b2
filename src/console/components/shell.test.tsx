import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '@/console/lib/i18n';
import { render } from '@/console/testing/render';
import { Shell, type EnvironmentKind } from './shell.tsx';

function renderShell(kind: EnvironmentKind, label: string) {
  render(
    <I18nProvider initial="en">
      <Shell
        environment={{ kind, label }}
        providerId={100}
        clientId="demo-parent"
        onLogout={() => {}}
        onSearch={() => {}}
        nav={null}
      >
        <p>page</p>
      </Shell>
    </I18nProvider>,
  );
  return screen.getByTitle(`Environment: ${label}`);
}

describe('Shell', () => {
  it('names the environment and colours production red, unlike any test environment', () => {
    const production = renderShell('production', 'Production');
    expect(production).toHaveTextContent('Production');
    expect(production.getAttribute('style')).toMatch(/--badge-bg: var\(--mantine-color-red-filled\)/);
    for (const kind of ['demo', 'development', 'qa'] as const) {
      const badge = renderShell(kind, kind.toUpperCase());
      expect(badge.getAttribute('style')).not.toMatch(/red/);
    }
  });

  it('shows who is signed in', () => {
    renderShell('demo', 'Demo');
    expect(screen.getByText('Provider 100 · demo-parent')).toBeInTheDocument();
  });
});
