import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { setupSimulatorConsole } from '@/console/testing/simulator-console';
import { centrePage, childrenNamed, fillCreate, openCreate, signedInParent } from './centres-testing.ts';

// Creating a centre and its credentials, shown once or revealed on demand (4.3, 4.4; D5).
const api = setupSimulatorConsole();

afterEach(() => vi.useRealTimers());

describe('creating a centre and its credentials', () => {
  it('creates a centre once on a double click, shows its credentials once and lists it without a reload', async () => {
    const { parent } = await signedInParent(api);
    const user = userEvent.setup();
    renderApp('/centres');
    await screen.findByText('Clínica Barcelona');
    const dialog = await openCreate(user);
    await fillCreate(user, dialog, 'Hospital Nou', 'Spain', 'Lleida');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Create' }));
    const credentials = await screen.findByRole('dialog', { name: 'Credentials of Hospital Nou' });
    const created = childrenNamed(api, parent.providerId, 'Hospital Nou');
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

  it('refuses a pasted 5,000-character name with its length, and keeps it whole', async () => {
    await signedInParent(api);
    const user = userEvent.setup();
    renderApp('/centres');
    await screen.findByText('Clínica Barcelona');
    const dialog = await openCreate(user);
    const long = `${'Centre '.repeat(715).slice(0, 4999)}`;
    await user.click(within(dialog).getByLabelText(/Name/));
    await user.paste(long);
    // One more letter typed after the paste, as a person finishing the name would.
    await fillCreate(user, dialog, 'X', 'Spain', 'Lleida');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const name = within(dialog).getByLabelText(/Name/);
    expect(
      await within(dialog).findByText('Too long: at most 200 characters, and this has 5,000.'),
    ).toBeVisible();
    expect(name).toHaveValue(`${long}X`);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('/register/childProvider')).toHaveLength(0);
  });

  it('asks before creating a second centre of the same name in the same city', async () => {
    const { parent } = await signedInParent(api);
    const user = userEvent.setup();
    renderApp('/centres');
    await screen.findByText('Clínica Barcelona');
    const dialog = await openCreate(user);
    // The same centre as typed by someone else: case and accents aside.
    await fillCreate(user, dialog, 'lisbon care', 'Portugal', 'LISBOA');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const question = await within(dialog).findByRole('alert');
    expect(question).toHaveTextContent('Lisbon Care already exists in Lisboa');
    expect(api.sent('/register/childProvider')).toHaveLength(0);
    // Another city is another centre: the question goes, and comes back with the same city.
    await user.clear(within(dialog).getByLabelText(/City/));
    await user.type(within(dialog).getByLabelText(/City/), 'Porto');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/City/));
    await user.type(within(dialog).getByLabelText(/City/), 'Lisboa');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('already exists in Lisboa');
    await user.click(within(dialog).getByRole('button', { name: 'Create another' }));
    expect(await screen.findByRole('dialog', { name: 'Credentials of lisbon care' })).toBeInTheDocument();
    expect(api.sent('/register/childProvider')).toHaveLength(1);
    expect(childrenNamed(api, parent.providerId, 'lisbon care')).toHaveLength(1);
    // Four fields typed twice over, a dozen seconds in jsdom when idle: the time a loaded machine needs.
  }, 40_000);

  it('warns while a name already taken is typed, without blocking Create', async () => {
    await signedInParent(api);
    const user = userEvent.setup();
    renderApp('/centres');
    await screen.findByText('Clínica Barcelona');
    const dialog = await openCreate(user);
    const name = within(dialog).getByLabelText(/Name/);
    await user.type(name, 'LISBON  care');
    const hint = within(dialog).getByTestId('name-taken');
    expect(hint).toHaveTextContent(
      /^Centre \d+ in Lisboa \(Portugal\) already has this name\. You can still create this one\.$/,
    );
    expect(name).toHaveAccessibleDescription(hint.textContent ?? '');
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeEnabled();
    await user.type(name, ' Norte');
    expect(within(dialog).queryByTestId('name-taken')).toBeNull();
  });

  it('downloads the new credentials as a .env file', async () => {
    await signedInParent(api);
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
    await signedInParent(api);
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
    await signedInParent(api);
    const user = userEvent.setup();
    renderApp('/centres');
    await screen.findByText('Clínica Barcelona');
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Choose a country.')).toBeInTheDocument();
    expect(api.sent('/register/childProvider')).toHaveLength(0);
  });

  it('reveals credentials only on click, masked until asked, and forgets them on close', async () => {
    const { parent, children } = await signedInParent(api);
    const [child] = children;
    if (!child) throw new Error('no child');
    const user = userEvent.setup();
    const { queryClient } = renderApp(`/centres/${child.providerId}`);
    await screen.findByRole('heading', { name: 'Clínica Barcelona' });
    expect(api.sent('/credentials')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Reveal credentials' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credentials of Clínica Barcelona' });
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
    const { children } = await signedInParent(api);
    const [child] = children;
    if (!child) throw new Error('no child');
    const user = userEvent.setup();
    renderApp(`/centres/${child.providerId}`);
    await user.click(await screen.findByRole('button', { name: 'Reveal credentials' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credentials of Clínica Barcelona' });
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

  it('announces a created centre once its credentials are stored, links to it, and marks its row', async () => {
    const { parent } = await signedInParent(api);
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
    const [created] = childrenNamed(api, parent.providerId, 'Hospital Marcat');
    await waitFor(() => expect(router.state.location.pathname).toMatch(centrePage(created?.id)));
    expect(await screen.findByRole('heading', { name: 'Hospital Marcat', level: 1 })).toBeInTheDocument();
  });
});
