import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';

// A generated world of 1,000 centres (ids 1000 to 1999) under the demo parent.
const many = setupSimulatorConsole({ seed: { centres: 1000, doctors: 1 } });

describe('the registration target over 1,000 centres', () => {
  it('offers the first 50 targets at once and finds any other one by typing', async () => {
    await many.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    renderApp('/doctors/register');
    const picker = await screen.findByRole('combobox', { name: /Register under/ });
    await waitFor(() => expect(many.sent('/child')).toHaveLength(1));
    await user.click(picker);
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(50));
    await user.clear(picker);
    await user.type(picker, '1999');
    await user.click(await screen.findByRole('option', { name: 'Centro 1999 (1999)' }));
    await waitFor(() => expect(picker).toHaveValue('Centro 1999 (1999)'));
  }, 30_000);
});
