import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';
import {
  centreEvents,
  contractEvents,
  contractNow,
  loadContractChunks,
  replace,
} from './contract-testing.ts';

// What the service answers a contract event, in words (spec §7, D3, D8), the same words and status
// on the tab and in the event log, and what may be sent again.
const api = setupSimulatorConsole({ seed: 'demo' });

beforeAll(loadContractChunks);
// An action left without an answer stays in the tab's session storage (docs/decisions/0016): one
// test's must not be the next one's.
afterEach(() => sessionStorage.clear());

describe('the service’s answers on the Contract tab', () => {
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

  it('says an answer with the same status on the tab as in the event log', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    // The service answers 504: the proxy answers the console 502, "the service answered 504".
    api.fault({ match: 'POST /payments/v1/partner/webhook', status: 504, times: 1 });
    renderApp('/centres/101/contract');
    await replace(user, await screen.findByRole('spinbutton', { name: /^BASIC seats/ }), '11');
    await user.click(screen.getByRole('button', { name: 'Send the new seats' }));
    const pending = await screen.findByRole('alert', { name: 'No answer yet: Change seats' });
    expect(pending).toHaveTextContent('Last attempt: service unreachable (502).');
    expect(pending).not.toHaveTextContent('504');
    const log = await centreEvents();
    await waitFor(() => expect(log).toHaveTextContent('service unreachable (502)'));
    expect(log).not.toHaveTextContent('504');
  });

  it('reads a 429 as "send it again later" on the tab and in the log alike, and keeps the event for it', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    api.fault({ match: 'POST /payments/v1/partner/webhook', status: 429, times: 1 });
    renderApp('/centres/101/contract');
    await replace(user, await screen.findByRole('spinbutton', { name: /^BASIC seats/ }), '11');
    await user.click(screen.getByRole('button', { name: 'Send the new seats' }));
    const pending = await screen.findByRole('alert', { name: 'No answer yet: Change seats' });
    const words = 'too many requests: send it again later (429)';
    expect(pending).toHaveTextContent(`Last attempt: ${words}.`);
    const log = await centreEvents();
    await waitFor(() => expect(log).toHaveTextContent(words));
    expect(log).not.toHaveTextContent('refused');
    // Not applied, not refused: the same event goes again, and is applied once.
    await user.click(within(pending).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('status', { name: 'Applied' })).toBeInTheDocument();
    const [event] = await contractEvents();
    expect(event?.attempts.map((attempt) => attempt.status)).toEqual([429, 200]);
  });

  it('calls a reactivation a reactivation, in the event log too', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    renderApp('/centres/107/contract');
    await contractNow();
    await user.click(await screen.findByRole('radio', { name: 'Cancel the contract' }));
    await user.click(screen.getByRole('button', { name: 'Cancel the contract…' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Centro Demo 7');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the contract' }));
    await waitFor(async () => expect(await contractNow()).toHaveTextContent('Cancelled'));
    await user.click(await screen.findByRole('button', { name: 'Reactivate the contract' }));
    await waitFor(async () => expect(await contractNow()).toHaveTextContent('Active'));
    const log = await centreEvents();
    await waitFor(() =>
      expect(
        within(log)
          .getAllByText(/^Contract (reactivated|cancelled|updated)$/)
          .map((title) => title.textContent),
      ).toEqual(['Contract reactivated', 'Contract cancelled']),
    );
  });
});
