import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '@/proxy-api/permissions';
import { renderApp } from '@/console/testing/render-app';
import { RED_SALUD } from '@/console/testing/person-session';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';

// Issue 47 item 4: Pau works through Red Salud and opens an alert's link to a Grupo Procesador
// centre, which names the connection it came from (`?via=`). The console switches there before the
// centre loads. The in-page proxy has no people: it is signed in as the processor, whose centre 201
// is, and these answers say whom the console is showing, before and after the switch.
const api = setupSimulatorConsole({ seed: 'demo' });

const PROCESSOR = { id: 'conn-processor', label: 'Grupo Procesador Demo', state: 'ok' } as const;
const connections = [
  { ...RED_SALUD, environment: 'demo', providerId: 100, role: 'support' },
  { ...PROCESSOR, environment: 'demo', providerId: 200, role: 'support' },
];
const pauOn = (connection: typeof RED_SALUD | typeof PROCESSOR) => ({
  environment: 'demo',
  providerId: connection === PROCESSOR ? 200 : 100,
  clientId: connection === PROCESSOR ? 'demo-processor' : 'demo-parent',
  providerVerified: true,
  permissions: [...ROLE_PERMISSIONS.support],
  person: { name: 'Pau Serra', email: 'pau.serra@soporte.demo', subject: 'pau' },
  connection,
  role: 'support',
  connections,
});

/** Pau on Red Salud; `POST /auth/connection` answers `switchAnswer` and records what it was asked. */
function pauOnRedSalud(switchAnswer: 'switch' | 'refuse') {
  const asked: unknown[] = [];
  let current: typeof RED_SALUD | typeof PROCESSOR = RED_SALUD;
  api.server.use(
    http.get('*/auth/session', () => HttpResponse.json(pauOn(current))),
    http.get('*/watch/centres/201/connections', () => HttpResponse.json({ connections: [PROCESSOR] })),
    // The centre's page asks the watcher for its timeline: none kept yet.
    http.get('*/watch/centres/:id', () => HttpResponse.json({ centre: null, changes: [], next: null })),
    http.post('*/auth/connection', async ({ request }) => {
      asked.push(await request.json());
      if (switchAnswer === 'refuse')
        return HttpResponse.json(
          { code: 'forbidden', detail: 'You have no role on that connection: ask one of its admins.' },
          { status: 403 },
        );
      current = PROCESSOR;
      return HttpResponse.json(pauOn(current));
    }),
  );
  return asked;
}

const signInAsProcessor = () =>
  api.signIn({ providerId: 200, clientId: 'demo-processor', secret: 'demo-processor-secret' });

describe('an alert’s link that names its connection', () => {
  it('switches to that connection and opens the centre there, saying so', async () => {
    await signInAsProcessor();
    const asked = pauOnRedSalud('switch');
    const { router } = renderApp('/centres/201/licences?via=conn-processor');
    expect(await screen.findByRole('heading', { name: /Hospital Castellana/ })).toBeVisible();
    expect(asked).toEqual([{ connectionId: 'conn-processor' }]);
    // The address no longer names it: a reload does not switch again.
    expect(router.state.location.pathname).toBe('/centres/201/licences');
    expect(router.state.location.searchStr).not.toContain('via');
    expect(
      await screen.findByText(
        'Now working through Grupo Procesador Demo, where the alert you opened came from.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('This centre is not among your centres')).not.toBeInTheDocument();
  });

  it('switches nothing when the person works through that connection already', async () => {
    await api.signIn(DEMO_PARENT);
    const asked = pauOnRedSalud('switch');
    const { router } = renderApp('/centres/201/licences?via=conn-red-salud');
    // Red Salud's session cannot open 201: the page is the offer to switch, as without the link's word.
    expect(
      await screen.findByText('This centre belongs to Grupo Procesador Demo, another of your connections.'),
    ).toBeVisible();
    expect(asked).toEqual([]);
    expect(router.state.location.searchStr).not.toContain('via');
  });

  it('opens as a link without it when the proxy refuses the switch', async () => {
    await api.signIn(DEMO_PARENT);
    const asked = pauOnRedSalud('refuse');
    const { router } = renderApp('/centres/201/licences?via=conn-elsewhere');
    expect(
      await screen.findByText('This centre belongs to Grupo Procesador Demo, another of your connections.'),
    ).toBeVisible();
    expect(asked).toEqual([{ connectionId: 'conn-elsewhere' }]);
    await waitFor(() => expect(router.state.location.searchStr).not.toContain('via'));
    expect(screen.queryByText(/Now working through/)).not.toBeInTheDocument();
  });
});
