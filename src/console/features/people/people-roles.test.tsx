import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { person, peopleHandler, personSessionHandler } from '@/console/testing/person-session';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';

// Issue 47: a role used to change the moment the select changed, so a slip made someone Admin. A
// change to or from Admin now waits for a confirmation; one between the other roles does not.
const api = setupSimulatorConsole({ seed: 'demo' });

const OSCAR = person({ id: 'p2', email: 'oscar@redsalud.demo', name: 'Óscar Ruiz', role: 'operator' });
const MARTA = person({ id: 'p3', email: 'marta@redsalud.demo', name: 'Marta Gil', role: 'admin' });

async function openPeople() {
  const puts: { id: string; role: unknown }[] = [];
  await api.signIn(DEMO_PARENT);
  api.server.use(
    personSessionHandler('admin', 'Ana García'),
    peopleHandler([OSCAR, MARTA]),
    http.put('*/people/:id/role', async ({ params, request }) => {
      const body = (await request.json()) as { role: unknown };
      puts.push({ id: String(params.id), role: body.role });
      const who = params.id === OSCAR.id ? OSCAR : MARTA;
      return HttpResponse.json({ ...who, role: body.role });
    }),
  );
  renderApp('/settings/people');
  const list = await screen.findByRole('list', { name: 'People' });
  return { list, puts };
}

describe('a role change on the People screen', () => {
  it('asks before making someone Admin, and a cancel changes nothing', async () => {
    const { list, puts } = await openPeople();
    const select = within(list).getByRole('combobox', { name: 'Role of Óscar Ruiz' });
    fireEvent.change(select, { target: { value: 'admin' } });
    const dialog = await screen.findByRole('dialog', { name: 'Make Óscar Ruiz Admin?' });
    expect(dialog).toHaveTextContent('Óscar Ruiz goes from Operator to Admin at their next request.');
    expect(puts).toEqual([]);
    expect(select).toHaveValue('operator');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toEqual([]);
    expect(select).toHaveValue('operator');

    fireEvent.change(select, { target: { value: 'admin' } });
    const again = await screen.findByRole('dialog', { name: 'Make Óscar Ruiz Admin?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Make Admin' }));
    await waitFor(() => expect(puts).toEqual([{ id: 'p2', role: 'admin' }]));
    expect(await screen.findByText('Óscar Ruiz is now Admin.')).toBeInTheDocument();
  });

  it('asks before taking Admin away', async () => {
    const { list, puts } = await openPeople();
    fireEvent.change(within(list).getByRole('combobox', { name: 'Role of Marta Gil' }), {
      target: { value: 'support' },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Make Marta Gil Support?' });
    expect(dialog).toHaveTextContent('Marta Gil goes from Admin to Support at their next request.');
    expect(puts).toEqual([]);
  });

  it('changes between Operator and Support at once', async () => {
    const { list, puts } = await openPeople();
    fireEvent.change(within(list).getByRole('combobox', { name: 'Role of Óscar Ruiz' }), {
      target: { value: 'support' },
    });
    await waitFor(() => expect(puts).toEqual([{ id: 'p2', role: 'support' }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
