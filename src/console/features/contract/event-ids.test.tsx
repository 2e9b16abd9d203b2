import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';
import { sendCancellation } from './contract-testing.ts';

// No raw codes in front of people (issue 21, item 14): an event id is read by its start and copied whole.
const api = setupSimulatorConsole({ seed: 'demo' });

describe("a centre's contract events", () => {
  it('show a long event id shortened, and copy it whole', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    const id = 'evt_0f1e2d3c4b5a69788796a5b4c3d2e1f0';
    await sendCancellation(id, 107);
    renderApp('/centres/107/contract');
    const events = await screen.findByRole('region', { name: 'Contract events of this centre' });
    expect(await within(events).findByText('evt_0f1e2d3c…')).toBeVisible();
    expect(within(events).queryByText(id)).toBeNull();
    await user.click(
      within(events).getByRole('button', { name: 'Copy the whole id of event evt_0f1e2d3c…' }),
    );
    expect(await navigator.clipboard.readText()).toBe(id);
    // The label turns once the clipboard's promise settles, a render after the text is there.
    await waitFor(() =>
      expect(within(events).getByRole('button', { name: /evt_0f1e2d3c/ })).toHaveTextContent('Copied'),
    );
  });
});
