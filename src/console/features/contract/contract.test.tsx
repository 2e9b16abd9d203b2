import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { DEMO_PARENT, setupSimulatorConsole, type Credentials } from '@/console/testing/simulator-console';
import { CONSOLE_HEADERS, contractEventsSchema } from '@/contract/console-wire';

// The Contract tab over the D12 demo seed, through the proxy's own app and the simulator: what a
// self-billing parent can do to its centres' contracts, and what the service answers (spec 4.8, D8).
const api = setupSimulatorConsole({ seed: 'demo' });

const DEMO_PROCESSOR: Credentials = {
  providerId: 200,
  clientId: 'demo-processor',
  secret: 'demo-processor-secret',
};
const CENTRE_101: Credentials = {
  providerId: 101,
  clientId: 'demo-child-101',
  secret: 'demo-child-101-secret',
};

// The tab's form is a chunk of its own: compiled once before the tests, not inside the first one.
beforeAll(async () => {
  await Promise.all([import('./action-form.tsx'), import('./cancel-dialog.tsx')]);
});

/** The proxy's contract-event log, as the console reads it. */
async function contractEvents() {
  const response = await fetch(new URL('/contract-events', globalThis.location.href), {
    headers: CONSOLE_HEADERS,
  });
  return contractEventsSchema.parse(await response.json()).events;
}

/** A cancellation sent straight through the proxy, as another console might. */
function sendCancellation(id: string, centre: number) {
  return fetch(new URL('/api/payments/v1/partner/webhook', globalThis.location.href), {
    method: 'POST',
    headers: { ...CONSOLE_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({
      id,
      type: 'customer.subscription.deleted',
      created: '2026-11-22T10:00:00Z',
      data: { providerId: centre },
    }),
  });
}

const contractNow = () => screen.findByRole('region', { name: 'Contract now' });
const preview = () => screen.getByRole('region', { name: 'Preview' });
const seatsField = (plan: string) => screen.getByRole('spinbutton', { name: new RegExp(`^${plan} seats`) });

async function replace(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value !== '') await user.type(field, value);
}

describe('the Contract tab', () => {
  it('is the fourth tab of a centre the parent bills, and changes its BASIC seats after a preview', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    renderApp('/centres/101/contract');
    expect(await contractNow()).toHaveTextContent('BASIC: 10 seats, 8 in use');
    const tabs = within(screen.getByRole('navigation', { name: 'Centre sections' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Licences', 'Doctors', 'Templates', 'Contract']);
    expect(screen.getByRole('link', { name: 'Contract', current: 'page' })).toBeInTheDocument();

    // Fewer seats than licences assigned are refused with the reason, and nothing is previewed.
    await replace(user, await screen.findByRole('spinbutton', { name: /^BASIC seats/ }), '7');
    expect(
      await screen.findByText(
        '8 BASIC licences are assigned: at least 8 seats. Free licences first to go lower.',
      ),
    ).toBeInTheDocument();
    expect(preview()).toHaveTextContent('Complete the form to see what the change will do.');
    await replace(user, seatsField('BASIC'), '12');
    await waitFor(() =>
      expect(preview()).toHaveTextContent('BASIC 10 → 12, ELITE unchanged (3), takes effect now.'),
    );
    expect(api.sent('/partner/webhook')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Send the new seats' }));
    expect(await screen.findByRole('status', { name: 'Applied' })).toBeInTheDocument();
    await waitFor(async () => expect(await contractNow()).toHaveTextContent('BASIC: 12 seats, 8 in use'));
    const events = await screen.findByRole('region', { name: 'Contract events of this centre' });
    await waitFor(() => expect(events).toHaveTextContent('Contract updated'));
    expect(events).toHaveTextContent('BASIC 12, ELITE 3');
    expect(events).toHaveTextContent('1 attempt');
    expect(api.sent('/partner/webhook')).toHaveLength(1);
    // Nothing is left pending.
    expect(Object.keys(sessionStorage).filter((key) => key.includes('contract-action'))).toEqual([]);
  });

  it('creates a pay-per-use contract for the centre with none, and shows its included consultations', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    renderApp('/centres/105/contract');
    expect(await contractNow()).toHaveTextContent('No contract yet');
    await user.click(await screen.findByRole('radio', { name: 'Pay-per-use' }));
    await replace(user, screen.getByRole('spinbutton', { name: /^Included consultations/ }), '300');
    await waitFor(() =>
      expect(preview()).toHaveTextContent(
        'A new contract, pay-per-use instead of seats, 300 included consultations, takes effect now.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Create the contract' }));
    expect(await screen.findByRole('status', { name: 'Applied' })).toBeInTheDocument();
    await waitFor(async () => expect(await contractNow()).toHaveTextContent('300 included consultations'));
    expect(await contractNow()).toHaveTextContent('Pay-per-use');
    // Now a switch to seats: at the next renewal (no usage licence yet to date it).
    await user.click(screen.getByRole('radio', { name: 'Switch to seats' }));
    await replace(user, await screen.findByRole('spinbutton', { name: /^BASIC seats/ }), '5');
    await waitFor(() =>
      expect(preview()).toHaveTextContent(
        'BASIC 0 → 5, ELITE unchanged (0), switches to seats at the next renewal (the service sets the date).',
      ),
    );
  });

  it('cancels only once the centre’s name is typed, then offers reactivation', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    renderApp('/centres/107/contract');
    await contractNow();
    await user.click(await screen.findByRole('radio', { name: 'Cancel the contract' }));
    expect(preview()).toHaveTextContent('The contract is cancelled, takes effect now.');
    expect(preview()).toHaveTextContent('The 1 licence in use goes off: its doctor cannot generate reports.');
    expect(preview()).toHaveTextContent('The centre’s data, doctors and licences are kept.');
    expect(preview()).toHaveTextContent('You can reactivate the contract later, here.');

    await user.click(screen.getByRole('button', { name: 'Cancel the contract…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the contract of Centro Demo 7?' });
    const confirm = within(dialog).getByRole('button', { name: 'Cancel the contract' });
    expect(confirm).toBeDisabled();
    const name = within(dialog).getByRole('textbox', { name: /Type the centre’s name to confirm/ });
    await user.type(name, 'centro demo 7');
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByText('That is not the centre’s name yet.')).toBeInTheDocument();
    await replace(user, name, 'Centro Demo 7');
    await user.click(confirm);

    expect(await screen.findByRole('status', { name: 'Applied' })).toBeInTheDocument();
    await waitFor(async () => expect(await contractNow()).toHaveTextContent('Cancelled'));
    expect(screen.getByRole('button', { name: 'Reactivate the contract' })).toBeInTheDocument();
    expect(api.sim.exportState().providers['107']?.contract?.status).toBe('INACTIVE');
  });

  it('keeps an action with no answer, across a reload, and retries it with the same event id', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    // The service is unreachable once: the proxy answers 502 and the event was not applied.
    api.fault({ match: 'POST /payments/v1/partner/webhook', status: 503, times: 1 });
    const first = renderApp('/centres/108/contract');
    await user.click(await screen.findByRole('radio', { name: 'Cancel the contract' }));
    await user.click(screen.getByRole('button', { name: 'Cancel the contract…' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Centro Demo 8');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the contract' }));
    const pending = await screen.findByRole('alert', { name: 'No answer yet: Cancel the contract' });
    expect(pending).toHaveTextContent('Retry sends the same event: the service applies it at most once.');
    // Nothing else can be sent for the centre meanwhile.
    expect(screen.getByRole('button', { name: 'Cancel the contract…' })).toBeDisabled();

    // A reload: the page starts again from session storage.
    first.unmount();
    renderApp('/centres/108/contract');
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('status', { name: 'Applied' })).toBeInTheDocument();

    const [cancelled] = await contractEvents();
    expect(cancelled?.centreId).toBe(108);
    expect(cancelled?.attempts.map((attempt) => [attempt.status, attempt.applied])).toEqual([
      [502, undefined],
      [200, true],
    ]);
    expect(api.sent('/partner/webhook')).toHaveLength(2);
    const log = await screen.findByRole('region', { name: 'Contract events of this centre' });
    await waitFor(() => expect(log).toHaveTextContent('2 attempts'));
    expect(log).toHaveTextContent('service unreachable (502)');
  });

  it('says which of D8’s cases refused an event, and the next step', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    renderApp('/centres/101/contract');
    await replace(user, await screen.findByRole('spinbutton', { name: /^BASIC seats/ }), '9');
    // Meanwhile two more BASIC licences are assigned (as a colleague or a doctor might).
    const centre = api.sim.exportState().providers['101'];
    const free = (centre?.doctors ?? []).filter(
      (doctor) => !centre?.licenses.some((licence) => licence.userId === doctor.doctorId),
    );
    for (const doctor of free.slice(0, 2))
      expect(api.sim.core.assignLicense('101', { userId: doctor.doctorId, type: 'BASIC' }).ok).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Send the new seats' }));
    const refused = await screen.findByRole('alert', { name: 'Not applied: Change seats' });
    expect(refused).toHaveTextContent(
      'BASIC cannot go below the 10 licences already assigned (422; 9 were asked). Free licences first, or choose at least 10.',
    );
    expect(refused).toHaveTextContent('The service said: BASIC seats (9) below the 10 licences assigned');
    // Settled: nothing waits for a retry.
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('explains a 403, a 404 and a 409 from the service', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    renderApp('/centres/101/contract');
    const send = async () => {
      await replace(user, await screen.findByRole('spinbutton', { name: /^BASIC seats/ }), '11');
      await user.click(screen.getByRole('button', { name: 'Send the new seats' }));
      return screen.findByRole('alert', { name: 'Not applied: Change seats' });
    };
    api.fault({ match: 'POST /payments/v1/partner/webhook', status: 403 });
    expect(await send()).toHaveTextContent(
      'It is not enabled for self-billing, or the centre is not one of its own.',
    );
    api.fault({ match: 'POST /payments/v1/partner/webhook', status: 404 });
    expect(await send()).toHaveTextContent('The service does not know this centre (404).');
    api.fault({ match: 'POST /payments/v1/partner/webhook', status: 409 });
    expect(await send()).toHaveTextContent('This centre is not billed by its parent (409)');
  });

  it('is not offered to the processor parent, whose centre header says why', async () => {
    await api.signIn(DEMO_PROCESSOR);
    renderApp('/centres/201/licences');
    expect(
      await screen.findByText(/None here: this centre is billed through the service’s portal/),
    ).toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'Centre sections' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Licences', 'Doctors', 'Templates']);
  });

  it('says at its own address that a processor-billed centre has no contract actions', async () => {
    await api.signIn(DEMO_PROCESSOR);
    renderApp('/centres/201/contract');
    const panel = await screen.findByRole('alert');
    expect(
      within(panel).getByRole('heading', { name: 'No contract actions for this centre' }),
    ).toBeInTheDocument();
    expect(panel).toHaveTextContent('None here: this centre is billed through the service’s portal');
    expect(screen.queryByRole('button', { name: /Send/ })).not.toBeInTheDocument();
  });

  it('is not offered to a centre’s own login, whose header says who changes its contract', async () => {
    await api.signIn(CENTRE_101);
    renderApp('/centres/101/licences');
    expect(
      await screen.findByText(
        'None with a centre’s own login: the parent provider that bills this centre changes its contract.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contract' })).not.toBeInTheDocument();
  });
});

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

  it('says how events arrive when there are none', async () => {
    await api.signIn(DEMO_PROCESSOR);
    renderApp('/contract-log');
    expect(await screen.findByText('No contract events yet')).toBeInTheDocument();
  });
});
