import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { setupSimulatorConsole } from '@/console/testing/simulator-console';

// Registering doctors (4.2, D4) over the simulator's console surface: the form, the file import,
// the limit of four requests in flight, and the development environment (D3).
const api = setupSimulatorConsole();

// The screens' lazy parts, compiled once before the tests: on a busy machine a first compile inside
// a test would outlast the finders' waits.
beforeAll(async () => {
  await Promise.all([import('./register-workspace.tsx'), import('./csv-import.tsx')]);
});

type User = ReturnType<typeof userEvent.setup>;
const REGISTER = '/iam/v1/register/healthProviderDoctor';

async function signedInParent() {
  const world = api.parentWith([
    { name: 'Clínica Barcelona', country: 'ES', city: 'Barcelona' },
    { name: 'Centro Madrid', country: 'ES', city: 'Madrid' },
  ]);
  await api.signIn(world.parent);
  const [centre] = world.children;
  if (!centre) throw new Error('no centre');
  return { ...world, centre };
}

/** The doctors the simulator holds under `providerId`. */
const doctorsOf = (providerId: number) => api.sim.exportState().providers[String(providerId)]?.doctors ?? [];

/** The fieldset of the form's row `n` (from 1). */
const row = (n: number) => screen.getByRole('group', { name: `Doctor ${n}` });

async function fillRow(
  user: User,
  n: number,
  doctor: { name: string; lastname: string; id: string; email?: string },
) {
  const fields = within(row(n));
  await user.type(fields.getByLabelText(/First name/), doctor.name);
  await user.type(fields.getByLabelText(/Last name/), doctor.lastname);
  if (doctor.email) await user.type(fields.getByLabelText(/E-mail/), doctor.email);
  await user.type(fields.getByLabelText(/Doctor id/), doctor.id);
  await user.type(fields.getByLabelText(/Speciality/), '12');
}

/** Counts the registration requests in flight at the simulator's door, and the most at once. */
function measureInFlight() {
  let now = 0;
  let most = 0;
  api.server.events.on('request:start', ({ request }) => {
    if (!request.url.endsWith(REGISTER)) return;
    now += 1;
    most = Math.max(most, now);
  });
  api.server.events.on('response:mocked', ({ request }) => {
    if (request.url.endsWith(REGISTER)) now -= 1;
  });
  return { most: () => most, now: () => now };
}

function csvFile(lines: readonly string[], name = 'doctors.csv') {
  return new File([lines.join('\r\n')], name, { type: 'text/csv' });
}

async function openImport(user: User, url: string) {
  renderApp(url);
  await user.click(await screen.findByRole('radio', { name: 'Import a file' }));
  return screen.findByRole('button', { name: 'Choose a CSV file' });
}

async function upload(user: User, file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await user.upload(input, file);
}

describe('the registration form', () => {
  it('registers each doctor with its own request under the centre chosen, showing the service’s id', async () => {
    const { centre } = await signedInParent();
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
    const held = doctorsOf(centre.providerId).toSorted((a, b) => a.doctorId.localeCompare(b.doctorId));
    expect(held.map((doctor) => doctor.doctorId)).toEqual(['D-1', 'D-2']);
    expect(held[1]?.doctorDictionary).toBe('cardiología, eco');
    expect(within(row(1)).getByText(`Registered · ${held[0]?.serviceId}`)).toBeInTheDocument();
    // Nothing is left to send: a registered row is never sent again (D4).
    expect(screen.getByRole('button', { name: 'Nothing to register' })).toBeDisabled();
  });

  it('checks every field before sending anything, and flags two rows with one doctor id', async () => {
    await signedInParent();
    const user = userEvent.setup();
    renderApp('/doctors/register');
    await screen.findByRole('group', { name: 'Doctor 1' });
    await user.type(within(row(1)).getByLabelText(/E-mail/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Register 1 doctor' }));
    expect(
      await within(row(1)).findByText('Leave it empty or enter an address like name@example.com.'),
    ).toBeInTheDocument();
    expect(within(row(1)).getByText('A whole number above 0.')).toBeInTheDocument();
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
    const { parent } = await signedInParent();
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
      expect(doctorsOf(parent.providerId).map((doctor) => doctor.doctorId)).toEqual(['D-1', 'D-2']),
    );
    expect(api.sent('/register/healthProviderDoctor')).toHaveLength(3);
  });

  it('retries a row whose answer was lost without registering the doctor twice (D4 idempotence)', async () => {
    const { parent } = await signedInParent();
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
    const [first] = doctorsOf(parent.providerId);
    await user.click(within(row(1)).getByRole('button', { name: 'Send again' }));
    expect(await within(row(1)).findByText(`Registered · ${first?.serviceId}`)).toBeInTheDocument();
    expect(doctorsOf(parent.providerId)).toHaveLength(1);
  });
});

describe('the speciality', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is chosen by name from the list a deployment configures, and sent as its number', async () => {
    const { parent } = await signedInParent();
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
    expect(doctorsOf(parent.providerId)[0]?.doctorSpeciality).toBe(7);
  });

  it('is typed as a number, with a note, when the configured list cannot be read', async () => {
    await signedInParent();
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

describe('the file import', () => {
  it('never has more than four registrations in flight, measured at the simulator (D4)', async () => {
    const { centre } = await signedInParent();
    const user = userEvent.setup();
    const inFlight = measureInFlight();
    // Every registration waits 40 ms at the simulator, so that requests overlap as they would over a network.
    expect(api.sim.core.addFault({ match: `POST ${REGISTER}`, delayMs: 40, times: 1000 }).ok).toBe(true);
    await openImport(user, `/doctors/register?target=${centre.providerId}`);
    const lines = Array.from({ length: 30 }, (_, i) => `Doctor${i};Prueba;D-${i};7;ES`);
    await upload(user, csvFile(['Nombre;Apellidos;ID médico;Especialidad;Idioma', ...lines]));
    await user.click(await screen.findByRole('button', { name: 'Register 30 doctors' }));
    expect(await screen.findByText('Done: 30 rows', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(inFlight.most()).toBe(4);
    expect(inFlight.now()).toBe(0);
    expect(api.sent('/register/healthProviderDoctor')).toHaveLength(30);
    expect(doctorsOf(centre.providerId)).toHaveLength(30);
  });

  it('reads a semicolon-separated Windows-1252 file, validates each row in place, and registers after fixes', async () => {
    const { centre } = await signedInParent();
    const user = userEvent.setup();
    await openImport(user, `/doctors/register?target=${centre.providerId}`);
    const text = [
      'Nombre;Apellidos;Correo;ID médico;Especialidad;Idioma',
      'José;Núñez;jose@clinica.es;D-1;12;Español',
      'Laia;Puig;laia@;D-2;12;CA',
      'Marc;Font;;D-1;3;català',
    ].join('\r\n');
    await upload(user, new File([Uint8Array.from(text, (char) => char.charCodeAt(0))], 'médicos.csv'));
    expect(
      await screen.findByText(/3 rows, 0 ready, 3 to fix \(WINDOWS-1252, semicolon-separated\)/),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Rows of the file' });
    expect(within(table).getByText('Núñez')).toBeInTheDocument();
    expect(within(table).getByText('Row 3 has this id too.')).toBeInTheDocument();
    expect(
      within(table).getByText('Leave it empty or enter an address like name@example.com.'),
    ).toBeInTheDocument();
    // Row 2: the e-mail fixed in the row's own form.
    await user.click(within(table).getByRole('button', { name: 'Edit row 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Row 2' });
    await user.clear(within(dialog).getByLabelText(/E-mail/));
    await user.type(within(dialog).getByLabelText(/E-mail/), 'laia@clinica.es');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(/3 rows, 1 ready, 2 to fix/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register 1 doctor' }));
    expect(await screen.findByText('Done: 3 rows')).toBeInTheDocument();
    expect(screen.getByText('1 registered, 2 failed.')).toBeInTheDocument();
    expect(doctorsOf(centre.providerId).map((doctor) => doctor.doctorId)).toEqual(['D-2']);
    // Row 3 gets its own id; both failed rows are retried, and only they are sent.
    await user.click(within(table).getByRole('button', { name: 'Edit row 3' }));
    const third = await screen.findByRole('dialog', { name: 'Row 3' });
    await user.clear(within(third).getByLabelText(/Doctor id/));
    await user.type(within(third).getByLabelText(/Doctor id/), 'D-3');
    await user.click(within(third).getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Retry 2 failed rows' }));
    expect(await screen.findByText('3 registered, 0 failed.')).toBeInTheDocument();
    expect(
      doctorsOf(centre.providerId)
        .map((doctor) => doctor.doctorId)
        .sort(),
    ).toEqual(['D-1', 'D-2', 'D-3']);
    expect(doctorsOf(centre.providerId).find((doctor) => doctor.doctorId === 'D-1')?.lastname).toBe('Núñez');
    expect(api.sent('/register/healthProviderDoctor')).toHaveLength(3);
  });

  it('downloads the rows with each one’s service id or error, in the file’s own separator', async () => {
    const { centre } = await signedInParent();
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      if (blob instanceof Blob) blobs.push(blob);
      return 'blob:results';
    };
    URL.revokeObjectURL = () => {};
    let downloaded = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    await openImport(user, `/doctors/register?target=${centre.providerId}`);
    await upload(
      user,
      csvFile([
        'name;lastname;doctor id;speciality;language;phone',
        'Ana;García;D-1;12;ES;555',
        'Pau;;D-2;12;EN;556',
      ]),
    );
    // "phone" is no field: the mapping step asks, and leaving it out keeps it in the results.
    await user.click(await screen.findByRole('button', { name: 'Continue to the preview' }));
    await user.click(await screen.findByRole('button', { name: 'Register 1 doctor' }));
    await user.click(await screen.findByRole('button', { name: 'Download results' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(downloaded).toBe('doctors-results.csv');
    const serviceId = doctorsOf(centre.providerId)[0]?.serviceId;
    const bytes = new Uint8Array((await blobs[0]?.arrayBuffer()) ?? new ArrayBuffer(0));
    // UTF-8 with a byte-order mark, so that a spreadsheet reads the accents right.
    expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(
      'name;lastname;doctor id;speciality;language;phone;result;service_id;error\r\n' +
        `Ana;García;D-1;12;ES;555;registered;${serviceId};\r\n` +
        'Pau;;D-2;12;EN;556;failed;;Not sent: fix the fields marked in red.\r\n',
    );
  });

  it('refuses a wrong file with its reason and keeps what was on screen', async () => {
    await signedInParent();
    // As if dropped: a drop is not filtered by the picker's `accept`.
    const user = userEvent.setup({ applyAccept: false });
    await openImport(user, '/doctors/register');
    await upload(user, csvFile(['name;lastname;doctorId;speciality;lang', 'Ana;García;D-1;12;ES']));
    expect(await screen.findByText(/1 rows, 1 ready/)).toBeInTheDocument();
    await upload(user, new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00])], 'photo.png'));
    expect(await screen.findByRole('alert')).toHaveTextContent('photo.png cannot be imported');
    expect(screen.getByRole('alert')).toHaveTextContent('This is not a text file.');
    expect(screen.getByText(/1 rows, 1 ready/)).toBeInTheDocument();
    await upload(user, csvFile(['Ana;García;ana@example.es;D-1;12;ES']));
    expect(await screen.findByRole('alert')).toHaveTextContent('The first row holds data, not column names.');
  });
});

/** The proxy lists only the development environment's two operations (D3). */
function developmentOnly() {
  api.server.use(
    http.get('*/auth/environments', () =>
      HttpResponse.json([
        {
          id: 'demo',
          label: 'Development',
          kind: 'development',
          operations: ['requestToken', 'registerDoctors'],
        },
      ]),
    ),
  );
}

describe('in the development environment (D3)', () => {
  it('lands on registration after sign-in, offers no other screen, and registers under the provider itself', async () => {
    const { parent } = await signedInParent();
    developmentOnly();
    const user = userEvent.setup();
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Register doctors', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/doctors/register');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Register doctors']);
    expect(await screen.findByRole('combobox', { name: /Register under/ })).toHaveValue(
      `Yourself (provider ${parent.providerId})`,
    );
    await fillRow(user, 1, { name: 'Ana', lastname: 'García', id: 'D-1' });
    await user.click(screen.getByRole('button', { name: 'Register 1 doctor' }));
    expect(await screen.findByText('Done: 1 row')).toBeInTheDocument();
    expect(doctorsOf(parent.providerId)).toHaveLength(1);
    // Only the registration itself went upstream: no centre list, no doctor list.
    expect(
      api.requests.filter((request) => request.path.startsWith('/api/')).map((request) => request.path),
    ).toEqual([`/api${REGISTER}`]);
  });

  it('says the other screens are unavailable when their address is opened', async () => {
    const { centre } = await signedInParent();
    developmentOnly();
    const first = renderApp('/centres');
    expect(await screen.findByText('Not available in this environment')).toBeInTheDocument();
    first.unmount();
    renderApp(`/centres/${centre.providerId}/doctors`);
    expect(await screen.findByText('Not available in this environment')).toBeInTheDocument();
    expect(api.requests.some((request) => request.path.startsWith('/api/'))).toBe(false);
  });
});
