import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';

// The overview over the D12 demo seed, through the simulator's console surface.
const api = setupSimulatorConsole({ seed: 'demo' });

afterEach(() => focusManager.setFocused(undefined));

const rowsOf = () =>
  within(screen.getByRole('table', { name: 'Licences of every centre' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('link').textContent);

describe('the overview', () => {
  it('lists exactly the seeded problem centres under "needs attention", with a count per reason', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    const { router } = renderApp('/overview');
    expect(await screen.findByRole('button', { name: 'All centres (34)' })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Needs attention (4)' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Loading licences/)).not.toBeInTheDocument());
    for (const name of [
      'Suspended (0)',
      'Cancelled (1)',
      'BASIC limit reached (1)',
      'Pending change (1)',
      'TRIAL ending (1)',
    ])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Needs attention (4)' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ show: 'attention' }));
    expect(rowsOf()).toEqual([
      'Centro Médico Gràcia',
      'Clínica Diagonal',
      'Consulta Sarrià',
      'Policlínica Sants',
    ]);
    expect(screen.getByRole('button', { name: 'Needs attention (4)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says its counts are only counts so far until every centre is in', async () => {
    await api.signIn(DEMO_PARENT);
    // Every centre's licences wait until the test lets them through to the proxy.
    const gate = Promise.withResolvers<void>();
    api.server.use(http.get(/\/payments\//, () => gate.promise));
    renderApp('/overview');
    expect(await screen.findByRole('button', { name: 'All centres (34)' })).toBeInTheDocument();
    // Said in full to a screen reader and marked busy on screen; the label keeps its width, so that
    // nothing moves when the counts become final.
    const attention = screen.getByRole('button', { name: 'Needs attention (0 so far)' });
    expect(attention).toHaveTextContent('Needs attention (0)');
    expect(attention).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancelled (0 so far)' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'All centres (34)' })).not.toHaveAttribute('aria-busy');
    expect(screen.queryByRole('button', { name: 'Needs attention (0)' })).toBeNull();
    gate.resolve();
    const final = await screen.findByRole('button', { name: 'Needs attention (4)' }, { timeout: 10_000 });
    expect(final).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('button', { name: 'Cancelled (1)' })).not.toHaveAttribute('aria-busy');
  });

  it('reads its filter and sort from the URL', async () => {
    await api.signIn(DEMO_PARENT);
    renderApp('/overview?show=attention&sort=name&dir=desc');
    await waitFor(() => expect(rowsOf()).toHaveLength(4), { timeout: 10_000 });
    expect(rowsOf()[0]).toBe('Policlínica Sants');
    expect(screen.getByRole('columnheader', { name: /Centre/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('gives a centre whose licences failed its own retry, which fills the row', async () => {
    await api.signIn(DEMO_PARENT);
    // D11: the first licence call of centre 103 answers 503 (the proxy's 502 upstream_unavailable).
    api.fault({ match: 'GET /payments/v1/subscription/provider/103/license', status: 503, times: 1 });
    const user = userEvent.setup();
    // A centre that could not be loaded is listed under "needs attention": nothing says it is fine.
    renderApp('/overview?show=attention');
    const retry = await screen.findByRole('button', { name: 'Retry Policlínica Sants' }, { timeout: 10_000 });
    expect(
      await screen.findByRole('button', { name: 'Needs attention (4)' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelled (0)' })).toBeInTheDocument();
    expect(rowsOf()).toHaveLength(4);
    await user.click(retry);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancelled (1)' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Retry Policlínica Sants' })).not.toBeInTheDocument();
    expect(rowsOf()).toContain('Policlínica Sants');
  });

  it('opens a centre it has loaded from the cache, without asking again', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    renderApp('/overview?show=basic-limit');
    await screen.findByRole('link', { name: 'Clínica Diagonal' }, { timeout: 10_000 });
    const doctors = api.sent('/101/user').length;
    const licences = api.sent('/101/license').length;
    await user.click(screen.getByRole('link', { name: 'Clínica Diagonal' }));
    expect(
      await screen.findByText('1 doctor reached the 100-report BASIC limit this month'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'BASIC licences' })).toBeInTheDocument();
    // The summary and the doctors come from the cache; only the tab's list by type is new (4.7 `type`).
    expect(api.sent('/101/user')).toHaveLength(doctors);
    expect(api.sent('/101/license')).toHaveLength(licences + 1);
  });

  it('fetches every centre again on refresh, and on focus once its data is a minute old', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    renderApp('/overview');
    await screen.findByRole('button', { name: 'Needs attention (4)' }, { timeout: 10_000 });
    await waitFor(() => expect(api.sent('/user')).toHaveLength(34));
    // Focus within the minute: nothing is asked again.
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    expect(api.sent('/user')).toHaveLength(34);

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    // 34 more requests, six at a time: as long as the first load may take on a busy machine.
    await waitFor(() => expect(api.sent('/user')).toHaveLength(68), { timeout: 10_000 });
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());

    // A minute later, focus fetches again what has gone stale.
    const later = Date.now() + 61_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await waitFor(() => expect(api.sent('/user')).toHaveLength(102));
    expect(api.sent('/license').length).toBeGreaterThanOrEqual(102);
  });
});
