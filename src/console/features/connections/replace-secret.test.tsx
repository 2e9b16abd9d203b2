import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { personSessionHandler, testConnection } from '@/console/testing/person-session';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';

// Issue 47: a refused secret in "Replace secret" asked to check the provider id, client id and
// secret (the sign-in's words), but the dialog has only the secret. It now says so under the secret.
const api = setupSimulatorConsole({ seed: 'demo' });

describe('replacing a connection’s secret', () => {
  it('says a refused secret under the secret, naming the client it was checked against', async () => {
    await api.signIn(DEMO_PARENT);
    api.server.use(
      personSessionHandler('admin', 'Ana García'),
      http.get('*/connections', () => HttpResponse.json({ connections: [testConnection()] })),
      http.put('*/connections/:id/secret', () =>
        HttpResponse.json(
          {
            title: 'Unprocessable',
            status: 422,
            code: 'invalid_credentials',
            detail: 'The service refused this client id and secret.',
          },
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/settings/connections');
    const list = await screen.findByRole('list', { name: 'Connections' });
    await user.click(within(list).getByRole('button', { name: 'Replace secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the secret of Red Salud Demo' });
    await user.type(within(dialog).getByLabelText(/Client secret/), 'a-wrong-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and replace' }));
    const secret = within(dialog).getByLabelText(/Client secret/);
    expect(await within(dialog).findByText(/did not accept this secret/)).toHaveTextContent(
      'The service did not accept this secret for client demo-parent of provider 100. Paste the whole secret issued for that client.',
    );
    expect(secret).toHaveAccessibleDescription(expect.stringContaining('did not accept this secret'));
    expect(dialog).not.toHaveTextContent(/provider id, client id/);
  });
});
