import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';

// The Templates tab over the simulator's demo seed (D12): centre 101 has 45 templates of its own,
// and its doctor 101-doc-002 (Núria Pérez) 20 more; 101-doc-001 has none; centre 105 has none.
const api = setupSimulatorConsole({ seed: 'demo' });

/** The template requests the console sent, as URLs (the harness records paths only). */
const templateCalls: URL[] = [];
const doctorCalls: URL[] = [];
api.server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  if (url.pathname.endsWith('/reportExample')) templateCalls.push(url);
  if (/\/provider\/\d+\/user$/.test(url.pathname)) doctorCalls.push(url);
});

beforeEach(async () => {
  templateCalls.length = 0;
  doctorCalls.length = 0;
  await api.signIn(DEMO_PARENT);
});

afterEach(() => {
  // D9: `excludeProvider` without a doctor is a 400 whose meaning the spec leaves out (rule 4).
  const bare = templateCalls.filter(
    (url) => url.searchParams.has('excludeProvider') && !url.searchParams.get('userId'),
  );
  if (bare.length > 0) throw new Error(`excludeProvider sent without a doctor: ${bare.join(', ')}`);
});

const table = () => screen.getByRole('table', { name: 'Templates' });
const rows = () => within(table()).getAllByRole('row').slice(1);
/** The owner badges of the rows on screen, in order. */
const owners = () => rows().map((row) => row.lastElementChild?.textContent);
/** The text of each row's cell at `index`, in order. */
const cells = (index: number) => rows().map((row) => row.children[index]?.textContent ?? '');
const settled = () => waitFor(() => expect(table()).toHaveAttribute('aria-busy', 'false'));

describe('the templates tab', () => {
  it('opens on the centre’s own templates (rule 1), sending only the centre', async () => {
    renderApp('/centres/101/templates');
    expect(await screen.findByText('45 templates')).toBeInTheDocument();
    expect(screen.getByText('1–25 of 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Centre’s' })).toHaveAttribute('aria-pressed', 'true');
    expect(new Set(owners())).toEqual(new Set(['Centre']));
    const [first] = templateCalls;
    expect(first?.searchParams.get('providerId')).toBe('101');
    expect(first?.searchParams.has('userId')).toBe(false);
    expect(first?.searchParams.has('excludeProvider')).toBe(false);
  });

  it('finds a doctor by name on the server and shows their templates with the centre’s (rule 2)', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/centres/101/templates?pageSize=100');
    await screen.findByText('45 templates');
    await user.click(screen.getByRole('button', { name: 'Doctor’s and centre’s' }));
    expect(await screen.findByRole('heading', { name: 'Choose a doctor' })).toBeInTheDocument();
    // The picker's code loads on first use.
    const picker = await screen.findByRole('combobox', { name: 'Doctor' });
    await user.click(picker);
    await user.type(picker, 'Pérez');
    await user.click(await screen.findByRole('option', { name: 'Núria Pérez (101-doc-002)' }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ view: 'doctor', doctor: '101-doc-002' }),
    );
    expect(await screen.findByText('65 templates')).toBeInTheDocument();
    await settled();
    const badges = owners();
    expect(badges.filter((owner) => owner === 'Doctor')).toHaveLength(20);
    expect(badges.filter((owner) => owner === 'Centre')).toHaveLength(45);
    // The search ran on the service (4.6 `search`), once the typing settled, not once per key.
    const searches = doctorCalls.map((url) => url.searchParams.get('search')).filter(Boolean);
    expect(searches).toContain('Pérez');
    expect(searches.length).toBeLessThanOrEqual(2);
    expect(doctorCalls.every((url) => url.pathname.endsWith('/provider/101/user'))).toBe(true);
    const rule2 = templateCalls.at(-1);
    expect(rule2?.searchParams.get('userId')).toBe('101-doc-002');
    expect(rule2?.searchParams.has('excludeProvider')).toBe(false);
  });

  it('shows only the doctor’s own templates with excludeProvider=true (rule 3)', async () => {
    renderApp('/centres/101/templates?view=own&doctor=101-doc-002');
    expect(await screen.findByText('20 templates')).toBeInTheDocument();
    expect(new Set(owners())).toEqual(new Set(['Doctor']));
    // The picker names the doctor from the centre's list, not by id alone.
    expect(await screen.findByDisplayValue('Núria Pérez (101-doc-002)')).toBeInTheDocument();
    const call = templateCalls.at(-1);
    expect(call?.searchParams.get('userId')).toBe('101-doc-002');
    expect(call?.searchParams.get('excludeProvider')).toBe('true');
  });

  it('asks for a doctor instead of sending a doctor view without one', async () => {
    const user = userEvent.setup();
    renderApp('/centres/101/templates?view=own');
    expect(await screen.findByRole('heading', { name: 'Choose a doctor' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Doctor’s and centre’s' }));
    expect(screen.getByRole('heading', { name: 'Choose a doctor' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Templates' })).toBeNull();
    expect(templateCalls).toHaveLength(0);
  });

  it('pages with the URL: fetches the next page ahead, keeps the page on screen while another loads', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/centres/101/templates?pageSize=10');
    await screen.findByText('1–10 of 45');
    expect(rows()).toHaveLength(10);
    // The next page was asked for before anyone clicked "next".
    await waitFor(() => expect(templateCalls.map((url) => url.searchParams.get('offset'))).toContain('10'));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('11–20 of 45')).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ page: 2, pageSize: 10 });

    // Page 5 was not fetched ahead: while it loads, page 2 stays, marked busy.
    const pageTwo = rows().map((row) => row.textContent);
    api.sim.core.addFault({ match: 'GET /reportExample', delayMs: 300 });
    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(rows().map((row) => row.textContent)).toEqual(pageTwo);
    expect(table()).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('41–45 of 45')).toBeInTheDocument();
    await settled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(await screen.findByText('1–45 of 45')).toBeInTheDocument();
    // Page 1 is the default, left out of the URL.
    expect(router.state.location.search).toEqual({ pageSize: 50 });
    expect(
      [...screen.getByRole('combobox', { name: 'Rows per page' }).querySelectorAll('option')].map(
        (o) => o.value,
      ),
    ).toEqual(['10', '25', '50', '100']);
  });

  it('reads a page size above 100 or a broken page from the URL as the defaults', async () => {
    const { router } = renderApp('/centres/101/templates?pageSize=500&page=abc');
    expect(await screen.findByText('1–25 of 45')).toBeInTheDocument();
    expect(templateCalls.every((url) => Number(url.searchParams.get('limit')) <= 100)).toBe(true);
    await waitFor(() => expect(router.state.location.href).toBe('/centres/101/templates'));
  });

  it('says each kind and speciality in words, as the drawer does, not as bare codes', async () => {
    renderApp('/centres/101/templates?pageSize=50');
    expect(await screen.findByText('1–45 of 45')).toBeInTheDocument();
    const kinds = cells(2);
    const specialities = cells(3);
    expect(kinds.every((kind) => /^No\. \d+$/.test(kind))).toBe(true);
    expect(within(table()).getAllByTitle('The service does not name its kinds.')).toHaveLength(45);
    expect(specialities).toContain('No speciality');
    expect(specialities.every((words) => words === 'No speciality' || /^No\. \d+$/.test(words))).toBe(true);
  });

  it('goes to the last page when the URL names a page past the end', async () => {
    const { router } = renderApp('/centres/101/templates?page=9');
    expect(await screen.findByText('26–45 of 45')).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ page: 2 });
  });

  it('opens a template’s drawer from a link, with every field of 2.13, and closes it', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(
      '/centres/101/templates?view=doctor&doctor=101-doc-002&pageSize=50&template=46',
    );
    const drawer = await screen.findByRole('dialog', { name: 'Plantilla personal 1' });
    const field = (label: string) => within(drawer).getByText(label).nextElementSibling?.textContent;
    expect(field('Id')).toBe('46');
    expect(field('Name')).toBe('Plantilla personal 1');
    expect(field('Description')).toBe('Plantilla del usuario 101-doc-002');
    expect(field('Kind')).toBe('No. 1The service does not name its kinds.');
    expect(field('Speciality')).toBe('No speciality');
    expect(field('Validated')).toBe('No');
    expect(field('Owner')).toBe('DoctorThis doctor’s own template');
    expect(field('Provider')).toBe('101');
    expect(field('Doctor’s id')).toBe('101-doc-002');
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('template'));

    // A centre's template has no doctor field; the table's name opens it.
    await user.click(within(table()).getByRole('link', { name: 'Informe de consulta 2' }));
    const centreOwned = await screen.findByRole('dialog', { name: 'Informe de consulta 2' });
    expect(router.state.location.search).toMatchObject({ template: 2 });
    expect(within(centreOwned).getByText('The centre’s template, offered to its doctors')).toBeVisible();
    expect(within(centreOwned).queryByText('Doctor’s id')).toBeNull();
  });

  it('says so when a linked template is not in the list on screen', async () => {
    renderApp('/centres/101/templates?template=9999');
    expect(
      await screen.findByRole('dialog', { name: 'Template 9999 is not in this list' }),
    ).toBeInTheDocument();
  });

  it('restores the view on back and forward', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/centres/101/templates?doctor=101-doc-002');
    await screen.findByText('45 templates');
    await user.click(screen.getByRole('button', { name: 'Doctor’s own' }));
    expect(await screen.findByText('20 templates')).toBeInTheDocument();
    router.history.back();
    expect(await screen.findByText('45 templates')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Centre’s' })).toHaveAttribute('aria-pressed', 'true');
    router.history.forward();
    expect(await screen.findByText('20 templates')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Doctor’s own' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('tells an unknown doctor (404) apart from an empty list, and lets another be chosen', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/centres/101/templates?view=doctor&doctor=nobody-here');
    expect(
      await screen.findByRole('heading', { name: 'No doctor “nobody-here” in this centre' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Templates' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Choose another doctor' }));
    expect(await screen.findByRole('heading', { name: 'Choose a doctor' })).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ view: 'doctor' });
    expect(router.state.location.search).not.toHaveProperty('doctor');
  });

  it('says a centre outside the login (403) is out of reach, not that it is empty', async () => {
    api.fault({ match: 'GET /reportExample', status: 403 });
    renderApp('/centres/101/templates');
    expect(
      await screen.findByRole('heading', { name: 'This centre is outside your login' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Templates' })).toBeNull();
  });

  it('shows other failures with a retry that loads the page', async () => {
    const user = userEvent.setup();
    api.fault({ match: 'GET /reportExample', status: 400 });
    renderApp('/centres/101/templates');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The service refused the request as invalid.')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('45 templates')).toBeInTheDocument();
  });

  it('tells a centre with no templates apart from a doctor with none of their own', async () => {
    const user = userEvent.setup();
    const first = renderApp('/centres/105/templates');
    expect(await screen.findByRole('heading', { name: 'This centre has no templates' })).toBeInTheDocument();
    first.unmount();

    const { router } = renderApp('/centres/101/templates?view=own&doctor=101-doc-001');
    expect(
      await screen.findByText('No templates match: doctor 101-doc-001 has none of their own.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(await screen.findByText('45 templates')).toBeInTheDocument();
    expect(router.state.location.href).toBe('/centres/101/templates');
  });

  for (const [language, words] of [
    ['es', { owner: 'Plantilla propia de este médico', kind: 'Tipo', number: 'N.º 1' }],
    ['ca', { owner: 'Plantilla pròpia d’aquest metge', kind: 'Tipus', number: 'Núm. 1' }],
  ] as const)
    it(`says a template's owner and kind in words in its drawer, in ${language}`, async () => {
      renderApp('/centres/101/templates?view=doctor&doctor=101-doc-002&pageSize=50&template=46', {
        language,
      });
      const drawer = await screen.findByRole('dialog', { name: 'Plantilla personal 1' });
      expect(within(drawer).getByText(words.owner)).toBeVisible();
      expect(within(drawer).getByText(words.kind).nextElementSibling?.textContent).toMatch(
        new RegExp(`^${words.number}`),
      );
      // No wire code: not the owner's (USER, HEALTH_PROVIDER), nor a field's name, nor the 0 of "none".
      expect(drawer.textContent).not.toMatch(/USER|HEALTH_PROVIDER|\(type\)|\(0\)/);
    });

  it('speaks Spanish', async () => {
    renderApp('/centres/101/templates?view=doctor&doctor=101-doc-002&page=2', { language: 'es' });
    expect(await screen.findByText('65 plantillas')).toBeInTheDocument();
    const list = screen.getByRole('table', { name: 'Plantillas' });
    expect(within(list).getAllByText('Centro').length).toBeGreaterThan(0);
    expect(within(list).getAllByText('Médico').length).toBeGreaterThan(0);
  });
});
