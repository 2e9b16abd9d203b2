import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@/proxy-api/permissions';
import { renderApp } from '@/console/testing/render-app';
import { RED_SALUD } from '@/console/testing/person-session';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';

// Issue 47 item 4: a person with two connections opens a link to a centre of the one they are not
// working through. The page says whose it is and offers to switch, instead of a dead end. The
// in-page proxy keeps no snapshots: which connection lists the centre is the proxy's answer.
const api = setupSimulatorConsole({ seed: 'demo' });

const PROCESSOR = { id: 'conn-processor', label: 'Grupo Procesador Demo', state: 'ok' } as const;

const pauSession = http.get('*/auth/session', () =>
  HttpResponse.json({
    environment: 'demo',
    providerId: 100,
    clientId: 'demo-parent',
    providerVerified: true,
    permissions: [...ROLE_PERMISSIONS.support],
    person: { name: 'Pau Serra', email: 'pau.serra@soporte.demo', subject: 'pau' },
    connection: RED_SALUD,
    role: 'support',
    connections: [
      { ...RED_SALUD, environment: 'demo', providerId: 100, role: 'support' },
      { ...PROCESSOR, environment: 'demo', providerId: 200, role: 'support' },
    ],
  }),
);

describe('a centre of another of the person’s connections', () => {
  it('says which connection it belongs to and switches there', async () => {
    await api.signIn(DEMO_PARENT);
    const switched: unknown[] = [];
    api.server.use(
      pauSession,
      http.get('*/watch/centres/201/connections', () => HttpResponse.json({ connections: [PROCESSOR] })),
      http.post('*/auth/connection', async ({ request }) => {
        switched.push(await request.json());
        return HttpResponse.json({ code: 'unavailable', detail: 'Not in this test.' }, { status: 503 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/centres/201/licences');
    expect(
      await screen.findByText('This centre belongs to Grupo Procesador Demo, another of your connections.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Switch to Grupo Procesador Demo' }));
    await waitFor(() => expect(switched).toEqual([{ connectionId: 'conn-processor' }]));
  });

  it('stays the plain "not among your centres" when no connection of theirs lists it', async () => {
    await api.signIn(DEMO_PARENT);
    api.server.use(
      pauSession,
      http.get('*/watch/centres/999/connections', () => HttpResponse.json({ connections: [] })),
    );
    renderApp('/centres/999/licences');
    expect(
      await screen.findByRole('heading', { name: 'This centre is not among your centres' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Switch to Grupo/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/another of your connections/)).not.toBeInTheDocument();
  });
});
