import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FirstScreenRequest } from '@/proxy-api/first-screen';
import { centreColumnsOf, type WatchedCentre, type WatchedState } from '@/proxy-api/watch';
import { renderOverview } from './first-screen.tsx';

// The overview the proxy renders into its page (docs/decisions/0025 "Rendered into the HTML"): what
// a person sees before any script has run, from the answer `GET /watch/centres` serves.

const AT = Date.parse('2026-11-20T09:14:00Z');
const active: WatchedState = {
  billing: 'PROCESSOR',
  contract: 'processor',
  status: null,
  suspended: false,
  seats: [{ type: 'BASIC', total: 5, used: 2, available: 3 }],
  pending: null,
  basicAtLimit: [],
  trials: [],
};
const centre = (id: number, name: string, state: Partial<WatchedState> = {}): WatchedCentre => ({
  id,
  name,
  listed: true,
  fetchedAt: AT,
  changedAt: AT,
  state: { ...active, ...state },
});
const answer = (centres: WatchedCentre[]) =>
  JSON.stringify({
    asOf: centres.length === 0 ? null : { oldest: AT, newest: AT },
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

const centres = [
  centre(3, 'Clínica Sants'),
  centre(1, 'Centro Gràcia', { suspended: true }),
  centre(2, 'Clínica Diagonal'),
];
const request = (overrides: Partial<FirstScreenRequest> = {}): FirstScreenRequest => ({
  language: 'en',
  timeZone: 'Europe/Madrid',
  url: '/overview',
  environment: 'demo',
  providerId: 100,
  answer: answer(centres),
  now: new Date(AT),
  nonce: 'the-nonce',
  ...overrides,
});

/** The markup's visible text, in document order. */
function textOf(markup: string): string {
  const document = new DOMParser().parseFromString(markup, 'text/html');
  return document.body.textContent.replace(/\s+/g, ' ');
}

const rowNames = (markup: string) =>
  [...new DOMParser().parseFromString(markup, 'text/html').querySelectorAll('tbody tr td:first-child a')].map(
    (link) => link.textContent,
  );

describe("the overview rendered into its page's HTML", () => {
  // The demo's "Last updated" is on the simulator's clock (issue 47 item 2): rendered at the moment
  // `now` says, so that the clock has not moved since and the time shown is the snapshot's own.
  beforeEach(() => {
    vi.useFakeTimers({ now: AT, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the counts, the "needs attention" filter and the rows sorted by name', async () => {
    const markup = await renderOverview(request());
    const text = textOf(markup ?? '');
    expect(text).toContain('All centres (3)');
    expect(text).toContain('Needs attention (1)');
    expect(text).toContain('Suspended (1)');
    expect(rowNames(markup ?? '')).toEqual(['Centro Gràcia', 'Clínica Diagonal', 'Clínica Sants']);
    // Each row links to its centre's page, which works before the console has taken over.
    expect(markup).toContain('href="/centres/1"');
  });

  it("shows the time of the data in the browser's time zone, and its style under the response's nonce", async () => {
    const markup = await renderOverview(request({ timeZone: 'America/New_York' }));
    expect(textOf(markup ?? '')).toContain('As of Nov 20, 2026, 4:14');
    expect(markup).toContain('<style nonce="the-nonce">');
    expect(markup).not.toContain(' style="');
  });

  it("applies the address's filter and sort", async () => {
    const markup = await renderOverview(request({ url: '/overview?show=attention' }));
    expect(rowNames(markup ?? '')).toEqual(['Centro Gràcia']);
    const descending = await renderOverview(request({ url: '/overview?dir=desc' }));
    expect(rowNames(descending ?? '')).toEqual(['Clínica Sants', 'Clínica Diagonal', 'Centro Gràcia']);
  });

  it("speaks the person's language", async () => {
    const text = textOf((await renderOverview(request({ language: 'es' }))) ?? '');
    expect(text).toContain('Todos los centros (3)');
    expect(text).toContain('Requieren atención (1)');
    expect(text).toContain('Datos de 20 nov 2026, 10:14');
  });

  it('leaves a connection without snapshots to the console, and refuses an answer it cannot read', async () => {
    expect(await renderOverview(request({ answer: answer([]) }))).toBeUndefined();
    await expect(renderOverview(request({ answer: '{"centres": {}}' }))).rejects.toThrow(/column/);
    // One failed render does not stop the next.
    expect(await renderOverview(request())).toContain('All centres (3)');
  });
});
