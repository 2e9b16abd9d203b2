import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/console/testing/render-app';
import { DEMO_PARENT, setupSimulatorConsole } from '@/console/testing/simulator-console';
import { CONSOLE_HEADERS } from '@/proxy-api/console';

// The Doctors and Licences tabs count the days to the same expiry alike: calendar days from the
// service's "now" (domain/days.ts). Centre 104 of the demo seed (D12) holds a TRIAL that ends five
// days after the simulator's start, 2026-11-22T10:00:00Z.
const api = setupSimulatorConsole({ seed: 'demo' });

afterEach(() => vi.useRealTimers());

/** D11: sets the simulator's clock (the service's "now", D10). */
async function setServiceClock(now: string) {
  const response = await fetch(new URL('/__sim/clock', globalThis.location.href), {
    method: 'POST',
    headers: { ...CONSOLE_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ now }),
  });
  expect(response.ok).toBe(true);
}

// Grouped digits too: a count from the wrong clock runs into the thousands.
const DAYS = /in [\d,]+ days?|[\d,]+ days? ago|today/;

/** The days the Doctors tab shows under the enabled TRIAL doctor's expiry. */
async function doctorsTabDays() {
  const view = renderApp('/centres/104/doctors');
  const table = await screen.findByRole('table', { name: 'Doctors of this centre' });
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByText('TRIAL') && within(candidate).queryByText('Enabled'));
  if (!row) throw new Error('no enabled TRIAL doctor in centre 104');
  const days = within(row).getByText(new RegExp(`^(${DAYS.source})$`)).textContent;
  view.unmount();
  return days;
}

/** The days the Licences tab's banner gives the same expiry. */
async function licencesTabDays() {
  renderApp('/centres/104/licences');
  const title = await screen.findByText(/TRIAL licence ends within 14 days/);
  const banner = title.closest('[role="status"]');
  if (!(banner instanceof HTMLElement)) throw new Error('the TRIAL banner is not a status');
  return DAYS.exec(within(banner).getByRole('listitem').textContent)?.[0];
}

describe('days until an expiry', () => {
  it('are the same on the Doctors tab as on the Licences tab, counted on the service’s clock', async () => {
    // This browser's clock is years away from the service's: only the service's counts.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-06-01T12:00:00Z') });
    await api.signIn(DEMO_PARENT);
    expect(await doctorsTabDays()).toBe('in 5 days');
    expect(await licencesTabDays()).toBe('in 5 days');
  });

  it('are counted in calendar days on both tabs: late in the evening, tomorrow morning is a day away', async () => {
    // 11 hours before the TRIAL ends, at 10:00 UTC the next day: fewer than 24 hours (the Doctors
    // tab said "today"), one calendar day (the Licences tab said "in 1 day").
    await setServiceClock('2026-11-26T23:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T23:00:00Z') });
    await api.signIn(DEMO_PARENT);
    // In UTC (CI's zone) the two instants fall on consecutive days; in a zone ahead, on one day.
    const sameDay = new Date('2026-11-26T23:00:00Z').getDate() === new Date('2026-11-27T10:00:00Z').getDate();
    const expected = sameDay ? 'today' : 'in 1 day';
    expect(await doctorsTabDays()).toBe(expected);
    expect(await licencesTabDays()).toBe(expected);
  });
});
