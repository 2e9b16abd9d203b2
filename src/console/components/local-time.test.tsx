import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage, I18nProvider } from '@/console/lib/i18n';
import { LocalTime } from './local-time.tsx';

// D10: the service's instants are UTC; people read them in their own time zone and language.
describe('LocalTime', () => {
  // The title's words in Spanish: loaded before the render, as the console does on choosing it.
  beforeAll(() => activateLanguage('es'));
  // Node reads TZ on every conversion: the test runs as if in Madrid, whatever the machine's zone.
  beforeEach(() => vi.stubEnv('TZ', 'Europe/Madrid'));
  afterEach(() => vi.unstubAllEnvs());

  it('shows the instant in the local zone in the UI language, with the UTC instant on hover', () => {
    // 23:30 UTC on the 22nd is 00:30 on the 23rd in Madrid (CET, UTC+1).
    render(
      <I18nProvider initial="es">
        <LocalTime value={new Date('2026-11-22T23:30:00Z')} />
      </I18nProvider>,
    );
    const shown = screen.getByText(/23 nov 2026.*0:30/);
    expect(shown.tagName).toBe('TIME');
    expect(shown).toHaveAttribute('datetime', '2026-11-22T23:30:00.000Z');
    expect(shown.getAttribute('title')).toMatch(/^UTC: 22 nov 2026.*23:30/);
  });
});
