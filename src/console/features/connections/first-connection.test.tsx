import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@/proxy-api/permissions';
import { renderApp } from '@/console/testing/render-app';
import { RED_SALUD } from '@/console/testing/person-session';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';

// Issue 25: the first admin of a deployment with no connection lands on a console screen (not the
// JSON API path) that registers the first connection: one form, a wrong secret refused in words,
// nothing typed lost, and the console opens on the new connection. The proxy's side of
// POST /connections/first runs against PostgreSQL and the embedded OpenID provider
// (src/proxy/features/people/people.test.ts); here, its answers as the proxy gives them.
const api = setupSimulatorConsole({ seed: 'demo' });

const firstAdminSession = {
  environment: 'demo',
  providerId: 100,
  clientId: 'demo-parent',
  providerVerified: true,
  permissions: [...ROLE_PERMISSIONS.admin],
  person: { name: 'Ana García', email: 'ana@redsalud.demo', subject: 'ana-subject' },
  connection: RED_SALUD,
  role: 'admin',
  connections: [{ ...RED_SALUD, environment: 'demo', providerId: 100, role: 'admin' }],
};

describe('the first connection screen', () => {
  it('refuses a wrong secret in words keeping what was typed, then opens the console on it', async () => {
    const sent: unknown[] = [];
    api.server.use(
      http.post('*/connections/first', async ({ request }) => {
        const body = (await request.json()) as { clientSecret: string };
        sent.push(body);
        if (body.clientSecret !== 'demo-parent-secret')
          return HttpResponse.json(
            {
              title: 'Unprocessable',
              status: 422,
              code: 'invalid_credentials',
              detail: 'The service refused this client id and secret for Red Salud Demo.',
            },
            { status: 422, headers: { 'content-type': 'application/problem+json' } },
          );
        // The proxy's session begins with its answer: the in-page proxy's, for the screens after.
        await api.signIn(DEMO_PARENT);
        return HttpResponse.json(firstAdminSession, { status: 201 });
      }),
      // The in-page proxy has no database, so no snapshots (docs/decisions/0025): the overview loads progressively.
      http.get('*/watch/centres', () =>
        HttpResponse.json(
          { title: 'Service Unavailable', status: 503, code: 'watch_off', detail: 'The watcher is off.' },
          { status: 503, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/first-connection');
    expect(
      await screen.findByRole('heading', { name: 'Add your organisation’s first connection', level: 1 }),
    ).toBeInTheDocument();
    const secret = await screen.findByLabelText(/^Client secret/);
    await user.type(screen.getByLabelText(/^Name/), 'Red Salud Demo');
    await user.type(screen.getByLabelText(/^Provider id/), '100');
    await user.type(screen.getByLabelText(/^Client id/), 'demo-parent');
    await user.type(secret, 'not-the-secret');
    await user.click(screen.getByRole('button', { name: 'Verify and start' }));

    expect(
      await screen.findByText(
        'Those credentials were not accepted. Check the provider id, client id and secret.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/first-connection');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Red Salud Demo');
    expect(screen.getByLabelText(/^Provider id/)).toHaveValue('100');
    expect(screen.getByLabelText(/^Client id/)).toHaveValue('demo-parent');
    expect(secret).toHaveValue('not-the-secret');

    await user.clear(secret);
    await user.type(secret, 'demo-parent-secret');
    await user.click(screen.getByRole('button', { name: 'Verify and start' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/overview'));
    expect(sent).toEqual([
      {
        label: 'Red Salud Demo',
        environment: 'demo',
        providerId: 100,
        clientId: 'demo-parent',
        clientSecret: 'not-the-secret',
      },
      expect.objectContaining({ clientSecret: 'demo-parent-secret' }),
    ]);
    // The shell names who is signed in, through which connection.
    expect(await screen.findAllByText(/Red Salud Demo/)).not.toHaveLength(0);
  });

  it('sends someone already signed in to the console', async () => {
    await api.signIn(DEMO_PARENT);
    const { router } = renderApp('/first-connection');
    await waitFor(() => expect(router.state.location.pathname).toBe('/overview'));
  });
});
