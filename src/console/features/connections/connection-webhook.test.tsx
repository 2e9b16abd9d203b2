import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { personSessionHandler, RED_SALUD, testConnection } from '@/console/testing/person-session';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';

// Issue 26 (docs/decisions/0027): an admin sets a connection's chat webhook. The proxy's side (sealed
// at rest, only the host answered, admins only) runs against PostgreSQL in
// src/proxy/features/connections/webhook.test.ts; here, its answers as the proxy gives them.
const api = setupSimulatorConsole({ seed: 'demo' });

function serveConnections(sent: unknown[]) {
  let connection = testConnection();
  api.server.use(personSessionHandler('admin', 'Ana García'));
  api.server.use(
    http.get('*/connections', () => HttpResponse.json({ connections: [connection] })),
    http.put('*/connections/:id/webhook', async ({ request }) => {
      const body = (await request.json()) as { url: string | null };
      sent.push(body);
      if (body.url?.startsWith('http://'))
        return HttpResponse.json(
          { code: 'invalid_request', detail: 'Send url: an https:// incoming-webhook address' },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        );
      connection = { ...connection, webhookHost: body.url === null ? null : new URL(body.url).host };
      return HttpResponse.json(connection);
    }),
  );
}

describe("a connection's chat webhook", () => {
  it('is set in a dialog (a refused address stays typed, under its field), then shown by its host only, and removed', async () => {
    await api.signIn(DEMO_PARENT);
    const sent: unknown[] = [];
    serveConnections(sent);
    const user = userEvent.setup();
    renderApp('/settings/connections');
    const list = await screen.findByRole('list', { name: 'Connections' });
    expect(list).toHaveTextContent('Chat webhook: none');
    await user.click(within(list).getByRole('button', { name: `Chat webhook of ${RED_SALUD.label}` }));
    const dialog = await screen.findByRole('dialog', { name: `Chat webhook of ${RED_SALUD.label}` });
    const field = within(dialog).getByRole('textbox', { name: /Webhook address/ });

    await user.type(field, 'http://hooks.example/x');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Enter an https:\/\/ address/)).toBeInTheDocument();
    expect(field).toHaveValue('http://hooks.example/x');

    await user.clear(field);
    await user.type(field, 'https://hooks.slack.com/services/T/B/sEcReT-42');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(list).findByText('Chat webhook: hooks.slack.com')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('sEcReT-42');

    // Opened again: the field is empty (the address is never sent back), and Remove clears it.
    await user.click(within(list).getByRole('button', { name: `Chat webhook of ${RED_SALUD.label}` }));
    const again = await screen.findByRole('dialog', { name: `Chat webhook of ${RED_SALUD.label}` });
    expect(within(again).getByRole('textbox', { name: /Webhook address/ })).toHaveValue('');
    expect(again).toHaveTextContent('Alerts are posted to hooks.slack.com.');
    await user.click(within(again).getByRole('button', { name: 'Remove webhook' }));
    expect(await within(list).findByText('Chat webhook: none')).toBeInTheDocument();
    expect(sent).toEqual([
      { url: 'http://hooks.example/x' },
      { url: 'https://hooks.slack.com/services/T/B/sEcReT-42' },
      { url: null },
    ]);
  });
});
