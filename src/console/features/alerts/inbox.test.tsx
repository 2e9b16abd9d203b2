import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Alert, AlertChoices } from '@/proxy-api/alerts-console';
import { renderApp } from '@/console/testing/render-app';
import { forgetReportedTimeZone } from './report-time-zone.ts';
import { personSessionHandler } from '@/console/testing/person-session';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';

// Issue 26, item 4 (docs/decisions/0026): the inbox in words, each alert linking to its centre,
// marking read (one when opened, or all) and the navigation's unread count following; no inbox for
// a client-credential session. The in-page proxy has no database, so these answers stand for the
// proxy's /alerts (tested against PostgreSQL in src/proxy and in e2e/overview-watch.spec.ts).
const api = setupSimulatorConsole({ seed: 'demo' });

const alert = (init: Partial<Alert> & Pick<Alert, 'id' | 'rule'>): Alert => ({
  centreId: 201,
  centreName: 'Clínica Norte',
  at: '2026-11-20T09:30:00.000Z',
  readAt: null,
  details: {},
  ...init,
});

/** A person's inbox as the proxy keeps it: two pages, read marks, the unread count. */
function inbox(alerts: Alert[], pageSize = 50) {
  const state = {
    alerts: [...alerts],
    reads: [] as unknown[],
    choices: undefined as AlertChoices | undefined,
  };
  const unread = () => state.alerts.filter((a) => a.readAt === null).length;
  const handlers = [
    http.get('*/alerts', ({ request }) => {
      const start = Number(new URL(request.url).searchParams.get('after') ?? 0);
      const items = state.alerts.slice(start, start + pageSize);
      const next = start + pageSize < state.alerts.length ? String(start + pageSize) : null;
      return HttpResponse.json({ items, next });
    }),
    http.get('*/alerts/unread', () => HttpResponse.json({ unread: unread() })),
    http.post('*/alerts/read', async ({ request }) => {
      const body = (await request.json()) as { ids?: number[]; all?: true };
      state.reads.push(body);
      for (const a of state.alerts)
        if (body.all || body.ids?.includes(a.id)) a.readAt ??= '2026-11-21T10:00:00.000Z';
      return HttpResponse.json({ marked: 1, unread: unread() });
    }),
    http.get('*/alerts/preferences', () =>
      HttpResponse.json(
        state.choices ?? {
          rules: [{ rule: 'suspended', inbox: true, email: true }],
          language: 'en',
        },
      ),
    ),
  ];
  return { state, handlers };
}

describe('the Inbox', () => {
  it('says each alert in words, links it to its centre and marks it read when opened', async () => {
    const user = userEvent.setup();
    await api.signIn(DEMO_PARENT);
    const { state, handlers } = inbox([
      alert({ id: 3, rule: 'suspended' }),
      alert({
        id: 2,
        rule: 'basic_limit',
        centreId: 202,
        centreName: 'Centro Sur',
        details: { doctorId: 'd-9', doctorName: 'Dra. Marta Puig' },
      }),
      alert({ id: 1, rule: 'cancelled', readAt: '2026-11-20T10:00:00.000Z' }),
    ]);
    api.server.use(personSessionHandler('support'), ...handlers);
    renderApp('/inbox');
    const list = await screen.findByRole('list', { name: 'Alerts' });
    const suspended = within(list).getByRole('link', { name: 'Clínica Norte was suspended' });
    expect(suspended).toHaveAttribute('href', '/centres/201/licences');
    expect(
      within(list).getByRole('link', {
        name: "Dra. Marta Puig reached the BASIC licence's monthly limit at Centro Sur",
      }),
    ).toHaveAttribute('href', '/centres/202/licences');
    expect(within(list).getByRole('link', { name: "Clínica Norte's contract was cancelled" })).toBeVisible();
    expect(within(list).getAllByText('Unread')).toHaveLength(2);
    // The demo (this page's proxy) catches its e-mail: the inbox points to it.
    expect(
      screen.getByRole('link', { name: 'See the e-mail this demo caught instead of sending' }),
    ).toHaveAttribute('href', '/demo-mail');

    await user.click(suspended);
    await waitFor(() => expect(state.reads).toEqual([{ ids: [3] }]));
  });

  it('marks all as read, and the navigation count follows', async () => {
    const user = userEvent.setup();
    await api.signIn(DEMO_PARENT);
    const { handlers } = inbox([alert({ id: 2, rule: 'reinstated' }), alert({ id: 1, rule: 'suspended' })]);
    api.server.use(personSessionHandler('operator'), ...handlers);
    renderApp('/inbox');
    const link = await screen.findByRole('link', { name: /Inbox/ });
    expect(await within(link).findByLabelText('2 unread alerts')).toHaveTextContent('2');
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(within(link).queryByLabelText(/unread alert/)).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText('Unread')).not.toBeInTheDocument());
  });

  it('shows older alerts a page at a time, and says when there are none', async () => {
    const user = userEvent.setup();
    await api.signIn(DEMO_PARENT);
    const many = Array.from({ length: 3 }, (_, i) =>
      alert({ id: 10 - i, rule: 'reactivated', centreName: `Centre ${i}` }),
    );
    const { handlers } = inbox(many, 2);
    api.server.use(personSessionHandler('support'), ...handlers);
    renderApp('/inbox');
    const list = await screen.findByRole('list', { name: 'Alerts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
  });

  it("tells the proxy this browser's time zone once a person signs in, for their alert e-mails", async () => {
    forgetReportedTimeZone();
    await api.signIn(DEMO_PARENT);
    const told: unknown[] = [];
    api.server.use(
      personSessionHandler('support'),
      ...inbox([]).handlers,
      http.put('*/alerts/time-zone', async ({ request }) => {
        told.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/inbox');
    await waitFor(() => expect(told).toHaveLength(1));
    expect(told).toEqual([{ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }]);
  });

  it('says so when there are no alerts yet', async () => {
    await api.signIn(DEMO_PARENT);
    api.server.use(personSessionHandler('support'), ...inbox([]).handlers);
    renderApp('/inbox');
    expect(await screen.findByText('No alerts yet')).toBeInTheDocument();
  });

  it('is not offered to a client-credential session, which has no inbox', async () => {
    await api.signIn(DEMO_PARENT);
    const asked: string[] = [];
    api.server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.startsWith('/alerts')) asked.push(request.url);
    });
    renderApp('/activity');
    await screen.findByRole('link', { name: 'Activity' });
    expect(screen.queryByRole('link', { name: /Inbox/ })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('saves the choices per rule whole, and keeps them when the save fails', async () => {
    const user = userEvent.setup();
    await api.signIn(DEMO_PARENT);
    const { state, handlers } = inbox([]);
    const sent: AlertChoices[] = [];
    let fail = true;
    api.server.use(
      personSessionHandler('support'),
      ...handlers,
      http.put('*/alerts/preferences', async ({ request }) => {
        const body = (await request.json()) as AlertChoices;
        sent.push(body);
        if (fail) return HttpResponse.json({ error: 'boom' }, { status: 500 });
        state.choices = body;
        return HttpResponse.json(body);
      }),
    );
    renderApp('/inbox');
    const email = await screen.findByRole('checkbox', { name: 'TRIAL ending by e-mail' });
    expect(email).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Centre suspended by e-mail' })).toBeChecked();
    await user.click(email);
    await user.selectOptions(screen.getByRole('combobox', { name: 'E-mail language' }), 'es');
    await user.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(email).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'E-mail language' })).toHaveValue('es');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Save choices' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.language).toBe('es');
    expect(sent[1]?.rules).toContainEqual({ rule: 'trial_ending', inbox: true, email: true });
    expect(sent[1]?.rules).toHaveLength(7);
  });
});
