import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { renderApp } from '@/console/testing/render-app';
import type { setupSimulatorConsole } from '@/console/testing/simulator-console';

// What the registration's tests share: a parent with two centres, the form's rows, a CSV file and
// its upload, and the registrations in flight at the simulator's door (D4).

type Api = ReturnType<typeof setupSimulatorConsole>;
type User = ReturnType<typeof userEvent.setup>;
export const REGISTER = '/iam/v1/register/healthProviderDoctor';

export async function signedInParent(api: Api) {
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
export const doctorsOf = (api: Api, providerId: number) =>
  api.sim.exportState().providers[String(providerId)]?.doctors ?? [];

/** The fieldset of the form's row `n` (from 1). */
export const row = (n: number) => screen.getByRole('group', { name: `Doctor ${n}` });

export async function fillRow(
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
export function measureInFlight(api: Api) {
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

export function csvFile(lines: readonly string[], name = 'doctors.csv') {
  return new File([lines.join('\r\n')], name, { type: 'text/csv' });
}

export async function openImport(user: User, url: string) {
  renderApp(url);
  await user.click(await screen.findByRole('radio', { name: 'Import a file' }));
  return screen.findByRole('button', { name: 'Choose a CSV file' });
}

export async function upload(user: User, file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await user.upload(input, file);
}
