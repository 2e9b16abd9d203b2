import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { personSessionHandler, testConnection } from '@/console/testing/person-session';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';

// Issue 46 M2: "Add a connection" says one sentence that fits each refusal, in the console's
// words, and never the proxy's line beside an unrelated one. The proxy's side (the secret verified
// first, another parent's connection never named) runs on PostgreSQL in
// src/proxy/features/connections/connections.test.ts; here, its answers as the proxy gives them.
const api = setupSimulatorConsole({ seed: 'demo' });

const refusals = [
  {
    status: 409,
    code: 'connection_elsewhere',
    said: 'This provider is connected in this environment already: ask that connection’s admins to add you.',
  },
  {
    status: 409,
    code: 'connection_exists',
    said: 'You work through a connection for this environment and provider already.',
  },
  {
    status: 422,
    code: 'provider_mismatch',
    said: 'These credentials do not act for that provider id: check the provider id.',
  },
];

describe('adding a connection', () => {
  it.each(refusals)('answers $code in one sentence of its own', async ({ status, code, said }) => {
    await api.signIn(DEMO_PARENT);
    api.server.use(personSessionHandler('admin', 'Ana García'));
    api.server.use(
      http.get('*/connections', () => HttpResponse.json({ connections: [testConnection()] })),
      http.post('*/connections', () =>
        HttpResponse.json(
          { title: 'Refused', status, code, detail: 'The proxy’s own English line.' },
          { status, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/settings/connections');
    const form = await screen.findByRole('form', { name: 'Add a connection' });
    await user.type(within(form).getByLabelText(/^Name/), 'Grupo');
    await user.type(within(form).getByLabelText(/^Provider id/), '200');
    await user.type(within(form).getByLabelText(/^Client id/), 'demo-processor');
    await user.type(within(form).getByLabelText(/^Client secret/), 'demo-processor-secret');
    await user.click(within(form).getByRole('button', { name: 'Verify and add' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe(said);
  });
});
