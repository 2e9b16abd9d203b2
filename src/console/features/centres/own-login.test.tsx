import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { setupSimulatorConsole } from '@/console/testing/simulator-console';
import { centrePage, WORLD } from './centres-testing.ts';

// A centre signed in with its own credentials (D3): its child list answers 403, so it is offered
// nothing built on it, and its page says its name where this browser showed its credentials.
const api = setupSimulatorConsole();

beforeEach(() => localStorage.clear());

describe('a centre’s own login', () => {
  it('sees only what it can use: its own page and registration, no entry that sends it back', async () => {
    const [child] = api.parentWith(WORLD).children;
    if (!child) throw new Error('no child');
    await api.signIn(child);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toMatch(centrePage(child.providerId)));
    expect(await screen.findByText('You are signed in as this centre.')).toBeVisible();
    const [nav] = screen.getAllByRole('navigation');
    if (!nav) throw new Error('no navigation');
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Overview' })).toBeNull());
    expect(within(nav).queryByRole('link', { name: 'Centres' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Contract events' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Register doctors' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Search centres/ })).toBeNull();
    // Its page is called by its id where the proxy never saw its name (no watcher in this host).
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Centre ${child.providerId}`);
  });

  it('is called by its name where this browser revealed its credentials', async () => {
    const { parent, children } = api.parentWith(WORLD);
    const [child] = children;
    if (!child) throw new Error('no child');
    await api.signIn(parent);
    const user = userEvent.setup();
    const first = renderApp(`/centres/${child.providerId}`);
    await user.click(await screen.findByRole('button', { name: 'Reveal credentials' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credentials of Clínica Barcelona' });
    expect(await within(dialog).findByText(child.clientId)).toBeVisible();
    first.unmount();

    await api.signIn(child);
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Clínica Barcelona' })).toBeVisible();
    expect(screen.getByText('You are signed in as this centre.')).toBeVisible();
  });

  it('is called by the name the proxy knows for it, in a browser that never saw its credentials', async () => {
    const [child] = api.parentWith(WORLD).children;
    if (!child) throw new Error('no child');
    await api.signIn(child);
    // What only a proxy with a watcher knows (the in-browser host has none): its parent's list's name.
    api.server.use(http.get(/\/api\/centres\/own$/, () => HttpResponse.json({ name: 'Clínica Barcelona' })));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Clínica Barcelona' })).toBeVisible();
    expect(screen.getByText('You are signed in as this centre.')).toBeVisible();
  });

  it('downloads the revealed credentials as a .env file, as the create dialog does', async () => {
    const { parent, children } = api.parentWith(WORLD);
    const [child] = children;
    if (!child) throw new Error('no child');
    await api.signIn(parent);
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      if (blob instanceof Blob) blobs.push(blob);
      return 'blob:env';
    };
    URL.revokeObjectURL = () => {};
    let saved = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this.download;
    });
    renderApp(`/centres/${child.providerId}`);
    await user.click(await screen.findByRole('button', { name: 'Reveal credentials' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credentials of Clínica Barcelona' });
    await user.click(await within(dialog).findByRole('button', { name: 'Download as .env' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(saved).toBe(`centre-${child.providerId}.env`);
    expect(await blobs[0]?.text()).toBe(
      `PROVIDER_ID=${child.providerId}\nCLIENT_ID=${child.clientId}\nCLIENT_SECRET=${child.secret}\n`,
    );
  });
});
