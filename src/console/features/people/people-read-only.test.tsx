import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { person, peopleHandler, personSessionHandler } from '@/console/testing/person-session';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';

// Issue 25: support staff read who works through the connection, with no invitation, role change
// or removal, and are told why where the invitation would be. An admin sees the controls. (The
// proxy refuses those calls to support whatever the page shows: src/proxy/features/people/people.test.ts.)
const api = setupSimulatorConsole({ seed: 'demo' });

const PEOPLE = [
  person({ id: 'p1', email: 'sofia@redsalud.demo', name: 'Sofía Vidal', role: 'support', subject: 's' }),
  person({ id: 'p2', email: 'oscar@redsalud.demo', name: 'Óscar Ruiz', role: 'operator', subject: 'o' }),
];

describe('the People screen', () => {
  it('is read-only for support, saying why where the invitation would be', async () => {
    await api.signIn(DEMO_PARENT);
    api.server.use(personSessionHandler('support'), peopleHandler(PEOPLE));
    renderApp('/settings/people');
    const list = await screen.findByRole('list', { name: 'People' });
    expect(within(list).getByText('Óscar Ruiz')).toBeInTheDocument();
    expect(within(list).getByText('Operator')).toBeInTheDocument();
    // In the navigation, under its name; Connections stays an admin's.
    expect(screen.getByRole('link', { name: 'People', current: 'page' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Connections' })).not.toBeInTheDocument();

    expect(screen.queryByRole('heading', { name: 'Invite a person' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /e-mail/i })).not.toBeInTheDocument();
    expect(within(list).queryAllByRole('combobox')).toEqual([]);
    expect(within(list).queryAllByRole('button')).toEqual([]);
    expect(screen.getByTestId('missing-people.manage')).toHaveTextContent(
      'Your role on Red Salud Demo is Support, which cannot manage people. Ask an admin of Red Salud Demo for the Admin role.',
    );
  });

  it('gives an admin the invitation, each role to change and each removal', async () => {
    await api.signIn(DEMO_PARENT);
    api.server.use(personSessionHandler('admin', 'Ana García'), peopleHandler(PEOPLE));
    renderApp('/settings/people');
    const list = await screen.findByRole('list', { name: 'People' });
    expect(screen.getByRole('heading', { name: 'Invite a person' })).toBeInTheDocument();
    // The form loads after the list (people-screen.tsx): waited for, so that its import does not
    // land after the test, when React's scheduler would run without a window (a flake seen in CI).
    expect(await screen.findByRole('textbox', { name: /e-mail/i })).toBeEnabled();
    expect(within(list).getByRole('combobox', { name: /Óscar Ruiz/ })).toHaveValue('operator');
    expect(within(list).getByRole('button', { name: 'Remove Óscar Ruiz' })).toBeInTheDocument();
    expect(screen.queryByTestId('missing-people.manage')).not.toBeInTheDocument();
  });
});
