import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { personSessionHandler } from '@/console/testing/person-session';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';

// Issue 47: support, on a centre with no doctors (105 in the demo seed), read why they cannot
// register twice (beside the search and again in the empty state), under an invitation to register
// this centre's doctors. Now once, and the empty state only says that there are none.
const api = setupSimulatorConsole({ seed: 'demo' });

describe('the Doctors tab of a centre with no doctors, for support', () => {
  it('says once why there is no register action, and invites no registration', async () => {
    await api.signIn(DEMO_PARENT);
    api.server.use(personSessionHandler('support'));
    renderApp('/centres/105/doctors');
    expect(await screen.findByRole('heading', { name: 'No doctors yet' })).toBeInTheDocument();
    expect(screen.getByText('No doctor is registered at this centre yet.')).toBeInTheDocument();
    expect(screen.getAllByTestId('missing-doctors.register')).toHaveLength(1);
    expect(screen.queryByText(/Register this centre’s doctors/)).not.toBeInTheDocument();
  });
});
