import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';
import { DEMO_PROCESSOR, sendCancellation } from './contract-testing.ts';

// The parent's contract-event log (docs/decisions/0016): every event by anyone who manages it.
const api = setupSimulatorConsole({ seed: 'demo' });

describe('the contract-event log page', () => {
  it('lists every event of the parent with its centre, newest first, filtered by centre in the URL', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    // One after the other: the log's order is the order they arrived in.
    await sendCancellation('evt_page_1', 107);
    await sendCancellation('evt_page_2', 108);
    const { router } = renderApp('/contract-log');
    expect(await screen.findByRole('heading', { name: 'Contract events', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contract events', current: 'page' })).toBeInTheDocument();
    expect(screen.getByText('2 events')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: /Centro Demo/ });
    expect(links.map((link) => link.textContent)).toEqual(['Centro Demo 8', 'Centro Demo 7']);
    expect(links[0]).toHaveAttribute('href', '/centres/108/contract');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Centre' }), 'Centro Demo 7 (107)');
    await waitFor(() => expect(router.state.location.search).toEqual({ centre: 107 }));
    expect(screen.getByText('1 event')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Centro Demo/ }).map((link) => link.textContent)).toEqual([
      'Centro Demo 7',
    ]);
  });

  it('shows a centre’s newest 10 events on its tab, and links to all of them in the log', async () => {
    await api.signIn(DEMO_PARENT);
    // Cancellations of a centre with no contract: each refused (D8: 422), each an event in the log.
    for (let index = 1; index <= 12; index += 1)
      // One after the other: the log's order is the order they arrived in.
      // oxlint-disable-next-line no-await-in-loop
      await sendCancellation(`evt_many_${String(index).padStart(2, '0')}`, 105);
    const { router } = renderApp('/centres/105/contract');
    const events = await screen.findByRole('region', { name: 'Contract events of this centre' });
    const items = within(events).getAllByText(/^evt_many_/);
    expect(items.map((item) => item.textContent)).toEqual(
      Array.from({ length: 10 }, (_, index) => `evt_many_${String(12 - index).padStart(2, '0')}`),
    );
    const all = within(events).getByRole('link', { name: 'All 12 events of this centre in the log' });
    expect(all).toHaveAttribute('href', '/contract-log?centre=105');
    await userEvent.setup().click(all);
    await waitFor(() => expect(router.state.location.pathname).toBe('/contract-log'));
    expect(await screen.findByText('12 events')).toBeInTheDocument();
  });

  it('shows a long event id shortened, and copies it whole', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    const id = 'evt_0f1e2d3c4b5a69788796a5b4c3d2e1f0';
    await sendCancellation(id, 107);
    renderApp('/contract-log');
    expect(await screen.findByText('evt_0f1e2d3c…')).toBeVisible();
    expect(screen.queryByText(id)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy the whole id of event evt_0f1e2d3c…' }));
    expect(await navigator.clipboard.readText()).toBe(id);
    expect(screen.getByRole('button', { name: /evt_0f1e2d3c/ })).toHaveTextContent('Copied');
  });

  it('says how events arrive when there are none', async () => {
    await api.signIn(DEMO_PROCESSOR);
    renderApp('/contract-log');
    expect(await screen.findByText('No contract events yet')).toBeInTheDocument();
  });
});
