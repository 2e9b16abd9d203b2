import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { setupSimulatorConsole } from '@/console/testing/simulator-console';
import { signedInParent } from './register-testing.ts';

// "Register under": a search over the provider and its centres, whose input holds the current
// choice. A search starts afresh: what is typed replaces the choice's name, never follows it.
const api = setupSimulatorConsole();

describe('the registration target', () => {
  it('is searched by typing over the current choice, which the typing replaces', async () => {
    const { parent, children } = await signedInParent(api);
    const user = userEvent.setup();
    renderApp('/doctors/register');
    const picker = await screen.findByRole('combobox', { name: /Register under/ });
    await waitFor(() => expect(picker).toHaveValue(`Yourself (provider ${parent.providerId})`));
    await user.click(picker);
    await user.keyboard('Madrid');
    expect(picker).toHaveValue('Madrid');
    const madrid = children[1];
    await user.click(await screen.findByRole('option', { name: `Centro Madrid (${madrid?.providerId})` }));
    await waitFor(() => expect(picker).toHaveValue(`Centro Madrid (${madrid?.providerId})`));
    // And again from a centre: the next search replaces its name too.
    await user.click(picker);
    await user.keyboard('Barcelona');
    expect(picker).toHaveValue('Barcelona');
    expect(await screen.findByRole('option', { name: /Clínica Barcelona/ })).toBeVisible();
  });
});
