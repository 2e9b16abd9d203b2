import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import caCentres from '@/console/locales/ca/centres.json';
import enCentres from '@/console/locales/en/centres.json';
import enCommon from '@/console/locales/en/common.json';
import enShell from '@/console/locales/en/shell.json';
import esCentres from '@/console/locales/es/centres.json';
import { renderApp } from '@/console/testing/render-app';
import { setupSimulatorConsole } from '@/console/testing/simulator-console';
import { centrePage, firstButton, names, signedInParent, WORLD } from './centres-testing.ts';

// The centres list over the simulator's console surface (src/console/testing/simulator-console.ts).
const api = setupSimulatorConsole();

afterEach(() => vi.useRealTimers());

describe('the centres list', () => {
  it('keeps search and sort in the URL and reads them back from a link', async () => {
    await signedInParent(api);
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
    await signedInParent(api);
    renderApp('/centres?q=espanya', { language: 'ca' });
    await screen.findByText('Clínica Barcelona');
    expect(names()).toHaveLength(2);
    expect(screen.queryByText('Lisbon Care')).toBeNull();
  });

  it('turns a broken sort in the URL into the default instead of failing', async () => {
    await signedInParent(api);
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

    await signedInParent(api);
    const user = userEvent.setup();
    const second = renderApp('/centres?q=zzz');
    expect(await screen.findByText('No centre matches “zzz”.')).toBeInTheDocument();
    await user.click(within(second.container).getByRole('button', { name: 'Clear search and filters' }));
    expect(await within(second.container).findByText('Clínica Barcelona')).toBeInTheDocument();
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
    await signedInParent(api);
    // The proxy lists what each environment offers; the development one lacks the centre operations.
    api.onlyDevelopment();
    renderApp('/centres');
    expect(await screen.findByText('Not available in this environment')).toBeInTheDocument();
    expect(api.requests.some((request) => request.path.startsWith('/api/'))).toBe(false);
  });

  it('shows an error with a retry when the list fails, and the retry recovers', async () => {
    const { parent } = await signedInParent(api);
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
    const { children } = await signedInParent(api);
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

  it('offers a centre’s own login no palette: it has no centres to search (D3)', async () => {
    const { children } = api.parentWith(WORLD);
    const [child] = children;
    if (!child) throw new Error('no child');
    await api.signIn(child);
    const user = userEvent.setup();
    renderApp('/centres');
    await screen.findByText('You are signed in as this centre.');
    await waitFor(() => expect(screen.queryByRole('button', { name: /Search centres/ })).toBeNull());
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  for (const language of ['es', 'ca'] as const) {
    it(`renders the list and create screens in ${language} with no raw catalogue key`, async () => {
      await signedInParent(api);
      const user = userEvent.setup();
      const catalogue = { es: esCentres, ca: caCentres }[language];
      const keys = [...Object.keys(enCommon), ...Object.keys(enShell), ...Object.keys(enCentres)];
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
    await signedInParent(api);
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
    await signedInParent(api);
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

  it('opens on the country a link names: the filter at that country and only its centres', async () => {
    await signedInParent(api);
    renderApp('/centres?country=PT');
    await screen.findByText('Lisbon Care');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('PT');
    expect(names()).toHaveLength(1);
    expect(names()[0]).toContain('Portugal');
  });

  it('makes a country chosen its own step: back clears the country and keeps the sort', async () => {
    await signedInParent(api);
    const user = userEvent.setup();
    const { router } = renderApp('/centres');
    await screen.findByText('Clínica Barcelona');
    const country = screen.getByRole('columnheader', { name: /Country/ });
    await user.click(within(country).getByRole('button'));
    expect(country).toHaveAttribute('aria-sort', 'ascending');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'PT');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ country: 'PT' }));
    act(() => router.history.back());
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue(''));
    expect(names()).toHaveLength(3);
    expect(screen.getByRole('columnheader', { name: /Country/ })).toHaveAttribute('aria-sort', 'ascending');
  });
});
