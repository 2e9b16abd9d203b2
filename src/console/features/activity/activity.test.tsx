import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';
import { registerDoctor, sendCancellation } from './activity-testing.ts';

// The Activity screen (docs/decisions/0022) over the proxy's own log (decision 0018), in the
// in-page host the demo runs: every change in words, its filters in the URL.
const api = setupSimulatorConsole({ seed: 'demo' });
const CENTRE_101 = { providerId: 101, clientId: 'demo-child-101', secret: 'demo-child-101-secret' };

const list = () => screen.findByRole('list', { name: 'Activity entries' });
const lineTexts = async () =>
  within(await list())
    .getAllByRole('listitem')
    .filter((item) => item.parentElement?.getAttribute('aria-label') === 'Activity entries')
    .map((item) => item.querySelector('p')?.textContent ?? '');

describe('the Activity screen', () => {
  it('says each change in words, newest first, and filters it by action in the URL', async () => {
    await api.signIn(DEMO_PARENT);
    await sendCancellation('evt_words', 107);
    for (const id of ['W-1', 'W-2', 'W-3']) {
      // One after the other, as the registration screen's rows answer.
      // oxlint-disable-next-line no-await-in-loop
      await registerDoctor(id, 107);
    }
    await registerDoctor('W-4', 107, 'not-an-email');
    const user = userEvent.setup();
    const { router } = renderApp('/activity');
    expect(await screen.findByRole('heading', { name: 'Activity', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Activity', current: 'page' })).toBeInTheDocument();
    // The entries first, their centre by its id; its name as its own record arrives.
    await list();
    await waitFor(async () =>
      expect(await lineTexts()).toEqual([
        'demo-parent registered 3 doctors at Centro Demo 7, 1 refused: e-mail not valid — ',
        'demo-parent cancelled the contract of Centro Demo 7 — ',
        'demo-parent signed in — ',
      ]),
    );
    // Named from the centre's own record in the proxy's index, never the whole child list (issue 24).
    expect(api.sent('/provider/100/child')).toEqual([]);
    expect(api.sent('/api/centres/107')).toHaveLength(1);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Contract changes');
    await waitFor(() => expect(router.state.location.search).toEqual({ action: 'contract.event' }));
    await waitFor(async () =>
      expect(await lineTexts()).toEqual(['demo-parent cancelled the contract of Centro Demo 7 — ']),
    );
    // The event's attempts, behind a disclosure a keyboard opens.
    const attempts = screen.getByText(/^1 attempt · evt_words$/);
    attempts.focus();
    await user.keyboard('{Enter}');
    expect(within(attempts.closest('details') as HTMLElement).getByRole('listitem')).toHaveTextContent(
      /demo-parent · applied$/,
    );
  });

  it('opens the old contract-event log’s address on the contract changes of the same centre', async () => {
    await api.signIn(DEMO_PARENT);
    const { router } = renderApp('/contract-log?centre=107');
    await screen.findByRole('heading', { name: 'Activity', level: 1 });
    expect(router.state.location.pathname).toBe('/activity');
    expect(router.state.location.search).toEqual({ action: 'contract.event', centre: 107 });
  });

  it('shows a centre’s own login its own centre’s entries only, never its parent’s', async () => {
    await api.signIn(DEMO_PARENT);
    await sendCancellation('evt_parent', 101);
    await api.signIn(CENTRE_101);
    renderApp('/activity');
    expect(await lineTexts()).toEqual(['demo-child-101 signed in — ']);
    expect(screen.queryByText(/evt_parent|cancel/)).not.toBeInTheDocument();
    // It may not read its parent's centres (403, D3): no centre filter, and its own is not asked.
    await waitFor(() => expect(screen.queryByLabelText('Centre')).not.toBeInTheDocument());
    expect(api.sent('/api/centres/101')).toEqual([]);
  });

  it('reads the log a page at a time, and says when it has all of it', async () => {
    await api.signIn(DEMO_PARENT);
    for (let index = 0; index < 55; index += 1)
      // One after the other: the log's order is the order they arrived in.
      // oxlint-disable-next-line no-await-in-loop
      await sendCancellation(`evt_page_${index}`, 105);
    const user = userEvent.setup();
    renderApp('/activity?action=contract.event');
    expect(await screen.findByText('The newest 50 entries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('The newest 55 entries')).toBeInTheDocument();
    expect(screen.getByText('That is the whole log for these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when no entry matches, and clears the filters', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    const { router } = renderApp('/activity?outcome=refused');
    expect(await screen.findByText('No entry matches these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    // The button pressed is gone: the keyboard goes on from the first filter.
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveFocus();
    expect(await lineTexts()).toEqual(['demo-parent signed in — ']);
  });

  it('says what will appear when nothing has happened yet', async () => {
    await api.signIn(DEMO_PARENT);
    // A log with nothing in it (the sign-in itself is an entry, so only an answer can be empty).
    api.server.use(http.get('*/audit/entries', () => HttpResponse.json({ entries: [], next: null })));
    renderApp('/activity');
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('says when the log cannot be read, and reads it again on Retry', async () => {
    await api.signIn(DEMO_PARENT);
    let broken = true;
    api.server.use(
      http.get('*/audit/entries', () =>
        broken ? HttpResponse.json({ code: 'internal_error' }, { status: 500 }) : undefined,
      ),
    );
    const user = userEvent.setup();
    renderApp('/activity');
    // A 5xx may pass on retry: the query asks twice more by itself before the screen says so.
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 10_000 });
    broken = false;
    await user.click(retry);
    expect(await lineTexts()).toEqual(['demo-parent signed in — ']);
  });

  it('says so when the log is slow to come, and shows it when it does', async () => {
    await api.signIn(DEMO_PARENT);
    const { promise: released, resolve: release } = Promise.withResolvers<void>();
    api.server.use(
      http.get('*/audit/entries', async () => {
        await released;
        return undefined;
      }),
    );
    renderApp('/activity');
    expect(await screen.findByText('Loading the activity…')).toBeInTheDocument();
    expect(
      await screen.findByText('Still loading: the log is long or the connection is slow.', undefined, {
        timeout: 8_000,
      }),
    ).toBeInTheDocument();
    release();
    expect(await lineTexts()).toEqual(['demo-parent signed in — ']);
    expect(screen.queryByText(/Still loading/)).not.toBeInTheDocument();
  });

  it('shows a centre’s recent activity on its page, with a link to the rest of it', async () => {
    await api.signIn(DEMO_PARENT);
    await sendCancellation('evt_centre', 107);
    await sendCancellation('evt_elsewhere', 108);
    const user = userEvent.setup();
    const { router } = renderApp('/centres/107/activity');
    const recent = await screen.findByRole('region', { name: 'Recent activity' });
    expect(within(recent).getByText('demo-parent cancelled the contract of Centro Demo 7')).toBeVisible();
    expect(within(recent).queryByText(/Centro Demo 8/)).not.toBeInTheDocument();
    const all = within(recent).getByRole('link', { name: 'All activity of this centre' });
    expect(all).toHaveAttribute('href', '/activity?centre=107');
    await user.click(all);
    await waitFor(() => expect(router.state.location.search).toEqual({ centre: 107 }));
    expect(await lineTexts()).toEqual(['demo-parent cancelled the contract of Centro Demo 7 — ']);
  });

  it('finds a centre by part of its name as it is typed, and shows only its entries', async () => {
    await api.signIn(DEMO_PARENT);
    await sendCancellation('evt_seven', 107);
    await sendCancellation('evt_eight', 108);
    const user = userEvent.setup();
    const { router } = renderApp('/activity?action=contract.event');
    expect(await lineTexts()).toHaveLength(2);
    const centre = await screen.findByRole('combobox', { name: 'Centre' });
    await user.click(centre);
    await user.type(centre, 'Nowhere');
    expect(await screen.findByText('No centre matches')).toBeInTheDocument();
    await user.clear(centre);
    await user.type(centre, 'emo 8');
    await user.click(await screen.findByRole('option', { name: 'Centro Demo 8 (108)' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ action: 'contract.event', centre: 108 }),
    );
    await waitFor(async () =>
      expect(await lineTexts()).toEqual(['demo-parent cancelled the contract of Centro Demo 8 — ']),
    );
    expect(centre).toHaveValue('Centro Demo 8 (108)');
    // The proxy searched its index; the whole child list was never asked.
    const searches = api.sent('/api/centres').map((request) => request.query.get('q'));
    expect(searches).toContain('emo 8');
    expect(api.sent('/provider/100/child')).toEqual([]);
  });

  it('names the centre of a deep link in its filter, from one read of it, and clears it', async () => {
    await api.signIn(DEMO_PARENT);
    await sendCancellation('evt_deep', 107);
    const user = userEvent.setup();
    const { router } = renderApp('/activity?centre=107');
    await waitFor(async () =>
      expect(await lineTexts()).toEqual(['demo-parent cancelled the contract of Centro Demo 7 — ']),
    );
    const centre = await screen.findByRole('combobox', { name: 'Centre' });
    await waitFor(() => expect(centre).toHaveValue('Centro Demo 7 (107)'));
    // The keyboard opens the list, the chosen centre in it.
    centre.focus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'Centro Demo 7 (107)' })).toBeInTheDocument();
    expect(api.sent('/provider/100/child')).toEqual([]);
    // One read of the centre names both the line and the filter.
    expect(api.sent('/api/centres/107')).toHaveLength(1);
    await user.click(screen.getByRole('option', { name: 'All centres' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('says in words when the centres cannot be searched, and still shows the entries', async () => {
    await api.signIn(DEMO_PARENT);
    api.server.use(
      http.get('*/api/centres', () => HttpResponse.json({ code: 'internal_error' }, { status: 500 })),
    );
    renderApp('/activity');
    expect(await lineTexts()).toEqual(['demo-parent signed in — ']);
    const centre = await screen.findByRole('combobox', { name: 'Centre' });
    // A 5xx may pass on retry: the query asks twice more by itself before the field says so.
    await waitFor(() => expect(centre).toHaveAttribute('aria-invalid', 'true'), { timeout: 10_000 });
    expect(centre).toHaveAccessibleDescription(/./);
  });
});
