import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { DEMO_PARENT, setupSimulatorConsole, type Credentials } from '@/console/testing/simulator-console';
import { CONSOLE_HEADERS } from '@/proxy-api/console';

// The Licences tab over the D12 demo seed, through the simulator's console surface: the same
// centres, doctors and clock as `npm start`.
const api = setupSimulatorConsole({ seed: 'demo' });

const DEMO_PROCESSOR: Credentials = {
  providerId: 200,
  clientId: 'demo-processor',
  secret: 'demo-processor-secret',
};

afterEach(() => focusManager.setFocused(undefined));

/** D11: moves the simulator's clock, as the e2e journeys do through the proxy. */
async function advanceClock(days: number) {
  const response = await fetch(new URL('/__sim/clock', globalThis.location.href), {
    method: 'POST',
    headers: { ...CONSOLE_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ advanceDays: days }),
  });
  expect(response.ok).toBe(true);
}

/** A banner by its title: an `alert` or a `status` (Mantine's Alert, labelled by its title). */
async function banner(title: string) {
  const heading = await screen.findByText(title);
  const found = heading.closest('[role="alert"], [role="status"]');
  if (!(found instanceof HTMLElement)) throw new Error(`“${title}” is not a banner's title`);
  return found;
}

describe('the Licences tab', () => {
  it('opens a centre on its Licences tab, with the contract in the header', async () => {
    await api.signIn(DEMO_PARENT);
    const { router } = renderApp('/centres/102');
    await waitFor(() => expect(router.state.location.pathname).toBe('/centres/102/licences'));
    expect(await screen.findByText('Billed by Red Salud Demo')).toBeInTheDocument();
    expect(screen.getAllByText('Pay-per-use').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Licences', current: 'page' })).toBeInTheDocument();
  });

  it('announces a scheduled downgrade per plan, and drops it once the clock passes its date', async () => {
    await api.signIn(DEMO_PROCESSOR);
    const user = userEvent.setup();
    renderApp('/centres/201/licences');
    const downgrade = await banner('Scheduled downgrade');
    expect(downgrade).toHaveAttribute('role', 'status');
    expect(downgrade).toHaveTextContent(/in 20 days, BASIC seats go from 10 to 6\./);
    expect(downgrade).toHaveTextContent(/in 20 days, ELITE seats go from 5 to 3\./);
    expect(screen.getByText('Billed through the service’s portal')).toBeInTheDocument();
    const basic = screen.getByRole('region', { name: 'BASIC' });
    expect(
      within(basic).getByRole('progressbar', { name: '4 of 10 BASIC seats in use' }),
    ).toBeInTheDocument();

    await advanceClock(21);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.queryByText('Scheduled downgrade')).not.toBeInTheDocument());
    expect(
      within(screen.getByRole('region', { name: 'BASIC' })).getByRole('progressbar', {
        name: '4 of 6 BASIC seats in use',
      }),
    ).toBeInTheDocument();
  });

  it('names the doctor at the BASIC limit as an alert, with the day reports start again', async () => {
    await api.signIn(DEMO_PARENT);
    renderApp('/centres/101/licences');
    const limit = await banner('1 doctor reached the 100-report BASIC limit this month');
    expect(limit).toHaveAttribute('role', 'alert');
    expect(limit).toHaveTextContent(/José Núñez: reports start again on .+ \(in 20 days\)\./);
    // D10: local time in the sentence, the UTC instant on hover.
    expect(within(limit).getByText(/^José Núñez:/)).toHaveAttribute(
      'title',
      'UTC: Dec 12, 2026, 10:00:00 AM UTC',
    );
  });

  it('says a cancelled centre keeps its data, and who reactivates it', async () => {
    await api.signIn(DEMO_PARENT);
    renderApp('/centres/103/licences');
    const cancelled = await banner('Contract cancelled');
    expect(cancelled).toHaveAttribute('role', 'alert');
    expect(cancelled).toHaveTextContent('Red Salud Demo reactivates the centre by updating its contract.');
  });

  it('lists the TRIALs ending soon and those already expired', async () => {
    await api.signIn(DEMO_PARENT);
    renderApp('/centres/104/licences');
    expect(await banner('1 TRIAL licence ends within 14 days')).toHaveTextContent(/\(in 5 days\)/);
    expect(await banner('1 TRIAL licence has expired')).toHaveTextContent(/\(2 days ago\)/);
  });

  it('says a centre without a contract has none yet, instead of failing', async () => {
    await api.signIn(DEMO_PARENT);
    renderApp('/centres/105/licences');
    expect(await screen.findByText('No contract yet', { selector: 'p' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Red Salud Demo has not created this centre’s contract yet: its plans appear here once it does.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows who holds a usage licence on a pay-per-use centre and its switch to seats', async () => {
    await api.signIn(DEMO_PARENT);
    renderApp('/centres/102/licences');
    const usage = await screen.findByRole('region', { name: /USAGE/ });
    expect(within(usage).getByText('4 doctors hold a usage licence')).toBeInTheDocument();
    expect(await banner('Switch to seats at the next renewal')).toHaveTextContent(
      /this centre moves from pay-per-use to seats: 4 BASIC seats and 1 ELITE seat\./,
    );
  });

  it('keeps the licence type in the URL', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    const { router } = renderApp('/centres/101/licences');
    expect(await screen.findByRole('table', { name: 'BASIC licences' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'ELITE' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ type: 'ELITE' }));
    const elite = await screen.findByRole('table', { name: 'ELITE licences' });
    expect(within(elite).getAllByRole('row')).toHaveLength(4);
    expect(api.sent('/license').some((request) => request.path.endsWith('/101/license'))).toBe(true);
  });

  it('opens on the type a link names: that radio checked and its licences, or that there are none', async () => {
    await api.signIn(DEMO_PARENT);
    const elite = renderApp('/centres/101/licences?type=ELITE');
    const table = await screen.findByRole('table', { name: 'ELITE licences' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('radio', { name: 'ELITE' })).toBeChecked();
    elite.unmount();
    // Centre 101 holds BASIC and ELITE licences, no TRIAL one.
    renderApp('/centres/101/licences?type=TRIAL');
    expect(await screen.findByText('No TRIAL licences at this centre.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'TRIAL' })).toBeChecked();
    expect(screen.queryByRole('table', { name: /licences$/ })).not.toBeInTheDocument();
  });

  it('makes each licence type chosen a step that back and forward go through', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    const { router } = renderApp('/centres/101/licences?type=ELITE');
    await screen.findByRole('table', { name: 'ELITE licences' });
    await user.click(screen.getByRole('radio', { name: 'TRIAL' }));
    expect(await screen.findByText('No TRIAL licences at this centre.')).toBeInTheDocument();
    act(() => router.history.back());
    expect(await screen.findByRole('table', { name: 'ELITE licences' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'ELITE' })).toBeChecked();
    act(() => router.history.forward());
    expect(await screen.findByText('No TRIAL licences at this centre.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'TRIAL' })).toBeChecked();
  });

  it('opens a doctor’s licences from a link, with every field of the licence', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    const { router } = renderApp('/centres/101/licences?doctor=101-doc-001');
    const drawer = await screen.findByRole('dialog', { name: 'Licences of José Núñez' });
    await within(drawer).findByText('Licence id', { selector: 'dt' });
    for (const field of [
      'Licence id',
      'Type',
      'State',
      'Reports this period',
      'Monthly limit',
      'Expires',
      'Last used',
      'Created',
      'Updated',
      'Name',
      'Doctor id',
    ])
      expect(within(drawer).getByText(field, { selector: 'dt' })).toBeInTheDocument();
    expect(within(drawer).getByText('Limit reached')).toBeInTheDocument();
    expect(within(drawer).getByText('Disabled')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    // Closed, the link no longer names a doctor (a default is left out of the URL).
    await waitFor(() => expect(router.state.location.href).toBe('/centres/101/licences'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the drawer from an old link’s `user`, redirected to `doctor`', async () => {
    await api.signIn(DEMO_PARENT);
    const { router } = renderApp('/centres/101/licences?user=101-doc-001');
    expect(await screen.findByRole('dialog', { name: 'Licences of José Núñez' })).toBeInTheDocument();
    expect(router.state.location.href).toBe('/centres/101/licences?doctor=101-doc-001');
  });

  it('says when a linked doctor is not registered at this centre', async () => {
    await api.signIn(DEMO_PARENT);
    renderApp('/centres/101/licences?doctor=202-doc-001');
    const drawer = await screen.findByRole('dialog', { name: 'Licences of doctor 202-doc-001' });
    expect(
      await within(drawer).findByText('This doctor is not registered at this centre'),
    ).toBeInTheDocument();
  });

  it('speaks Spanish and Catalan plurals', async () => {
    await api.signIn(DEMO_PARENT);
    renderApp('/centres/101/licences', { language: 'es' });
    expect(await banner('1 médico ha alcanzado el límite BASIC de 100 informes este mes')).toHaveTextContent(
      /dentro de 20 días/,
    );
  });

  it('fetches the centre’s licences again on focus once they are a minute old', async () => {
    await api.signIn(DEMO_PARENT);
    renderApp('/centres/101/licences');
    await banner('1 doctor reached the 100-report BASIC limit this month');
    const summaries = () => api.sent('/101/license').length;
    const before = summaries();
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    expect(summaries()).toBe(before);
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await waitFor(() => expect(summaries()).toBeGreaterThan(before));
  });
});
