import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';

// No dead ends: an unknown path, a centre that is not the user's, and each screen's name in the tab.
const api = setupSimulatorConsole({ seed: 'demo' });

describe('paths that lead nowhere', () => {
  it('show a translated 404 inside the shell, with the way home', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    const { router } = renderApp('/esto/no/existe', { language: 'es' });
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Página no encontrada · Provider Console'));
    await user.click(screen.getByRole('link', { name: 'Ir a la página de inicio' }));
    // Home is the first screen the navigation offers: a parent's overview.
    await waitFor(() => expect(router.state.location.pathname).toBe('/overview'));
  });

  it.each(['/centres/abc', '/centres/0', '/centres/999999'])(
    'say that %s is not among the centres, with a link to the list',
    async (path) => {
      await api.signIn(DEMO_PARENT);
      renderApp(path);
      expect(
        await screen.findByRole('heading', { name: 'This centre is not among your centres' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'All centres' })).toHaveAttribute('href', '/centres');
    },
  );

  it('never asks the service about an id that is not a number', async () => {
    await api.signIn(DEMO_PARENT);
    renderApp('/centres/abc');
    await screen.findByRole('heading', { name: 'This centre is not among your centres' });
    expect(api.requests.filter((request) => request.path.startsWith('/api/'))).toEqual([]);
  });

  it('name each screen in the tab, in the UI language', async () => {
    await api.signIn(DEMO_PARENT);
    renderApp('/centres', { language: 'ca' });
    await screen.findByRole('heading', { name: 'Centres', level: 1 });
    await waitFor(() => expect(document.title).toBe('Centres · Provider Console'));
    renderApp('/centres/101', { language: 'en' });
    await waitFor(() => expect(document.title).toBe('Clínica Diagonal · Provider Console'));
  });

  it('mark the Centres entry of the navigation active on a centre’s own page', async () => {
    await api.signIn(DEMO_PARENT);
    renderApp('/centres/101');
    await screen.findByRole('heading', { name: 'Clínica Diagonal', level: 1 });
    const entry = screen.getByRole('link', { name: 'Centres' });
    expect(entry).toHaveAttribute('aria-current', 'page');
    expect(entry).toHaveAttribute('data-active', 'true');
  });
});
