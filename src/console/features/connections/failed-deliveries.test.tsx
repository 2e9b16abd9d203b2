import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FailedDelivery } from '@/proxy-api/alerts-console';
import { renderApp } from '@/console/testing/render-app';
import { personSessionHandler, testConnection } from '@/console/testing/person-session';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';

// Issue 26 ("an SMTP server that refuses: retried with backoff, visible to admins"): the admin sees
// the connection's alert messages that did not go out, and sends one again alone. The proxy's side
// (scoped to the connection, admins only, audited) runs against PostgreSQL in
// src/proxy/features/alerts/routes.test.ts; here, its answers as the proxy gives them.
const api = setupSimulatorConsole({ seed: 'demo' });

const connection = testConnection({ webhookHost: 'hooks.slack.com' });
const delivery = (over: Partial<FailedDelivery>): FailedDelivery => ({
  id: 1,
  alertId: 10,
  rule: 'suspended',
  centreId: 201,
  centreName: 'Clínica Diagonal',
  raisedAt: '2026-11-26T09:00:00.000Z',
  channel: 'email',
  to: 'oscar.ruiz@redsalud.demo',
  host: null,
  status: 'failed',
  attempts: 5,
  lastErrorCode: 'ECONNECTION',
  nextAt: null,
  ...over,
});

/** The proxy tried it once now (features/alerts/send-again.ts): sent, unless told to fail it again. */
function serve(
  deliveries: FailedDelivery[],
  retried: number[],
  refuse: Set<number> = new Set(),
  failAgain: Set<number> = new Set(),
) {
  api.server.use(personSessionHandler('admin', 'Ana García'));
  api.server.use(
    http.get('*/connections', () => HttpResponse.json({ connections: [connection] })),
    http.get('*/alerts/deliveries/failed', () =>
      HttpResponse.json({ deliveries: deliveries.filter((d) => !retried.includes(d.id)) }),
    ),
    http.post('*/alerts/deliveries/:id/retry', ({ params }) => {
      const id = Number(params['id']);
      if (refuse.has(id))
        return HttpResponse.json(
          { code: 'unavailable', detail: 'The database is not answering.' },
          { status: 503, headers: { 'content-type': 'application/problem+json' } },
        );
      const found = deliveries.find((d) => d.id === id);
      if (found && failAgain.has(id)) {
        // What the proxy now has: one attempt more, its error (the list's next read says the same).
        Object.assign(found, { attempts: found.attempts + 1, lastErrorCode: 'EAUTH' });
        return HttpResponse.json({ outcome: 'failed', delivery: found });
      }
      retried.push(id);
      return HttpResponse.json({ outcome: 'sent', delivery: null });
    }),
  );
}

describe('alert messages that did not go out', () => {
  it('lists each with its centre, its recipient and why; one is sent again alone, and a refused one stays with its error', async () => {
    await api.signIn(DEMO_PARENT);
    const retried: number[] = [];
    serve(
      [
        delivery({
          id: 2,
          channel: 'webhook',
          to: null,
          host: 'hooks.slack.com',
          attempts: 2,
          status: 'pending',
          lastErrorCode: 'webhook_500',
          nextAt: '2026-11-26T09:20:00.000Z',
        }),
        delivery({ id: 1 }),
      ],
      retried,
      new Set([2]),
    );
    const user = userEvent.setup();
    renderApp('/settings/connections');
    const list = await screen.findByRole('list', { name: 'Alert messages that did not go out' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [chat, mail] = rows;
    if (!chat || !mail) throw new Error('two rows');
    expect(chat).toHaveTextContent('Chat post to hooks.slack.com');
    expect(chat).toHaveTextContent('2 attempts failed (error webhook_500). Next try:');
    expect(mail).toHaveTextContent('Centre suspended');
    expect(mail).toHaveTextContent('E-mail to oscar.ruiz@redsalud.demo');
    expect(mail).toHaveTextContent('Given up after 5 attempts (error ECONNECTION).');
    expect(within(mail).getByRole('link', { name: 'Clínica Diagonal' })).toHaveAttribute(
      'href',
      '/centres/201/licences',
    );

    // The chat post is refused: its error shows on its row, and the e-mail's row is untouched.
    await user.click(
      within(chat).getByRole('button', { name: 'Send again: Centre suspended, Clínica Diagonal' }),
    );
    expect(await within(chat).findByRole('alert')).toHaveTextContent(/.+/);
    expect(within(mail).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(
      within(mail).getByRole('button', { name: 'Send again: Centre suspended, Clínica Diagonal' }),
    );
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(list).toHaveTextContent('Chat post to hooks.slack.com');
    expect(retried).toEqual([1]);
    // It says what happened to that send, not that every message went out.
    expect(screen.getByRole('status')).toHaveTextContent(
      'E-mail to oscar.ruiz@redsalud.demo about Clínica Diagonal (Centre suspended) went out now.',
    );
  });

  it('says a send that failed again failed, with its error, and keeps the row with one more attempt', async () => {
    await api.signIn(DEMO_PARENT);
    serve(
      [delivery({ id: 3, channel: 'webhook', to: null, host: 'hooks.slack.com' })],
      [],
      new Set(),
      new Set([3]),
    );
    const user = userEvent.setup();
    renderApp('/settings/connections');
    const list = await screen.findByRole('list', { name: 'Alert messages that did not go out' });
    await user.click(within(list).getByRole('button', { name: /Send again/ }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Chat post to hooks.slack.com about Clínica Diagonal (Centre suspended) did not go out again (error EAUTH); it stays in the list.',
    );
    const [row] = within(list).getAllByRole('listitem');
    expect(row).toHaveTextContent('Given up after 6 attempts (error EAUTH).');
    expect(screen.queryByText('Every alert message went out.')).not.toBeInTheDocument();
  });

  it('says so when every message went out', async () => {
    await api.signIn(DEMO_PARENT);
    serve([], []);
    renderApp('/settings/connections');
    expect(await screen.findByText('Every alert message went out.')).toBeInTheDocument();
  });
});
