import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { setupSimulatorConsole } from '@/console/testing/simulator-console';
import { doctorsOf, fillRow, REGISTER, row, signedInParent } from './register-testing.ts';

// Registering doctors (4.2, D4) over the simulator's console surface: the form, the speciality and
// the development environment (D3); the file import has its own file (register-import.test.tsx).
const api = setupSimulatorConsole();

// The screen's lazy parts, compiled once before the tests: on a busy machine a first compile inside
// a test would outlast the finders' waits.
beforeAll(async () => {
  await import('./register-workspace.tsx');
});

describe('the registration form', () => {
  it('registers each doctor with its own request under the centre chosen, showing the service’s id', async () => {
    const { centre } = await signedInParent(api);
    const user = userEvent.setup();
    renderApp(`/doctors/register?target=${centre.providerId}`);
    const picker = await screen.findByRole('combobox', { name: /Register under/ });
    await waitFor(() => expect(picker).toHaveValue(`Clínica Barcelona (${centre.providerId})`));
    await fillRow(user, 1, { name: 'Ana', lastname: 'García', id: 'D-1', email: 'ana@example.es' });
    await user.click(screen.getByRole('button', { name: 'Add a doctor' }));
    await fillRow(user, 2, { name: 'Pau', lastname: 'Serra', id: 'D-2' });
    await user.type(within(row(2)).getByRole('combobox', { name: /Keywords/ }), 'cardiología,eco,');
    await user.dblClick(screen.getByRole('button', { name: 'Register 2 doctors' }));
    expect(await screen.findByText('Done: 2 rows')).toBeInTheDocument();
    expect(api.sent('/register/healthProviderDoctor')).toHaveLength(2);
    // The two requests are in flight together (D4), so the service may receive them in either order.
    const held = doctorsOf(api, centre.providerId).toSorted((a, b) => a.doctorId.localeCompare(b.doctorId));
    expect(held.map((doctor) => doctor.doctorId)).toEqual(['D-1', 'D-2']);
    expect(held[1]?.doctorDictionary).toBe('cardiología, eco');
    expect(within(row(1)).getByText(`Registered · ${held[0]?.serviceId}`)).toBeInTheDocument();
    // Nothing is left to send: a registered row is never sent again (D4).
    expect(screen.getByRole('button', { name: 'Nothing to register' })).toBeDisabled();
    // About forty keystrokes through two rows: 7 s alone on a loaded machine, past 20 s in the full
    // suite beside other work. Nothing in it is timed.
  }, 60_000);

  it('checks every field before sending anything, and flags two rows with one doctor id', async () => {
    await signedInParent(api);
    const user = userEvent.setup();
    renderApp('/doctors/register');
    await screen.findByRole('group', { name: 'Doctor 1' });
    await user.type(within(row(1)).getByLabelText(/E-mail/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Register 1 doctor' }));
    expect(
      await within(row(1)).findByText('Leave it empty or enter an address like name@example.com.'),
    ).toBeInTheDocument();
    expect(within(row(1)).getByText('A whole number from 1 to 2,147,483,647.')).toBeInTheDocument();
    await user.clear(within(row(1)).getByLabelText(/E-mail/));
    await fillRow(user, 1, { name: 'Ana', lastname: 'García', id: 'D-1' });
    await user.click(screen.getByRole('button', { name: 'Duplicate doctor 1' }));
    await user.type(within(row(2)).getByLabelText(/Doctor id/), 'D-1');
    await user.click(screen.getByRole('button', { name: 'Register 2 doctors' }));
    expect(await within(row(2)).findByText('Another row has this doctor id.')).toBeInTheDocument();
    expect(within(row(1)).getByText('Another row has this doctor id.')).toBeInTheDocument();
    expect(api.sent('/register/healthProviderDoctor')).toHaveLength(0);
  });

  it('puts the service’s field errors (D2) on the right field of the right row', async () => {
    const { parent } = await signedInParent(api);
    const user = userEvent.setup();
    renderApp('/doctors/register');
    await screen.findByRole('group', { name: 'Doctor 1' });
    await fillRow(user, 1, { name: 'Ana', lastname: 'García', id: 'D-1' });
    await user.click(screen.getByRole('button', { name: 'Register 1 doctor' }));
    await screen.findByText('Done: 1 row');
    await user.click(screen.getByRole('button', { name: 'Add a doctor' }));
    await fillRow(user, 2, { name: 'Pau', lastname: 'Serra', id: 'D-2', email: 'pau@example.es' });
    // The second row alone goes; the service refuses its e-mail as `doctors[0].email` of its request.
    api.fault({
      match: `POST ${REGISTER}`,
      status: 400,
      body: {
        success: false,
        code: 400,
        message: 'Invalid request',
        errors: [{ field: 'doctors[0].email', message: 'This e-mail is already used by another doctor' }],
      },
    });
    await user.click(screen.getByRole('button', { name: 'Register 1 doctor' }));
    expect(
      await within(row(2)).findByText('This e-mail is already used by another doctor'),
    ).toBeInTheDocument();
    expect(within(row(1)).queryByText('This e-mail is already used by another doctor')).toBeNull();
    expect(within(row(2)).getByLabelText(/E-mail/)).toHaveValue('pau@example.es');
    // Fixed and sent alone, it goes through; the first row is not sent again.
    await user.clear(within(row(2)).getByLabelText(/E-mail/));
    await user.click(within(row(2)).getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(doctorsOf(api, parent.providerId).map((doctor) => doctor.doctorId)).toEqual(['D-1', 'D-2']),
    );
    expect(api.sent('/register/healthProviderDoctor')).toHaveLength(3);
  });

  it('retries a row whose answer was lost without registering the doctor twice (D4 idempotence)', async () => {
    const { parent } = await signedInParent(api);
    const user = userEvent.setup();
    renderApp('/doctors/register');
    await screen.findByRole('group', { name: 'Doctor 1' });
    await fillRow(user, 1, { name: 'Ana', lastname: 'García', id: 'D-1' });
    // The first attempt reaches the service and registers the doctor, but its answer is lost.
    api.server.use(
      http.post(
        `*${REGISTER}`,
        async ({ request }) => {
          const registered = api.sim.core.registerDoctors(
            { providerId: parent.providerId },
            await request.json(),
          );
          expect(registered.ok).toBe(true);
          return HttpResponse.json(
            { type: 'about:blank', title: 'Bad gateway', status: 502, code: 'upstream_unavailable' },
            { status: 502, headers: { 'content-type': 'application/problem+json' } },
          );
        },
        { once: true },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Register 1 doctor' }));
    expect(await within(row(1)).findByText(/The service is not answering right now/)).toBeInTheDocument();
    const [first] = doctorsOf(api, parent.providerId);
    await user.click(within(row(1)).getByRole('button', { name: 'Send again' }));
    expect(await within(row(1)).findByText(`Registered · ${first?.serviceId}`)).toBeInTheDocument();
    expect(doctorsOf(api, parent.providerId)).toHaveLength(1);
  });
});

describe('a session that ends while doctors are sent', () => {
  it('opens the sign-in dialog, then sends the rows it held, with nothing typed lost', async () => {
    const { parent } = await signedInParent(api);
    const user = userEvent.setup();
    renderApp('/doctors/register');
    await screen.findByRole('group', { name: 'Doctor 1' });
    await fillRow(user, 1, { name: 'Ana', lastname: 'García', id: 'D-1' });
    await user.click(screen.getByRole('button', { name: 'Add a doctor' }));
    await fillRow(user, 2, { name: 'Pau', lastname: 'Serra', id: 'D-2' });
    await api.endSession();
    await user.click(screen.getByRole('button', { name: 'Register 2 doctors' }));
    const relogin = await screen.findByRole('dialog', { name: 'Your session has ended' });
    // The rows wait for the new session: not failed, their fields as typed.
    expect(screen.getByText(/Waiting for you to sign in again/)).toBeInTheDocument();
    expect(screen.queryByText('Failed')).toBeNull();
    expect(within(row(2)).getByLabelText(/Last name/)).toHaveValue('Serra');
    expect(doctorsOf(api, parent.providerId)).toHaveLength(0);
    await user.type(within(relogin).getByLabelText(/client secret/i), parent.secret);
    await user.click(within(relogin).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Done: 2 rows')).toBeInTheDocument();
    expect(screen.getByText('2 registered, 0 failed.')).toBeInTheDocument();
    const held = doctorsOf(api, parent.providerId).map((doctor) => doctor.doctorId);
    expect(held.toSorted()).toEqual(['D-1', 'D-2']);
    // Two rows typed, then a sign-in: ten seconds in jsdom when idle, the time a loaded machine needs.
  }, 40_000);

  it('asks before logging out from the dialog with rows held, and the next sign-in starts afresh', async () => {
    const { parent } = await signedInParent(api);
    const user = userEvent.setup();
    renderApp('/doctors/register');
    await screen.findByRole('group', { name: 'Doctor 1' });
    await fillRow(user, 1, { name: 'Ana', lastname: 'García', id: 'D-1' });
    await api.endSession();
    await user.click(screen.getByRole('button', { name: 'Register 1 doctor' }));
    const relogin = await screen.findByRole('dialog', { name: 'Your session has ended' });
    await user.click(within(relogin).getByRole('button', { name: 'Log out' }));
    const leave = await screen.findByRole('dialog', { name: 'Doctors are still being sent' });
    await user.click(within(leave).getByRole('button', { name: 'Leave anyway' }));
    await screen.findByRole('heading', { name: 'Sign in to Provider Console' });
    await user.type(screen.getByLabelText(/Provider id/), String(parent.providerId));
    await user.type(screen.getByLabelText(/Client id/), parent.clientId);
    await user.type(screen.getByLabelText(/Client secret/), parent.secret);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Your session has ended' })).toBeNull();
  });
});

describe('the speciality', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is chosen by name from the list a deployment configures, and sent as its number', async () => {
    const { parent } = await signedInParent(api);
    vi.stubEnv('VITE_SPECIALITIES_URL', '/specialities.json');
    api.server.use(
      http.get('*/specialities.json', () =>
        HttpResponse.json([
          { id: 12, name: 'Cardiología' },
          { id: 7, name: 'Dermatología' },
        ]),
      ),
    );
    const user = userEvent.setup();
    renderApp('/doctors/register');
    const speciality = await within(await screen.findByRole('group', { name: 'Doctor 1' })).findByRole(
      'combobox',
      { name: /Speciality/ },
    );
    await user.type(within(row(1)).getByLabelText(/First name/), 'Ana');
    await user.type(within(row(1)).getByLabelText(/Last name/), 'García');
    await user.type(within(row(1)).getByLabelText(/Doctor id/), 'D-1');
    await user.click(speciality);
    await user.type(speciality, 'derma');
    await user.click(await screen.findByRole('option', { name: 'Dermatología (7)' }));
    await user.click(screen.getByRole('button', { name: 'Register 1 doctor' }));
    await screen.findByText('Done: 1 row');
    expect(doctorsOf(api, parent.providerId)[0]?.doctorSpeciality).toBe(7);
  });

  it('is typed as a number, with a note, when the configured list cannot be read', async () => {
    await signedInParent(api);
    vi.stubEnv('VITE_SPECIALITIES_URL', '/specialities.json');
    api.server.use(http.get('*/specialities.json', () => HttpResponse.json({ not: 'a list' })));
    renderApp('/doctors/register');
    expect(
      await screen.findByText(
        'The list of specialities could not be loaded: type its number.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(within(row(1)).getByRole('textbox', { name: /Speciality/ })).toBeInTheDocument();
  });
});

describe('in the development environment (D3)', () => {
  it('lands on registration after sign-in, offers no other screen of the service, and registers under the provider itself', async () => {
    const { parent } = await signedInParent(api);
    api.onlyDevelopment();
    const user = userEvent.setup();
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Register doctors', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/doctors/register');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Register doctors', 'Activity']);
    expect(await screen.findByRole('combobox', { name: /Register under/ })).toHaveValue(
      `Yourself (provider ${parent.providerId})`,
    );
    await fillRow(user, 1, { name: 'Ana', lastname: 'García', id: 'D-1' });
    await user.click(screen.getByRole('button', { name: 'Register 1 doctor' }));
    expect(await screen.findByText('Done: 1 row')).toBeInTheDocument();
    expect(doctorsOf(api, parent.providerId)).toHaveLength(1);
    // Only the registration itself went upstream: no centre list, no doctor list.
    expect(
      api.requests.filter((request) => request.path.startsWith('/api/')).map((request) => request.path),
    ).toEqual([`/api${REGISTER}`]);
  });

  it('says the other screens are unavailable when their address is opened', async () => {
    const { centre } = await signedInParent(api);
    api.onlyDevelopment();
    const first = renderApp('/centres');
    expect(await screen.findByText('Not available in this environment')).toBeInTheDocument();
    first.unmount();
    renderApp(`/centres/${centre.providerId}/doctors`);
    expect(await screen.findByText('Not available in this environment')).toBeInTheDocument();
    expect(api.requests.some((request) => request.path.startsWith('/api/'))).toBe(false);
  });
});
