import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { personSessionHandler, RED_SALUD, testConnection } from '@/console/testing/person-session';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';

// Issue 25: an admin removes a connection from the console, confirmed first. The proxy's side
// (the sessions on it end, the removal audited under the admin's name) runs against PostgreSQL in
// src/proxy/features/connections/connections.test.ts; here, its answers as the proxy gives them.
const api = setupSimulatorConsole({ seed: 'demo' });

/** The proxy's list, and the DELETEs it was sent (each removes its connection from the list). */
function serveConnections(removed: string[]) {
  let connections = [testConnection(), testConnection({ id: 'conn-2', label: 'Clínica Norte' })];
  // The session works through Red Salud Demo: removing it ends the session, as the proxy does.
  let ended = false;
  api.server.use(personSessionHandler('admin', 'Ana García'));
  api.server.use(
    http.get('*/auth/session', () =>
      ended ? HttpResponse.json({ code: 'access_removed' }, { status: 401 }) : undefined,
    ),
    http.get('*/connections', () => HttpResponse.json({ connections })),
    http.delete('*/connections/:id', ({ params }) => {
      removed.push(String(params['id']));
      connections = connections.filter((one) => one.id !== params['id']);
      ended ||= params['id'] === RED_SALUD.id;
      return new HttpResponse(null, { status: 204 });
    }),
  );
}

describe('removing a connection', () => {
  it('asks first, then removes it and says so; Cancel removes nothing', async () => {
    await api.signIn(DEMO_PARENT);
    const removed: string[] = [];
    serveConnections(removed);
    const user = userEvent.setup();
    renderApp('/settings/connections');
    const list = await screen.findByRole('list', { name: 'Connections' });
    await user.click(within(list).getByRole('button', { name: 'Remove Clínica Norte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Clínica Norte' });
    expect(dialog).toHaveTextContent(/Everyone who works through it loses it at once/);
    expect(dialog).not.toHaveTextContent(/your own session ends too/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(removed).toEqual([]);

    await user.click(within(list).getByRole('button', { name: 'Remove Clínica Norte' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove Clínica Norte' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await screen.findByText('Clínica Norte was removed.')).toBeInTheDocument();
    expect(removed).toEqual(['conn-2']);
    await waitFor(() => expect(within(list).queryByText('Clínica Norte')).not.toBeInTheDocument());
  });

  it('warns that removing the connection one works through ends one’s own session, then signs in again', async () => {
    await api.signIn(DEMO_PARENT);
    const removed: string[] = [];
    serveConnections(removed);
    const user = userEvent.setup();
    const { router } = renderApp('/settings/connections');
    const list = await screen.findByRole('list', { name: 'Connections' });
    await user.click(within(list).getByRole('button', { name: 'Remove Red Salud Demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Red Salud Demo' });
    expect(dialog).toHaveTextContent('You work through it now: your own session ends too');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(removed).toEqual([RED_SALUD.id]);
  });
});
