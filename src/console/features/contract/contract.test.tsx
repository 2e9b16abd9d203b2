import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';
import {
  CENTRE_101,
  contractNow,
  DEMO_PROCESSOR,
  loadContractChunks,
  preview,
  replace,
} from './contract-testing.ts';

// The Contract tab over the D12 demo seed, through the proxy's own app and the simulator: what a
// self-billing parent can do to its centres' contracts (spec 4.8, D8), and who may.
const api = setupSimulatorConsole({ seed: 'demo' });

beforeAll(loadContractChunks);

const seatsField = (plan: string) => screen.getByRole('spinbutton', { name: new RegExp(`^${plan} seats`) });

describe('the Contract tab', () => {
  it('is the fourth tab of a centre the parent bills, and changes its BASIC seats after a preview', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    renderApp('/centres/101/contract');
    expect(await contractNow()).toHaveTextContent('BASIC: 10 seats, 8 in use');
    const tabs = within(screen.getByRole('navigation', { name: 'Centre sections' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Licences',
      'Doctors',
      'Templates',
      'Contract',
      'Activity',
    ]);
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

  it('is not offered to the processor parent, whose centre header says why', async () => {
    await api.signIn(DEMO_PROCESSOR);
    renderApp('/centres/201/licences');
    expect(
      await screen.findByText(/None here: this centre is billed through the service’s portal/),
    ).toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'Centre sections' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Licences', 'Doctors', 'Templates', 'Activity']);
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
