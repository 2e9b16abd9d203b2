import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import caCentres from '@/console/locales/ca/centres.json';
import enCentres from '@/console/locales/en/centres.json';
import enCommon from '@/console/locales/en/common.json';
import esCentres from '@/console/locales/es/centres.json';
import { renderApp } from '@/console/testing/render-app';
import { setupSimulatorConsole } from '@/console/testing/simulator-console';

// The centres screens over the simulator's console surface (src/console/testing/simulator-console.ts).
const api = setupSimulatorConsole();

const WORLD = [
  { name: 'Clínica Barcelona', country: 'ES', city: 'Barcelona' },
  { name: 'Centro Madrid', country: 'ES', city: 'Madrid' },
  { name: 'Lisbon Care', country: 'PT', city: 'Lisboa' },
] as const;

/** A parent with the three centres above, signed in. */
async function signedInParent(centres: readonly (typeof WORLD)[number][] = WORLD) {
  const world = api.parentWith(centres);
  await api.signIn(world.parent);
  return world;
}

/** The table's rows as their text, in order (the first row is the column headers). */
const names = () =>
  within(screen.getByRole('table', { name: 'Centres' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');

/** The first of several buttons with that name (the list's header and its empty state). */
function firstButton(name: string) {
  const [first] = screen.getAllByRole('button', { name });
  if (!first) throw new Error(`no button named ${name}`);
  return first;
}

/** A centre's page, on whichever tab it opens (the page's index redirects to its first tab). */
const centrePage = (id: number | undefined) => new RegExp(`^/centres/${id}(/[a-z-]+)?$`);

type User = ReturnType<typeof userEvent.setup>;

async function chooseCountry(user: User, dialog: HTMLElement, name: string) {
  const input = within(dialog).getByRole('combobox', { name: /Country/ });
  await user.click(input);
  await user.type(input, name);
  await user.click(
    await within(await screen.findByRole('listbox')).findByRole('option', { name: new RegExp(name) }),
  );
}

async function openCreate(user: User) {
  await user.click(firstButton('Create centre'));
  return screen.findByRole('dialog', { name: 'Create a centre' });
}

async function fillCreate(user: User, dialog: HTMLElement, name: string, country: string, city: string) {
  await user.type(within(dialog).getByLabelText(/Name/), name);
  await chooseCountry(user, dialog, country);
  await user.type(within(dialog).getByLabelText(/City/), city);
}

/** The children of `parentId` the simulator holds, by name. */
function childrenNamed(parentId: number, name: string) {
  return Object.values(api.sim.exportState().providers).filter(
    (provider) => provider.parentId === parentId && provider.name === name,
  );
}

afterEach(() => vi.useRealTimers());

describe('centres', () => {
  it('keeps search and sort in the URL and reads them back from a link', async () => {
    await signedInParent();
    const user = userEvent.setup();
    const { router } = renderApp('/centres?sort=city&dir=desc');
    await screen.findByText('Clínica Barcelona');
    // City, descending: Madrid, Lisboa, Barcelona.
    expect(names()[0]).toContain('Centro Madrid');
    expect(names()[2]).toContain('Clínica Barcelona');
    await user.type(screen.getByLabelText('Search centres'), 'lisb');
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ q: 'lisb', sort: 'city', dir: 'desc' }),
    );
    expect(names()).toHaveLength(1);
    expect(names()[0]).toContain('Lisbon Care');
  });

  it('finds centres by their country’s name in the UI language', async () => {
    await signedInParent();
    renderApp('/centres?q=espanya', { language: 'ca' });
    await screen.findByText('Clínica Barcelona');
    expect(names()).toHaveLength(2);
    expect(screen.queryByText('Lisbon Care')).toBeNull();
  });

  it('turns a broken sort in the URL into the default instead of failing', async () => {
    await signedInParent();
    const { router } = renderApp('/centres?sort=nonsense&dir=up');
    await screen.findByText('Clínica Barcelona');
    // Sorted by name, ascending (the defaults), and the URL no longer holds the broken values.
    expect(names().map((text) => text.split(/Spain|Portugal/)[0])).toEqual([
      'Centro Madrid',
      'Clínica Barcelona',
      'Lisbon Care',
    ]);
    await waitFor(() => expect(router.state.location.href).toBe('/centres'));
  });

  it('tells "no centres yet" (with the create action) apart from "no results"', async () => {
    const empty = api.parentWith([]);
    await api.signIn(empty.parent);
    const first = renderApp('/centres');
    expect(await screen.findByRole('heading', { name: 'No centres yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create centre' })).toHaveLength(2);
    first.unmount();

    await signedInParent();
    const user = userEvent.setup();
    const second = renderApp('/centres?q=zzz');
    expect(await screen.findByText('No centre matches “zzz”.')).toBeInTheDocument();
    await user.click(within(second.container).getByRole('button', { name: 'Clear search and filters' }));
    expect(await within(second.container).findByText('Clínica Barcelona')).toBeInTheDocument();
  });

  it('creates a centre once on a double click, shows its credentials once and lists it without a reload', async () => {
    const { parent } = await signedInParent();
    const user = userEvent.setup();
    renderApp('/centres');
    await screen.findByText('Clínica Barcelona');
    const dialog = await openCreate(user);
    await fillCreate(user, dialog, 'Hospital Nou', 'Spain', 'Lleida');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Create' }));
    const credentials = await screen.findByRole('dialog', { name: 'Credentials of Hospital Nou' });
    const created = childrenNamed(parent.providerId, 'Hospital Nou');
    expect(created).toHaveLength(1);
    expect(api.sent('/register/childProvider')).toHaveLength(1);
    const [centre] = created;
    if (!centre) throw new Error('not created');
    expect(centre.country).toBe('ES');
    expect(within(credentials).getByText(centre.secret)).toBeInTheDocument();
    const done = within(credentials).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Credentials of Hospital Nou' })).toBeInTheDocument();
    await user.click(within(credentials).getByLabelText('I have stored these credentials'));
    await user.click(done);
    await waitFor(() => expect(screen.queryByText(centre.secret)).toBeNull());
    expect(await screen.findByText('Hospital Nou')).toBeInTheDocument();
  });

  it('downloads the new credentials as a .env file', async () => {
    await signedInParent();
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      if (blob instanceof Blob) blobs.push(blob);
      return 'blob:credentials';
    };
    URL.revokeObjectURL = () => {};
    let downloaded = '';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloaded = this.download;
    });
    renderApp('/centres');
    await screen.findByText('Clínica Barcelona');
    const dialog = await openCreate(user);
    await fillCreate(user, dialog, 'Hospital Nou', 'Spain', 'Lleida');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const credentials = await screen.findByRole('dialog', { name: 'Credentials of Hospital Nou' });
    await user.click(within(credentials).getByRole('button', { name: 'Download as .env' }));
    expect(click).toHaveBeenCalledOnce();
    const centre = Object.values(api.sim.exportState().providers).find((p) => p.name === 'Hospital Nou');
    if (!centre) throw new Error('not created');
    expect(downloaded).toBe(`centre-${centre.id}.env`);
    expect(await blobs[0]?.text()).toBe(
      `PROVIDER_ID=${centre.id}\nCLIENT_ID=${centre.clientId}\nCLIENT_SECRET=${centre.secret}\n`,
    );
  });

  it('puts the server’s field errors (D2) on their fields and keeps what was typed', async () => {
    await signedInParent();
    api.fault({
      match: 'POST /iam/v1/register/childProvider',
      status: 400,
      body: {
        success: false,
        code: 400,
        message: 'Invalid request',
        errors: [{ field: 'name', message: 'Name already taken' }],
      },
    });
    const user = userEvent.setup();
    renderApp('/centres');
    await screen.findByText('Clínica Barcelona');
    const dialog = await openCreate(user);
    await fillCreate(user, dialog, 'Clínica Barcelona', 'Portugal', 'Porto');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name already taken')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Clínica Barcelona');
    expect(within(dialog).getByLabelText(/City/)).toHaveValue('Porto');
    // The same form, sent again, goes through.
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByRole('dialog', { name: 'Credentials of Clínica Barcelona' }),
    ).toBeInTheDocument();
  });

  it('asks for every field before sending anything', async () => {
    await signedInParent();
    const user = userEvent.setup();
    renderApp('/centres');
    await screen.findByText('Clínica Barcelona');
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Choose a country.')).toBeInTheDocument();
    expect(api.sent('/register/childProvider')).toHaveLength(0);
  });

  it('reveals credentials only on click, masked until asked, and forgets them on close', async () => {
    const { parent, children } = await signedInParent();
    const [child] = children;
    if (!child) throw new Error('no child');
    const user = userEvent.setup();
    const { queryClient } = renderApp(`/centres/${child.providerId}`);
    await screen.findByRole('heading', { name: 'Clínica Barcelona' });
    expect(api.sent('/credentials')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Reveal credentials' }));
    const dialog = await screen.findByRole('dialog', { name: `Credentials of centre ${child.providerId}` });
    expect(await within(dialog).findByText(child.clientId)).toBeInTheDocument();
    expect(within(dialog).queryByText(child.secret)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Show secret' }));
    expect(within(dialog).getByText(child.secret)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText(child.secret)).toBeNull());
    expect(
      queryClient.getQueryCache().findAll({ queryKey: ['centres', parent.providerId, 'credentials'] }),
    ).toHaveLength(0);
  });

  it('masks a shown secret again after 60 seconds', async () => {
    const { children } = await signedInParent();
    const [child] = children;
    if (!child) throw new Error('no child');
    const user = userEvent.setup();
    renderApp(`/centres/${child.providerId}`);
    await user.click(await screen.findByRole('button', { name: 'Reveal credentials' }));
    const dialog = await screen.findByRole('dialog', { name: `Credentials of centre ${child.providerId}` });
    await within(dialog).findByText(child.clientId);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      within(dialog).getByRole('button', { name: 'Show secret' }).click();
    });
    expect(within(dialog).getByText(child.secret)).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(59_000);
    });
    expect(within(dialog).getByText(child.secret)).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect(within(dialog).queryByText(child.secret)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Show secret' })).toBeInTheDocument();
  });

  it('opens a child’s own page when its credentials cannot list children (D3) and hides parent actions', async () => {
    const { children } = api.parentWith(WORLD);
    const [child] = children;
    if (!child) throw new Error('no child');
    await api.signIn(child);
    const { router } = renderApp('/centres');
    expect(await screen.findByText('You are signed in as this centre.')).toBeInTheDocument();
    expect(router.state.location.pathname).toMatch(centrePage(child.providerId));
    expect(screen.queryByRole('button', { name: 'Reveal credentials' })).toBeNull();
  });

  it('shows centres as unavailable in the development environment, with the reason (D3)', async () => {
    await signedInParent();
    // The proxy lists what each environment offers; the development one lacks the centre operations.
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
    renderApp('/centres');
    expect(await screen.findByText('Not available in this environment')).toBeInTheDocument();
    expect(api.requests.some((request) => request.path.startsWith('/api/'))).toBe(false);
  });

  it('shows an error with a retry when the list fails, and the retry recovers', async () => {
    const { parent } = await signedInParent();
    // The router reports a failed loader on the console; here that failure is the point.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.fault({ match: `GET /core/v1/provider/${parent.providerId}/child`, status: 502, times: 3 });
    const user = userEvent.setup();
    renderApp('/centres');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'The service is not answering right now.',
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Clínica Barcelona')).toBeInTheDocument();
  });

  it('the palette (Ctrl+K) jumps to a centre by name, without accents, or by id', async () => {
    const { children } = await signedInParent();
    const lisbon = children[2];
    if (!lisbon) throw new Error('no child');
    const user = userEvent.setup();
    const { router } = renderApp('/centres');
    await screen.findByText('Clínica Barcelona');
    await user.keyboard('{Control>}k{/Control}');
    const search = await screen.findByRole('textbox', { name: 'Centre name or id…' });
    await user.type(search, 'clinica');
    await user.click(await screen.findByRole('button', { name: /Clínica Barcelona/ }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(centrePage(children[0]?.providerId)));

    await user.keyboard('{Control>}k{/Control}');
    const again = await screen.findByRole('textbox', { name: 'Centre name or id…' });
    await user.type(again, String(lisbon.providerId));
    await user.click(await screen.findByRole('button', { name: /Lisbon Care/ }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(centrePage(lisbon.providerId)));
    expect(await screen.findByRole('heading', { name: 'Lisbon Care' })).toBeInTheDocument();
  });

  it('the palette of a centre’s own login says why it finds nothing (D3)', async () => {
    const { children } = api.parentWith(WORLD);
    const [child] = children;
    if (!child) throw new Error('no child');
    await api.signIn(child);
    const user = userEvent.setup();
    renderApp('/centres');
    await screen.findByText('You are signed in as this centre.');
    await user.keyboard('{Control>}k{/Control}');
    expect(
      await screen.findByText('These credentials cannot list centres (a centre’s own login).'),
    ).toBeInTheDocument();
  });

  for (const language of ['es', 'ca'] as const) {
    it(`renders the list and create screens in ${language} with no raw catalogue key`, async () => {
      await signedInParent();
      const user = userEvent.setup();
      const catalogue = { es: esCentres, ca: caCentres }[language];
      const keys = [...Object.keys(enCommon), ...Object.keys(enCentres)];
      const rawKeys = () => keys.filter((key) => document.body.textContent?.includes(key));
      renderApp('/centres', { language });
      await screen.findByText('Clínica Barcelona');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(catalogue['centres.title']);
      await user.click(firstButton(catalogue['centres.create']));
      await screen.findByRole('dialog');
      expect(rawKeys()).toEqual([]);
    });
  }

  it('sorts by a column when its header is clicked, says how with aria-sort, and keeps it in the URL', async () => {
    await signedInParent();
    const user = userEvent.setup();
    const { router } = renderApp('/centres');
    await screen.findByText('Clínica Barcelona');
    const city = screen.getByRole('columnheader', { name: /City/ });
    expect(city).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(city).getByRole('button'));
    expect(city).toHaveAttribute('aria-sort', 'ascending');
    expect(names()[0]).toContain('Clínica Barcelona');
    await user.click(within(city).getByRole('button'));
    expect(city).toHaveAttribute('aria-sort', 'descending');
    expect(names()[0]).toContain('Centro Madrid');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: 'city', dir: 'desc' }));
  });

  it('filters by a country the list holds, counted, and keeps it in the URL', async () => {
    await signedInParent();
    const user = userEvent.setup();
    const { router } = renderApp('/centres');
    await screen.findByText('Clínica Barcelona');
    const filter = screen.getByRole('combobox', { name: 'Country' });
    expect([...filter.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'All countries',
      'Portugal (1)',
      'Spain (2)',
    ]);
    await user.selectOptions(filter, 'PT');
    expect(names()).toHaveLength(1);
    expect(names()[0]).toContain('Lisbon Care');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ country: 'PT' }));
    expect(screen.getByText('1 centre')).toBeInTheDocument();
  });

  it('announces a created centre once its credentials are stored, links to it, and marks its row', async () => {
    const { parent } = await signedInParent();
    const user = userEvent.setup();
    const { router } = renderApp('/centres');
    await screen.findByText('Clínica Barcelona');
    const dialog = await openCreate(user);
    await fillCreate(user, dialog, 'Hospital Marcat', 'Spain', 'Olot');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const credentials = await screen.findByRole('dialog', { name: 'Credentials of Hospital Marcat' });
    // Nothing is announced over the credentials: they come first.
    expect(screen.queryByText('Hospital Marcat was created')).toBeNull();
    await user.click(within(credentials).getByLabelText('I have stored these credentials'));
    await user.click(within(credentials).getByRole('button', { name: 'Done' }));
    const title = await screen.findByText('Hospital Marcat was created');
    const notification = title.closest<HTMLElement>('[role="alert"]');
    if (!notification) throw new Error('the notification is not announced');
    expect(screen.getByRole('row', { name: /Hospital Marcat/ })).toHaveClass('row-arrived');
    await user.click(within(notification).getByRole('link', { name: 'Open its page' }));
    const [created] = childrenNamed(parent.providerId, 'Hospital Marcat');
    await waitFor(() => expect(router.state.location.pathname).toMatch(centrePage(created?.id)));
    expect(await screen.findByRole('heading', { name: 'Hospital Marcat', level: 1 })).toBeInTheDocument();
  });
});
