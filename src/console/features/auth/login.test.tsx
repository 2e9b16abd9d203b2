import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { detectLanguage } from '@/console/lib/i18n';
import { renderApp } from '@/console/testing/render-app';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';

// Login, session and logout over the proxy's in-browser host and the D12 demo seed.
const api = setupSimulatorConsole({ seed: 'demo' });

type User = ReturnType<typeof userEvent.setup>;

/** The first of several buttons with that name (the list's header and its empty state). */
function firstButton(name: string) {
  const [first] = screen.getAllByRole('button', { name });
  if (!first) throw new Error(`no button named ${name}`);
  return first;
}

async function typeLogin(user: User, providerId: string, clientId: string, secret: string) {
  await user.clear(screen.getByLabelText(/provider id/i));
  await user.type(screen.getByLabelText(/provider id/i), providerId);
  await user.clear(screen.getByLabelText(/client id/i));
  await user.type(screen.getByLabelText(/client id/i), clientId);
  await user.type(screen.getByLabelText(/client secret/i), secret);
}

/** The login screen, sending the user to the centres list afterwards (the home is the overview). */
async function openLogin() {
  renderApp('/login?redirect=/centres');
  await waitFor(() => expect(screen.getByLabelText('Environment')).toHaveValue('demo'));
}

/** A problem+json answer from the proxy, as it sends them. */
const problem = (status: number, code: string) =>
  HttpResponse.json(
    { type: `/problems/${code}`, title: code, status, detail: code, requestId: 'req-1', code },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

/** What the simulator holds as children of a demo parent (100 unless told). */
const demoChildren = (parentId = 100) =>
  Object.values(api.sim.exportState().providers).filter((provider) => provider.parentId === parentId);

describe('login', () => {
  it('sends an unauthenticated visitor to the login screen and back to the centres after signing in', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/centres');
    await screen.findByRole('heading', { name: 'Sign in to Provider Console' });
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(screen.getByLabelText('Environment')).toHaveValue('demo'));
    await typeLogin(user, '100', 'demo-parent', 'demo-parent-secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Centres' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/centres');
    // Every call to the proxy carries the CSRF header.
    expect(api.requests.every((request) => request.xRequestedWith === 'provider-console')).toBe(true);
  });

  it('the demo parent button lists every child the simulator holds for provider 100', async () => {
    const user = userEvent.setup();
    await openLogin();
    await user.click(screen.getByRole('button', { name: 'Demo parent (100)' }));
    expect(await screen.findByText(`${demoChildren().length} centres`)).toBeInTheDocument();
    expect(demoChildren().length).toBeGreaterThanOrEqual(30);
  });

  it('the demo processor button signs in as provider 200 and lists its children only', async () => {
    const sent: unknown[] = [];
    api.server.use(
      http.post('*/auth/demo-login', async ({ request }) => {
        sent.push(await request.clone().json());
        // Answered by the proxy, as every other request.
        return undefined;
      }),
    );
    const user = userEvent.setup();
    await openLogin();
    await user.click(screen.getByRole('button', { name: 'Demo processor (200)' }));
    const children = demoChildren(200);
    expect(await screen.findByText(`${children.length} centres`)).toBeInTheDocument();
    for (const child of children) expect(screen.getByText(child.name)).toBeInTheDocument();
    // D12: the button names the login; the proxy holds its secret.
    expect(sent).toEqual([{ as: 'processor' }]);
  });

  it('remembers the environment, provider id and client id but never the secret', async () => {
    const user = userEvent.setup();
    await openLogin();
    await user.click(screen.getByRole('button', { name: 'Demo parent (100)' }));
    await screen.findByRole('heading', { name: 'Centres' });
    const stored = Object.values({ ...localStorage }).join(' ');
    expect(stored).toContain('demo-parent');
    expect(stored).not.toContain('demo-parent-secret');
  });

  it('says the credentials were refused on 401 and keeps what was typed', async () => {
    const user = userEvent.setup();
    await openLogin();
    await typeLogin(user, '100', 'demo-parent', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/were not accepted/);
    expect(screen.getByLabelText(/client id/i)).toHaveValue('demo-parent');
    expect(screen.getByLabelText(/provider id/i)).toHaveValue('100');
  });

  it('after six wrong secrets the next attempt says how long to wait, from Retry-After', async () => {
    const user = userEvent.setup();
    await openLogin();
    await typeLogin(user, '100', 'demo-parent', 'wrong');
    // Sequential by nature: each refusal is counted before the next attempt.
    /* oxlint-disable no-await-in-loop */
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(api.sent('/auth/login')).toHaveLength(attempt));
      expect(await screen.findByRole('alert')).toHaveTextContent(/were not accepted/);
    }
    /* oxlint-enable no-await-in-loop */
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // Five failures are free; the sixth locks this client id here for a second, then longer
    // (the proxy's limiter, docs/decisions/0011).
    expect(await screen.findByRole('alert')).toHaveTextContent(/Too many attempts\. Try again in 1 second\./);
  });

  it.each([
    ['502', () => problem(502, 'upstream_unavailable'), 'The service is not answering right now.'],
    ['504', () => problem(504, 'upstream_timeout'), 'The service took too long to answer.'],
    ['a network failure', () => HttpResponse.error(), 'No connection to the console server.'],
  ])('says what happened on %s and keeps what was typed', async (_, answer, message) => {
    api.server.use(http.post('*/auth/login', answer));
    const user = userEvent.setup();
    await openLogin();
    await typeLogin(user, '100', 'demo-parent', 'demo-parent-secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText(/client secret/i)).toHaveValue('demo-parent-secret');
  });

  it('sends one sign-in while one is pending, however often it is clicked', async () => {
    api.server.use(
      http.post('*/auth/login', async () => {
        await delay(100);
        return undefined;
      }),
    );
    const user = userEvent.setup();
    await openLogin();
    await typeLogin(user, '100', 'demo-parent', 'demo-parent-secret');
    await user.dblClick(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Centres' });
    expect(api.sent('/auth/login')).toHaveLength(1);
  });

  it('refuses a provider id that is not a positive whole number without calling the proxy', async () => {
    const user = userEvent.setup();
    await openLogin();
    await typeLogin(user, '0', 'demo-parent', 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/a whole number above 0/)).toBeInTheDocument();
    expect(api.sent('/auth/login')).toHaveLength(0);
  });

  it('opens a re-login dialog over the page on a 401 mid-work and keeps the half-filled form', async () => {
    await api.signIn(DEMO_PARENT);
    const before = demoChildren().length;
    const user = userEvent.setup();
    renderApp('/centres');
    await screen.findByRole('heading', { name: 'Centres' });
    await user.click(firstButton('Create centre'));
    const dialog = await screen.findByRole('dialog', { name: 'Create a centre' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Clínica Nova');
    await user.type(within(dialog).getByLabelText(/City/), 'Girona');
    await user.click(within(dialog).getByRole('combobox', { name: /Country/ }));
    await user.type(within(dialog).getByRole('combobox', { name: /Country/ }), 'Spain');
    await user.click(
      await within(await screen.findByRole('listbox')).findByRole('option', { name: /Spain/ }),
    );
    await api.endSession();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    // The form is still mounted with what was typed while the re-login dialog asks to sign in.
    const relogin = await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Clínica Nova');
    // The same identity, shown and not editable: only the secret is asked, and it has the focus.
    const client = within(relogin).getByText('client demo-parent');
    expect(client.parentElement).toHaveTextContent('Demo · provider 100 · client demo-parent');
    // Never broken at its hyphen on a narrow screen.
    expect(client).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(within(relogin).queryByLabelText(/provider id/i)).toBeNull();
    expect(within(relogin).queryByLabelText(/client id/i)).toBeNull();
    expect(within(relogin).queryByLabelText('Environment')).toBeNull();
    await waitFor(() => expect(within(relogin).getByLabelText(/client secret/i)).toHaveFocus());
    expect(demoChildren()).toHaveLength(before);
    await user.type(within(relogin).getByLabelText(/client secret/i), 'demo-parent-secret');
    await user.click(within(relogin).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your session has ended' })).toBeNull());
    expect(within(dialog).getByLabelText(/City/)).toHaveValue('Girona');
    // And the user carries on: the same submit now creates the centre, once.
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('dialog', { name: 'Credentials of Clínica Nova' })).toBeInTheDocument();
    expect(demoChildren().filter((centre) => centre.name === 'Clínica Nova')).toHaveLength(1);
  });

  it('logging out clears the cached centres and returns to the login screen', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    const { queryClient } = renderApp('/centres');
    await screen.findByText(`${demoChildren().length} centres`);
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await screen.findByRole('heading', { name: 'Sign in to Provider Console' });
    expect(queryClient.getQueryCache().findAll({ queryKey: ['child-centers'] })).toHaveLength(0);
    // The session is gone at the proxy too: the centres route sends back to the login.
    expect(api.sent('/auth/logout')).toHaveLength(1);
  });

  it('switching the language translates the page at once and is remembered', async () => {
    await api.signIn(DEMO_PARENT);
    const user = userEvent.setup();
    renderApp('/centres');
    await screen.findByRole('heading', { name: 'Centres', level: 1 });
    // The header's select (the navigation holds a second one for small screens; jsdom shows both).
    const [language] = screen.getAllByLabelText('Language');
    if (!language) throw new Error('no language select');
    await user.selectOptions(language, 'ca');
    expect(await screen.findByRole('button', { name: 'Tanca la sessió' })).toBeInTheDocument();
    expect(detectLanguage()).toBe('ca');
  });
});
