import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { catalogues } from '@/lib/i18n/all';
import { setupConsoleServer } from '@/testing/console-server';
import { renderApp } from '@/testing/render-app';

const api = setupConsoleServer();

/** The first of several buttons with that name (the list's header and its empty state). */
const names = () => screen.getAllByRole('listitem').map((item) => item.textContent ?? '');

function firstButton(name: string) {
  const [first] = screen.getAllByRole('button', { name });
  if (!first) throw new Error(`no button named ${name}`);
  return first;
}

async function chooseCountry(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
  const input = within(dialog).getByRole('combobox', { name: /Country/ });
  await user.click(input);
  await user.type(input, name);
  await user.click(await screen.findByRole('option', { name: new RegExp(name) }));
}

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(firstButton('Create centre'));
  return screen.findByRole('dialog', { name: 'Create a centre' });
}

describe('centres', () => {
  it('lists every one of 10,000 centres, rendering only the visible rows', async () => {
    api.reset({ centres: 10_000, signedIn: 100 });
    renderApp('/centres');
    expect(await screen.findByText('10,000 centres')).toBeInTheDocument();
    expect(screen.getByText('Centre 00000')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').length).toBeLessThan(60);
    // One request for the whole list (4.5 without limit).
    expect(api.world.requests.filter((request) => request.path.endsWith('/child'))).toHaveLength(1);
  });

  it('keeps search and sort in the URL and reads them back from a link', async () => {
    api.reset({ signedIn: 100 });
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

  it('turns a broken sort in the URL into the default instead of failing', async () => {
    api.reset({ signedIn: 100 });
    const { router } = renderApp('/centres?sort=nonsense&dir=up');
    await screen.findByText('Clínica Barcelona');
    expect(router.state.location.search).toMatchObject({ sort: 'name', dir: 'asc' });
  });

  it('tells "no centres yet" (with the create action) apart from "no results"', async () => {
    const world = api.reset({ signedIn: 100 });
    world.centres = [];
    const user = userEvent.setup();
    renderApp('/centres');
    expect(await screen.findByRole('heading', { name: 'No centres yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create centre' })).toHaveLength(2);
    api.reset({ signedIn: 100 });
    const second = renderApp('/centres?q=zzz');
    expect(await screen.findByText('No centre matches “zzz”.')).toBeInTheDocument();
    await user.click(within(second.container).getByRole('button', { name: 'Clear search' }));
    expect(await within(second.container).findByText('Clínica Barcelona')).toBeInTheDocument();
  });

  it('creates a centre once on a double click, shows its credentials once and lists it without a reload', async () => {
    const world = api.reset({ signedIn: 100 });
    const user = userEvent.setup();
    renderApp('/centres');
    await screen.findByText('Clínica Barcelona');
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText(/Name/), 'Hospital Nou');
    await chooseCountry(user, dialog, 'Spain');
    await user.type(within(dialog).getByLabelText(/City/), 'Lleida');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Create' }));
    const credentials = await screen.findByRole('dialog', { name: 'Credentials of Hospital Nou' });
    expect(world.centres.filter((centre) => centre.name === 'Hospital Nou')).toHaveLength(1);
    expect(within(credentials).getByText('secret-104')).toBeInTheDocument();
    const done = within(credentials).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Credentials of Hospital Nou' })).toBeInTheDocument();
    await user.click(within(credentials).getByLabelText('I have stored these credentials'));
    await user.click(done);
    await waitFor(() => expect(screen.queryByText('secret-104')).toBeNull());
    expect(await screen.findByText('Hospital Nou')).toBeInTheDocument();
    expect(world.centres.find((centre) => centre.name === 'Hospital Nou')?.country).toBe('ES');
  });

  it('puts the server’s field errors (D2) on their fields and keeps what was typed', async () => {
    api.reset({ signedIn: 100 });
    const user = userEvent.setup();
    renderApp('/centres');
    await screen.findByText('Clínica Barcelona');
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText(/Name/), 'Duplicate name');
    await chooseCountry(user, dialog, 'Portugal');
    await user.type(within(dialog).getByLabelText(/City/), 'Porto');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name already taken')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/City/)).toHaveValue('Porto');
  });

  it('asks for every field before sending anything', async () => {
    api.reset({ signedIn: 100 });
    const user = userEvent.setup();
    renderApp('/centres');
    await screen.findByText('Clínica Barcelona');
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Choose a country.')).toBeInTheDocument();
    expect(api.world.requests.some((request) => request.path.endsWith('/childProvider'))).toBe(false);
  });

  it('reveals credentials only on click, masked until asked, and forgets them on close', async () => {
    api.reset({ signedIn: 100 });
    const user = userEvent.setup();
    const { queryClient } = renderApp('/centres/101');
    await screen.findByRole('heading', { name: 'Clínica Barcelona' });
    expect(api.world.requests.some((request) => request.path.endsWith('/credentials'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Reveal credentials' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credentials of centre 101' });
    expect(await within(dialog).findByText('child-101')).toBeInTheDocument();
    expect(within(dialog).queryByText('child-101-secret')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Show secret' }));
    expect(within(dialog).getByText('child-101-secret')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('child-101-secret')).toBeNull());
    expect(queryClient.getQueryCache().findAll({ queryKey: ['centres', 100, 'credentials'] })).toHaveLength(
      0,
    );
  });

  it('opens a child’s own page when its credentials cannot list children (D3) and hides parent actions', async () => {
    api.reset({ signedIn: 101 });
    const { router } = renderApp('/centres');
    expect(await screen.findByText('You are signed in as this centre.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/centres/101');
    expect(screen.queryByRole('button', { name: 'Reveal credentials' })).toBeNull();
  });

  it('shows centres as unavailable in the development environment, with the reason (D3)', async () => {
    const world = api.reset({ signedIn: 100 });
    world.session = { environment: 'development', providerId: 100, clientId: 'demo-parent' };
    renderApp('/centres');
    expect(await screen.findByText('Centres are not available here')).toBeInTheDocument();
    expect(world.requests.some((request) => request.path.startsWith('/api/'))).toBe(false);
  });

  it('shows an error with a retry when the list fails, and the retry recovers', async () => {
    const world = api.reset({ signedIn: 100 });
    // The router reports a failed loader on the console; here that failure is the point.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { http, HttpResponse } = await import('msw');
    let failures = 3;
    api.server.use(
      http.get('*/api/core/v1/provider/:id/child', () =>
        failures-- > 0
          ? HttpResponse.json({ success: false, code: 502, message: 'Bad gateway' }, { status: 502 })
          : undefined,
      ),
    );
    const user = userEvent.setup();
    renderApp('/centres');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'The service is not answering right now.',
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Clínica Barcelona')).toBeInTheDocument();
    expect(world.centres).toHaveLength(3);
  });

  for (const language of ['es', 'ca'] as const) {
    it(`renders the login, list and create screens in ${language} with no raw catalogue key`, async () => {
      api.reset({ signedIn: 100 });
      const user = userEvent.setup();
      const keys = Object.keys(catalogues.en);
      const rawKeys = () => keys.filter((key) => document.body.textContent?.includes(key));
      renderApp('/centres', { language });
      await screen.findByText('Clínica Barcelona');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
        catalogues[language]['centres.title'],
      );
      await user.click(firstButton(catalogues[language]['centres.create']));
      await screen.findByRole('dialog');
      expect(rawKeys()).toEqual([]);
    });
  }
});
