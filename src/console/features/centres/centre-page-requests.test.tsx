import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { setupSimulatorConsole } from '@/console/testing/simulator-console';
import { signedInParent } from './centres-testing.ts';

// A centre's page asks the proxy for that one centre (docs/decisions/0024), never the parent's
// whole child list (4.5), on every tab; what the list answered before still holds (a centre that is
// not the login's says so).
const api = setupSimulatorConsole();

/** Each tab, and something it shows once its own data is in. */
const TABS = [
  { tab: 'licences', shows: /Licence/ },
  { tab: 'doctors', shows: /Doctors/ },
  { tab: 'templates', shows: /Templates/ },
  { tab: 'contract', shows: /Contract/ },
] as const;

describe('a centre’s page', () => {
  it.each(TABS)(
    'on its $tab tab asks for its one centre, and never for the whole child list',
    async ({ tab, shows }) => {
      const { parent, children } = await signedInParent(api);
      const centre = children[1];
      if (!centre) throw new Error('no centre');
      renderApp(`/centres/${centre.providerId}/${tab}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Centro Madrid' })).toBeVisible();
      expect((await screen.findAllByText(shows)).length).toBeGreaterThan(0);
      // Whatever loads after the header (its contract facts, the tab) has been asked by now.
      await waitFor(() => expect(api.requests.length).toBeGreaterThan(2));
      expect(api.sent(`/provider/${parent.providerId}/child`)).toEqual([]);
      expect(api.sent(`/api/centres/${centre.providerId}`)).toHaveLength(1);
    },
  );

  it('of another parent’s centre says it is not among the login’s centres, without the list', async () => {
    const { parent } = await signedInParent(api);
    const other = api.parentWith([{ name: 'Ajena', country: 'ES', city: 'Vic' }]).children[0];
    renderApp(`/centres/${other?.providerId}/licences`);
    expect(
      await screen.findByRole('heading', { name: 'This centre is not among your centres' }),
    ).toBeVisible();
    expect(screen.queryByText('Ajena')).toBeNull();
    expect(api.sent(`/provider/${parent.providerId}/child`)).toEqual([]);
  });
});
