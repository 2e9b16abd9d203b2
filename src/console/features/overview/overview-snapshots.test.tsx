import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { personSessionHandler } from '@/console/testing/person-session';
import { setupSimulatorConsole } from '@/console/testing/simulator-console';
import { centreColumnsOf, type WatchedCentre, type WatchedCentresWire } from '@/proxy-api/watch';

// A person working through a stored connection: the overview draws from the watcher's snapshots
// (docs/decisions/0025), and its loader, not the screens' guard, tells a parent's connection from a
// centre's own (routes/_auth/_screens/overview.tsx). The in-page proxy has no database, so the
// snapshots are the proxy's answer as `GET /watch/centres` gives it.
const api = setupSimulatorConsole();

const WORLD = [
  { name: 'Clínica Barcelona', country: 'ES', city: 'Barcelona' },
  { name: 'Centro Madrid', country: 'ES', city: 'Madrid' },
];
const centrePage = (id: number) => new RegExp(`^/centres/${id}(/[a-z-]+)?$`);

const AT = Date.parse('2026-11-20T09:00:00Z');

const snapshot = (id: number, name: string, suspended = false): WatchedCentre => ({
  id,
  name,
  listed: true,
  fetchedAt: AT,
  changedAt: AT,
  state: {
    billing: 'PROCESSOR',
    contract: 'processor',
    status: null,
    suspended,
    seats: [{ type: 'BASIC', total: 5, used: 2, available: 3 }],
    pending: null,
    basicAtLimit: [],
    trials: [],
  },
});

const answer = (centres: WatchedCentre[]): WatchedCentresWire => ({
  asOf: centres.length > 0 ? { oldest: AT, newest: AT } : null,
  refresh: {
    requestedAt: null,
    startedAt: AT,
    finishedAt: AT,
    outcome: 'ok',
    waiting: false,
    running: false,
  },
  centres: centreColumnsOf(centres),
});

const loginOf = ({ providerId, clientId }: { providerId: number; clientId: string }) => ({
  providerId,
  clientId,
});

describe('the overview of a stored connection', () => {
  it('draws the snapshots while the child list is still on its way', async () => {
    const { parent, children } = api.parentWith(WORLD);
    await api.signIn(parent);
    const [first, second] = children;
    if (!first || !second) throw new Error('no children');
    api.server.use(
      personSessionHandler('support', 'Sofía Vidal', loginOf(parent)),
      http.get('*/watch/centres', () =>
        HttpResponse.json(
          answer([
            snapshot(first.providerId, 'Clínica Barcelona', true),
            snapshot(second.providerId, 'Centro Madrid'),
          ]),
        ),
      ),
      http.get(`*/provider/${parent.providerId}/child`, () => delay('infinite')),
    );
    renderApp('/overview');

    expect(await screen.findByRole('button', { name: 'All centres (2)' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Needs attention (1)' })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Licences of every centre' });
    expect(within(table).getByRole('link', { name: 'Clínica Barcelona' })).toBeVisible();
    expect(within(table).getByRole('link', { name: 'Centro Madrid' })).toBeVisible();
  });

  it('during the watcher’s first read, says how far it has come and marks every count as a count so far', async () => {
    const { parent, children } = api.parentWith(WORLD);
    await api.signIn(parent);
    const [first, second] = children;
    if (!first || !second) throw new Error('no children');
    const reading = answer([
      snapshot(first.providerId, 'Clínica Barcelona', true),
      snapshot(second.providerId, 'Centro Madrid'),
    ]);
    reading.refresh = {
      ...reading.refresh,
      finishedAt: null,
      outcome: null,
      running: true,
      progress: { read: 2, of: 4500 },
    };
    api.server.use(
      personSessionHandler('support', 'Sofía Vidal', loginOf(parent)),
      http.get('*/watch/centres', () => HttpResponse.json(reading)),
      http.get(`*/provider/${parent.providerId}/child`, () => delay('infinite')),
    );
    renderApp('/overview');

    expect(await screen.findByText('Read 2 of 4,500 centres…')).toBeVisible();
    // Two centres read of 4,500 are not "All centres (2)", nor is one suspended all that needs attention.
    expect(screen.getByRole('button', { name: 'All centres (2 so far)' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Needs attention (1 so far)' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'All centres (2)' })).not.toBeInTheDocument();
  });

  it('opens the centre’s own page when the connection’s credentials are a centre’s own', async () => {
    const [child] = api.parentWith(WORLD).children;
    if (!child) throw new Error('no child');
    // The watcher could not list a centre's children (403, D3): it keeps nothing.
    await api.signIn(child);
    api.server.use(
      personSessionHandler('support', 'Sofía Vidal', loginOf(child)),
      http.get('*/watch/centres', () => HttpResponse.json(answer([]))),
      http.get('*/watch/centres/:id', () => HttpResponse.json({ centre: null, changes: [], next: null })),
    );
    const { router } = renderApp('/overview');

    await waitFor(() => expect(router.state.location.pathname).toMatch(centrePage(child.providerId)));
    expect(await screen.findByText('You are signed in as this centre.')).toBeVisible();
  });
});
