import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { person, peopleHandler, personSessionHandler } from '@/console/testing/person-session';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';
import { at, entry } from './activity-testing.ts';

// Issue 25, "every change has a person": the Activity screen filters by person, the filter in the
// URL like the others, and the proxy asked for that person's entries only (its `person` filter).
const api = setupSimulatorConsole({ seed: 'demo' });

const SOFIA = { subject: 'sofia-subject', name: 'Sofía Vidal' };
const OSCAR = { subject: 'oscar-subject', name: 'Óscar Ruiz' };
const ENTRIES = [
  entry({ action: 'contract.event', at: at(20), person: OSCAR, detail: { type: 'CONTRACT_CANCELLED' } }),
  entry({ action: 'auth.sign_in', at: at(10), person: SOFIA, centreId: null }),
];

/** The proxy's log, filtered by `person` as the proxy filters it; each query it was sent, kept. */
function serveLog(queries: URLSearchParams[]) {
  api.server.use(
    http.get('*/audit/entries', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const subject = query.get('person');
      const entries = ENTRIES.filter((one) => !subject || one.actor.person?.subject === subject);
      return HttpResponse.json({ entries, next: null });
    }),
  );
}

const lines = async () =>
  within(await screen.findByRole('list', { name: 'Activity entries' }))
    .getAllByRole('listitem')
    .filter((item) => item.parentElement?.getAttribute('aria-label') === 'Activity entries')
    .map((item) => item.querySelector('p')?.textContent ?? '');

describe('the Activity screen’s person filter', () => {
  it('lists the people who have signed in, and shows one person’s changes, in the URL', async () => {
    await api.signIn(DEMO_PARENT);
    const queries: URLSearchParams[] = [];
    serveLog(queries);
    api.server.use(
      personSessionHandler('support'),
      peopleHandler([
        person({ id: 'p1', email: 'sofia@redsalud.demo', name: SOFIA.name, subject: SOFIA.subject }),
        person({ id: 'p2', email: 'oscar@redsalud.demo', name: OSCAR.name, subject: OSCAR.subject }),
        // Invited, never signed in: no entry can name them yet.
        person({ id: 'p3', email: 'new@redsalud.demo', invited: true }),
      ]),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/activity');
    await waitFor(async () => expect(await lines()).toHaveLength(2));
    const filter = await screen.findByRole('combobox', { name: 'Person' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Everyone', 'Sofía Vidal', 'Óscar Ruiz']);

    await user.selectOptions(filter, 'Sofía Vidal');
    await waitFor(() => expect(router.state.location.search).toEqual({ person: SOFIA.subject }));
    await waitFor(async () =>
      expect(await lines()).toEqual([expect.stringMatching(/^Sofía Vidal signed in/)]),
    );
    expect(queries.at(-1)?.get('person')).toBe(SOFIA.subject);
  });

  it('opens an address naming a person on their changes, even one no longer listed', async () => {
    await api.signIn(DEMO_PARENT);
    const queries: URLSearchParams[] = [];
    serveLog(queries);
    api.server.use(personSessionHandler('support'), peopleHandler([]));
    renderApp(`/activity?person=${OSCAR.subject}`);
    await waitFor(async () => expect(await lines()).toHaveLength(1));
    expect(queries.every((query) => query.get('person') === OSCAR.subject)).toBe(true);
    // Removed since: the filter still says whom, and can be cleared.
    expect(screen.getByRole('combobox', { name: 'Person' })).toHaveValue(OSCAR.subject);
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });
});
