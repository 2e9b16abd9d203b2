import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { setupSimulatorConsole } from '@/console/testing/simulator-console';

// What the centres screens' tests share: a small world of centres, the list's rows, and the create
// dialog's steps.

type Api = ReturnType<typeof setupSimulatorConsole>;
type User = ReturnType<typeof userEvent.setup>;

export const WORLD = [
  { name: 'Clínica Barcelona', country: 'ES', city: 'Barcelona' },
  { name: 'Centro Madrid', country: 'ES', city: 'Madrid' },
  { name: 'Lisbon Care', country: 'PT', city: 'Lisboa' },
] as const;

/** A parent with these centres (the three above by default), signed in. */
export async function signedInParent(api: Api, centres: readonly (typeof WORLD)[number][] = WORLD) {
  const world = api.parentWith(centres);
  await api.signIn(world.parent);
  return world;
}

/** The table's rows as their text, in order (the first row is the column headers). */
export const names = () =>
  within(screen.getByRole('table', { name: 'Centres' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');

/** The first of several buttons with that name (the list's header and its empty state). */
export function firstButton(name: string) {
  const [first] = screen.getAllByRole('button', { name });
  if (!first) throw new Error(`no button named ${name}`);
  return first;
}

/** A centre's page, on whichever tab it opens (the page's index redirects to its first tab). */
export const centrePage = (id: number | undefined) => new RegExp(`^/centres/${id}(/[a-z-]+)?$`);

async function chooseCountry(user: User, dialog: HTMLElement, name: string) {
  const input = within(dialog).getByRole('combobox', { name: /Country/ });
  await user.click(input);
  await user.type(input, name);
  await user.click(
    await within(await screen.findByRole('listbox')).findByRole('option', { name: new RegExp(name) }),
  );
}

export async function openCreate(user: User) {
  await user.click(firstButton('Create centre'));
  return screen.findByRole('dialog', { name: 'Create a centre' });
}

export async function fillCreate(
  user: User,
  dialog: HTMLElement,
  name: string,
  country: string,
  city: string,
) {
  await user.type(within(dialog).getByLabelText(/Name/), name);
  await chooseCountry(user, dialog, country);
  await user.type(within(dialog).getByLabelText(/City/), city);
}

/** The children of `parentId` the simulator holds, by name. */
export function childrenNamed(api: Api, parentId: number, name: string) {
  return Object.values(api.sim.exportState().providers).filter(
    (provider) => provider.parentId === parentId && provider.name === name,
  );
}
