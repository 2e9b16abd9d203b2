import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';
import { sendCancellation } from './contract-testing.ts';

// A centre's contract events on its Contract tab (docs/decisions/0016), the rest on the Activity
// screen (docs/decisions/0022).
const api = setupSimulatorConsole({ seed: 'demo' });

describe('a centre’s contract events', () => {
  it('shows a centre’s newest 10 events on its tab, and links to all of them on the Activity screen', async () => {
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
    expect(all).toHaveAttribute('href', '/activity?action=contract.event&centre=105');
    await userEvent.setup().click(all);
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity'));
    expect(await screen.findByText('The newest 12 entries')).toBeInTheDocument();
  });
});
