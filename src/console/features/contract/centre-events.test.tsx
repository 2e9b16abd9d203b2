import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';
import { contractNow, loadContractChunks, sendCancellation } from './contract-testing.ts';
import { CONSOLE_HEADERS } from '@/proxy-api/console';

// A centre's contract events on its Contract tab (docs/decisions/0016), the rest on the Activity
// screen (docs/decisions/0022).
const api = setupSimulatorConsole({ seed: 'demo' });

beforeAll(loadContractChunks);

/** A creation sent straight through the proxy, as another console might (D8). */
function sendCreation(id: string, centre: number, items: readonly object[]) {
  return fetch(new URL('/api/payments/v1/partner/webhook', globalThis.location.href), {
    method: 'POST',
    headers: { ...CONSOLE_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({
      id,
      type: 'checkout.session.completed',
      created: '2026-11-22T10:00:00Z',
      data: { providerId: centre, items },
    }),
  });
}

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

  it('finds the included consultations behind more events than one page of the log holds', async () => {
    await api.signIn(DEMO_PARENT);
    expect(
      (await sendCreation('evt_usage', 105, [{ planType: 'USAGE', includedConsultations: 300 }])).status,
    ).toBe(200);
    // 55 newer events, each refused (the centre has a contract already): the first page, 50 events,
    // holds none that set the consultations.
    for (let index = 1; index <= 55; index += 1)
      // oxlint-disable-next-line no-await-in-loop -- in order, as the log keeps them
      await sendCreation(`evt_again_${index}`, 105, [{ planType: 'BASIC', quantity: 1 }]);
    renderApp('/centres/105/contract');
    expect(await contractNow()).toHaveTextContent('300 included consultations');
    const events = await screen.findByRole('region', { name: 'Contract events of this centre' });
    expect(
      within(events).getByRole('link', { name: 'More than 50 events of this centre in the log' }),
    ).toHaveAttribute('href', '/activity?action=contract.event&centre=105');
  });
});
