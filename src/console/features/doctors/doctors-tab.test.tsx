import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import caDoctors from '@/console/locales/ca/doctors.json';
import esDoctors from '@/console/locales/es/doctors.json';
import enCommon from '@/console/locales/en/common.json';
import enShell from '@/console/locales/en/shell.json';
import enDoctors from '@/console/locales/en/doctors.json';
import { renderApp } from '@/console/testing/render-app';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';
import { doctorLicencesLink } from './doctor-row-rules.ts';

// A centre's Doctors tab (4.6, D6) over the demo seed (D12): centre 101 holds every licence state,
// 105 has no doctors, 107 has 65 (paging).
const api = setupSimulatorConsole({ seed: 'demo' });

// The screens' lazy parts, compiled once before the tests: on a busy machine a first compile inside
// a test would outlast the finders' waits.
beforeAll(async () => {
  await Promise.all([import('./register-workspace.tsx'), import('./csv-import.tsx')]);
});

/** Every query string the console sent for the doctor list of `centreId`. */
function listRequests(centreId: number) {
  const urls: URL[] = [];
  api.server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith(`/provider/${centreId}/user`)) urls.push(url);
  });
  return urls;
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Doctors of this centre' }))
    .getAllByRole('row')
    .slice(1);

afterEach(() => vi.useRealTimers());

describe('the Doctors tab', () => {
  it('is a tab of the centre page, and pages on the server with page and size in the URL', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    const requests = listRequests(107);
    const { router } = renderApp('/centres/107/doctors');
    expect(await screen.findByText('1–25 of 65')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Doctors' })).toHaveAttribute('aria-current', 'page');
    expect(bodyRows()).toHaveLength(25);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('51–65 of 65')).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ page: 3, size: 25 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100');
    expect(await screen.findByText('1–65 of 65')).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ page: 1, size: 100 });
    // Never above 100 (spec §8), and the offset is zero-based (2.5).
    expect(
      requests.map((url) => [url.searchParams.get('offset'), url.searchParams.get('limit')]),
    ).toContainEqual(['50', '25']);
    expect(requests.every((url) => Number(url.searchParams.get('limit')) <= 100)).toBe(true);
  });

  it('goes to the last page from a page past the end, in place of the page asked for', async () => {
    await api.signIn(DEMO_PARENT);
    const { router } = renderApp('/centres/107/doctors?page=99');
    expect(await screen.findByText('51–65 of 65')).toBeInTheDocument();
    await waitFor(() => expect(bodyRows()).toHaveLength(15));
    expect(router.state.location.search).toMatchObject({ page: 3 });
    // In place of page 99, not after it: back does not return to the empty page.
    expect(router.history.length).toBe(1);
  });

  it('makes each page a step: back from a search returns to page 2, forward to the search', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    const { router } = renderApp('/centres/107/doctors');
    await screen.findByText('1–25 of 65');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('26–50 of 65');
    const pageTwo = bodyRows().map((row) => row.textContent);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '10');
    await screen.findByText('1–10 of 65');
    await user.type(screen.getByLabelText('Search doctors'), 'ma');
    const matching =
      api.sim
        .exportState()
        .providers['107']?.doctors.filter((doctor) => /ma/i.test(`${doctor.name} ${doctor.lastname}`))
        .length ?? 0;
    expect(matching).toBeLessThan(65);
    const searched = `1–${Math.min(matching, 10)} of ${matching}`;
    await screen.findByText(searched);
    const searchedRows = bodyRows().map((row) => row.textContent);
    // The search takes the place of the page size's step (typing adds no step of its own): back
    // returns to page 2 as it was.
    act(() => router.history.back());
    expect(await screen.findByText('26–50 of 65')).toBeInTheDocument();
    await waitFor(() => expect(bodyRows().map((row) => row.textContent)).toEqual(pageTwo));
    expect(screen.getByLabelText('Search doctors')).toHaveValue('');
    act(() => router.history.forward());
    expect(await screen.findByText(searched)).toBeInTheDocument();
    await waitFor(() => expect(bodyRows().map((row) => row.textContent)).toEqual(searchedRows));
    expect(screen.getByLabelText('Search doctors')).toHaveValue('ma');
  });

  it('fetches the next page ahead, so that "next" shows it without waiting', async () => {
    await api.signIn(DEMO_PARENT);
    const requests = listRequests(107);
    renderApp('/centres/107/doctors?size=10');
    await screen.findByText('1–10 of 65');
    await waitFor(() =>
      expect(requests.map((url) => url.searchParams.get('offset'))).toEqual(
        expect.arrayContaining(['0', '10']),
      ),
    );
  });

  it('sends the search to the service once typing rests, and reads it back from the URL', async () => {
    await api.signIn(DEMO_PARENT);
    const requests = listRequests(101);
    const user = userEvent.setup();
    const { router } = renderApp('/centres/101/doctors');
    await screen.findByText(/of 24$/);
    await user.type(screen.getByLabelText('Search doctors'), 'núñez');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: 'núñez', page: 1 }));
    // D6: a partial, case-insensitive match on first or last name.
    const matching = api.sim
      .exportState()
      .providers['101']?.doctors.filter((doctor) => /núñez/i.test(`${doctor.name} ${doctor.lastname}`));
    expect(await screen.findByText(`1–${matching?.length} of ${matching?.length}`)).toBeInTheDocument();
    // The whole word, and not one request per keystroke (a keystroke slower than the debounce, on a
    // loaded machine, may send a prefix on its own).
    const searches = requests
      .filter((url) => url.searchParams.has('search'))
      .map((url) => url.searchParams.get('search'));
    expect(searches.at(-1)).toBe('núñez');
    expect(searches.length).toBeLessThan('núñez'.length);
    expect(searches.every((search) => 'núñez'.startsWith(search ?? '-'))).toBe(true);
    const doctor = bodyRows().find((row) => row.textContent?.includes('José'));
    expect(doctor).toHaveTextContent('BASIC');
    expect(doctor).toHaveTextContent('Disabled');
    expect(doctor).toHaveTextContent('100 of 100');
    // A link (or back and forward) with another search: the box follows the URL.
    await act(() =>
      router.navigate({
        to: '/centres/$centreId/doctors',
        params: { centreId: 101 },
        search: { q: 'puig', page: 1, size: 25 },
      }),
    );
    await waitFor(() => expect(screen.getByLabelText('Search doctors')).toHaveValue('puig'));
  });

  it('shows the licence of each doctor, or none, with usage and expiry', async () => {
    await api.signIn(DEMO_PARENT);
    renderApp('/centres/101/doctors?size=50');
    await screen.findByText('1–24 of 24');
    const text = bodyRows().map((row) => row.textContent ?? '');
    expect(text.filter((row) => row.includes('No licence'))).toHaveLength(13);
    expect(text.filter((row) => row.includes('ELITE'))).toHaveLength(3);
    expect(text.some((row) => /\d+ · no limit/.test(row))).toBe(true);
    // D10: local time in the cell, UTC on hover.
    const [time] = screen.getAllByRole('time');
    expect(time?.getAttribute('title')).toMatch(/^UTC: /);
  });

  it('tells "no doctors yet" (with the register action) apart from "no results"', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    const first = renderApp('/centres/105/doctors');
    expect(await screen.findByRole('heading', { name: 'No doctors yet' })).toBeInTheDocument();
    // The empty state's action registers under this centre (the navigation's own link does not).
    expect(
      screen.getAllByRole('link', { name: 'Register doctors' }).map((link) => link.getAttribute('href')),
    ).toContain('/doctors/register?target=105');
    first.unmount();
    const second = renderApp('/centres/101/doctors?q=zzz');
    expect(await screen.findByText('No doctor’s name matches “zzz”.')).toBeInTheDocument();
    await user.click(within(second.container).getByRole('button', { name: 'Clear search and filters' }));
    expect(await within(second.container).findByText('1–24 of 24')).toBeInTheDocument();
  });

  it('shows an error with a retry when the list fails, and the retry recovers', async () => {
    await api.signIn(DEMO_PARENT);
    // Three attempts (the query client retries a 5xx twice) of the tab's page and three of the
    // header's reading of every doctor (the same operation): each fails all three.
    api.fault({ match: 'GET /payments/v1/subscription/provider/101/user', status: 502, times: 6 });
    const user = userEvent.setup();
    renderApp('/centres/101/doctors');
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      'The service is not answering right now.',
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/of 24$/)).toBeInTheDocument();
  });

  it('links each doctor, by name, to the licences they hold, opened in the Licences tab’s drawer', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    const { router } = renderApp('/centres/101/doctors');
    // The list is by last name: José Castro (101-doc-011) is on the first page.
    const link = await screen.findByRole('link', { name: 'José Castro' });
    expect(link).toHaveTextContent('José');
    expect(screen.queryByRole('link', { name: '101-doc-011' })).toBeNull();
    expect(doctorLicencesLink(101, '101-doc-011')).toMatchObject({ search: { doctor: '101-doc-011' } });
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/centres/101/licences'));
    expect(router.state.location.search).toMatchObject({ doctor: '101-doc-011' });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  for (const language of ['es', 'ca'] as const) {
    it(`renders the tab and the registration screen in ${language} with no raw catalogue key`, async () => {
      await api.signIn(DEMO_PARENT);
      const keys = [...Object.keys(enCommon), ...Object.keys(enShell), ...Object.keys(enDoctors)];
      const rawKeys = () => keys.filter((key) => document.body.textContent?.includes(key));
      const catalogue = { es: esDoctors, ca: caDoctors }[language];
      const first = renderApp('/centres/101/doctors', { language });
      expect(await screen.findByRole('table', { name: catalogue['doctors.table'] })).toBeInTheDocument();
      expect(rawKeys()).toEqual([]);
      first.unmount();
      renderApp('/doctors/register', { language });
      expect(
        await screen.findByRole('group', { name: catalogue['row.legend'].replace('{n}', '1') }),
      ).toBeInTheDocument();
      expect(rawKeys()).toEqual([]);
    });
  }
});
