import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupSimulatorConsole } from '@/console/testing/simulator-console';
import {
  csvFile,
  doctorsOf,
  measureInFlight,
  openImport,
  REGISTER,
  signedInParent,
  upload,
} from './register-testing.ts';

// Importing doctors from a clinic's file (docs/decisions/0013): read, checked row by row, fixed in
// place, and registered one doctor per request, at most four in flight (D4).
const api = setupSimulatorConsole();

// The screens' lazy parts, compiled once before the tests: on a busy machine a first compile inside
// a test would outlast the finders' waits.
beforeAll(async () => {
  await Promise.all([import('./register-workspace.tsx'), import('./csv-import.tsx')]);
});

describe('the file import', () => {
  it('never has more than four registrations in flight, measured at the simulator (D4)', async () => {
    const { centre } = await signedInParent(api);
    const user = userEvent.setup();
    const inFlight = measureInFlight(api);
    // Every registration waits 40 ms at the simulator, so that requests overlap as they would over a network.
    expect(api.sim.core.addFault({ match: `POST ${REGISTER}`, delayMs: 40, times: 1000 }).ok).toBe(true);
    await openImport(user, `/doctors/register?target=${centre.providerId}`);
    const lines = Array.from({ length: 30 }, (_, i) => `Doctor${i};Prueba;D-${i};7;ES`);
    await upload(user, csvFile(['Nombre;Apellidos;ID médico;Especialidad;Idioma', ...lines]));
    await user.click(await screen.findByRole('button', { name: 'Register 30 doctors' }));
    // Thirty answers through the proxy's app in jsdom: well under a second alone, tens of seconds on a
    // loaded machine. What is measured is how many were in flight, not how fast.
    expect(await screen.findByText('Done: 30 rows', {}, { timeout: 50_000 })).toBeInTheDocument();
    expect(inFlight.most()).toBe(4);
    expect(inFlight.now()).toBe(0);
    expect(api.sent('/register/healthProviderDoctor')).toHaveLength(30);
    expect(doctorsOf(api, centre.providerId)).toHaveLength(30);
  }, 60_000);

  it('reads a semicolon-separated Windows-1252 file, validates each row in place, and registers after fixes', async () => {
    const { centre } = await signedInParent(api);
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
    expect(
      screen.getByText('1 registered, 0 failed. 2 rows need fixing: they were not sent.'),
    ).toBeInTheDocument();
    expect(doctorsOf(api, centre.providerId).map((doctor) => doctor.doctorId)).toEqual(['D-2']);
    // Row 3 gets its own id; both rows are fixed then, and only they are sent.
    await user.click(within(table).getByRole('button', { name: 'Edit row 3' }));
    const third = await screen.findByRole('dialog', { name: 'Row 3' });
    await user.clear(within(third).getByLabelText(/Doctor id/));
    await user.type(within(third).getByLabelText(/Doctor id/), 'D-3');
    await user.click(within(third).getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Register 2 doctors' }));
    expect(await screen.findByText('3 registered, 0 failed.')).toBeInTheDocument();
    expect(
      doctorsOf(api, centre.providerId)
        .map((doctor) => doctor.doctorId)
        .sort(),
    ).toEqual(['D-1', 'D-2', 'D-3']);
    expect(doctorsOf(api, centre.providerId).find((doctor) => doctor.doctorId === 'D-1')?.lastname).toBe(
      'Núñez',
    );
    expect(api.sent('/register/healthProviderDoctor')).toHaveLength(3);
  });

  it('downloads the rows with each one’s service id or error, in the file’s own separator', async () => {
    const { centre } = await signedInParent(api);
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
    const serviceId = doctorsOf(api, centre.providerId)[0]?.serviceId;
    const bytes = new Uint8Array((await blobs[0]?.arrayBuffer()) ?? new ArrayBuffer(0));
    // UTF-8 with a byte-order mark, so that a spreadsheet reads the accents right.
    expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(
      'name;lastname;doctor id;speciality;language;phone;result;service_id;error\r\n' +
        `Ana;García;D-1;12;ES;555;registered;${serviceId};\r\n` +
        'Pau;;D-2;12;EN;556;not sent, needs fixing;;Not sent: fix the fields marked in red.\r\n',
    );
  });

  it('refuses a wrong file with its reason and keeps what was on screen', async () => {
    await signedInParent(api);
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
