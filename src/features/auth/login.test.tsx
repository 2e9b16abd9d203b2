import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setupConsoleServer } from '@/testing/console-server';
import { renderApp } from '@/testing/render-app';

const api = setupConsoleServer();

/** The first of several buttons with that name (the list's header and its empty state). */
function firstButton(name: string) {
  const [first] = screen.getAllByRole('button', { name });
  if (!first) throw new Error(`no button named ${name}`);
  return first;
}

async function typeLogin(
  user: ReturnType<typeof userEvent.setup>,
  providerId: string,
  clientId: string,
  secret: string,
) {
  await user.clear(screen.getByLabelText(/provider id/i));
  await user.type(screen.getByLabelText(/provider id/i), providerId);
  await user.clear(screen.getByLabelText(/client id/i));
  await user.type(screen.getByLabelText(/client id/i), clientId);
  await user.type(screen.getByLabelText(/client secret/i), secret);
}

describe('login', () => {
  it('sends an unauthenticated visitor to the login screen and back to the centres after signing in', async () => {
    api.reset();
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
    expect(api.world.requests.every((request) => request.xRequestedWith === 'provider-console')).toBe(true);
  });

  it('remembers the environment, provider id and client id but never the secret', async () => {
    api.reset();
    const user = userEvent.setup();
    renderApp('/login');
    await waitFor(() => expect(screen.getByLabelText('Environment')).toHaveValue('demo'));
    await user.click(await screen.findByRole('button', { name: 'Demo parent (100)' }));
    await screen.findByRole('heading', { name: 'Centres' });
    const stored = Object.values({ ...localStorage }).join(' ');
    expect(stored).toContain('demo-parent');
    expect(stored).not.toContain('demo-parent-secret');
  });

  it('says the credentials were refused on 401 and keeps what was typed', async () => {
    api.reset();
    const user = userEvent.setup();
    renderApp('/login');
    await waitFor(() => expect(screen.getByLabelText('Environment')).toHaveValue('demo'));
    await typeLogin(user, '100', 'demo-parent', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/were not accepted/);
    expect(screen.getByLabelText(/client id/i)).toHaveValue('demo-parent');
  });

  it('after five failures says how long to wait, from Retry-After', async () => {
    const world = api.reset();
    world.failedLogins = 5;
    const user = userEvent.setup();
    renderApp('/login');
    await waitFor(() => expect(screen.getByLabelText('Environment')).toHaveValue('demo'));
    await typeLogin(user, '100', 'demo-parent', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Too many attempts\. Try again in (42|41) s/);
  });

  it('refuses a provider id that is not a positive whole number without calling the proxy', async () => {
    api.reset();
    const user = userEvent.setup();
    renderApp('/login');
    await waitFor(() => expect(screen.getByLabelText('Environment')).toHaveValue('demo'));
    await typeLogin(user, '0', 'demo-parent', 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/a whole number above 0/)).toBeInTheDocument();
    expect(api.world.requests.some((request) => request.path === '/auth/login')).toBe(false);
  });

  it('opens a re-login dialog over the page on a 401 mid-work and keeps the half-filled form', async () => {
    const world = api.reset({ signedIn: 100 });
    const user = userEvent.setup();
    renderApp('/centres');
    await screen.findByRole('heading', { name: 'Centres' });
    await user.click(firstButton('Create centre'));
    const dialog = await screen.findByRole('dialog', { name: 'Create a centre' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Clínica Nova');
    await user.type(within(dialog).getByLabelText(/City/), 'Girona');
    await user.click(within(dialog).getByRole('combobox', { name: /Country/ }));
    await user.type(within(dialog).getByRole('combobox', { name: /Country/ }), 'Spain');
    await user.click(await screen.findByRole('option', { name: /Spain/ }));
    world.expireNextApiCall = true;
    world.session = null;
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    // The form is still mounted with what was typed while the re-login dialog asks to sign in.
    const relogin = await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Clínica Nova');
    await user.type(within(relogin).getByLabelText(/client secret/i), 'demo-parent-secret');
    await user.click(within(relogin).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your session has ended' })).toBeNull());
    expect(within(dialog).getByLabelText(/City/)).toHaveValue('Girona');
    // And the user carries on: the same submit now creates the centre.
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('dialog', { name: 'Credentials of Clínica Nova' })).toBeInTheDocument();
    expect(world.centres.filter((centre) => centre.name === 'Clínica Nova')).toHaveLength(1);
  });

  it('logging out clears the cached centres and returns to the login screen', async () => {
    api.reset({ signedIn: 100 });
    const user = userEvent.setup();
    const { queryClient } = renderApp('/centres');
    await screen.findByText('Clínica Barcelona');
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await screen.findByRole('heading', { name: 'Sign in to Provider Console' });
    expect(queryClient.getQueryCache().findAll({ queryKey: ['centres'] })).toHaveLength(0);
  });
});
