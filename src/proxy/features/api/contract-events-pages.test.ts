import * as fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { contractEventsSchema, type ContractEvents } from '../../../proxy-api/console.ts';
import { createSimulator } from '../../../simulator/index.ts';
import { createMemoryAuditStore } from '../audit/memory-store.ts';
import type { AuditCursor, AuditStore } from '../audit/index.ts';
import { entry } from '../../testing/audit-store-suite.ts';
import { startProxy, type Harness } from '../../testing/harness.ts';
import { readContractEvents } from './contract-events.ts';

// The contract-event log a page at a time (issue 46's M4, docs/decisions/0016, 0018): a page holds
// at most `limit` events (50 at most), each with its latest 20 attempts; `next` continues, and
// paging on reaches every event once, in the order of their first attempts; a session reads at
// most ten pages a second. No answer grows with the history.

const scope = { environment: 'demo', ownerProviderId: 100 };
const at = Date.parse('2026-11-23T07:00:00Z');

const attempt = (eventId: string, time: number, status = 200, digest = 'd') =>
  entry('demo', {
    at: time,
    subject: eventId,
    outcome: { status, code: null },
    detail: { eventId, type: 'customer.subscription.deleted', bodyDigest: digest },
  });

/** Every page from the first, as the console would read them. */
async function everyPage(store: AuditStore, limit: number) {
  const pages: string[][] = [];
  let after: AuditCursor | undefined;
  do {
    // oxlint-disable-next-line no-await-in-loop -- each page starts where the previous one ended
    const page = await readContractEvents(store, scope, { since: 0, limit, after });
    pages.push(page.events.map((event) => `${event.eventId}/${event.attempts.length}`));
    after = page.next;
  } while (after && pages.length < 100_000);
  return pages;
}

describe('reading the log page by page', () => {
  test('reaches every event once, newest first sent first, no page past its limit, whatever the attempts', async () => {
    // A log: events (an id and one of two bodies), each sent 1–25 times at any moment, accepted or not.
    const log = fc.array(
      fc.record({
        id: fc.integer({ min: 0, max: 40 }),
        digest: fc.constantFrom('a', 'b'),
        times: fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 1, maxLength: 25 }),
        status: fc.constantFrom(200, 409, 422, 504),
      }),
      { maxLength: 40 },
    );
    await fc.assert(
      fc.asyncProperty(log, fc.integer({ min: 1, max: 12 }), async (sent, limit) => {
        const rows = sent
          .flatMap(({ id, digest, times, status }) =>
            times.map((time) => ({ key: `evt_${id}/${digest}`, time, status })),
          )
          // Appended in time order: the store's ids follow, so (time, order) is the log's order.
          .toSorted((a, b) => a.time - b.time);
        const store = createMemoryAuditStore();
        await store.append(
          rows.map(({ key, time, status }) => {
            const [id = '', digest] = key.split('/');
            return attempt(id, at + time, status, digest);
          }),
        );
        // What the log should list: each event once, by its first attempt, newest first.
        const firsts = new Map<string, number>();
        const counts = new Map<string, number>();
        rows.forEach(({ key }, index) => {
          if (!firsts.has(key)) firsts.set(key, index);
          counts.set(key, (counts.get(key) ?? 0) + 1);
        });
        const expected = [...firsts.entries()]
          .toSorted((a, b) => b[1] - a[1])
          .map(([key]) => `${key.split('/')[0]}/${Math.min(counts.get(key) ?? 0, 20)}`);

        const pages = await everyPage(store, limit);
        for (const page of pages) expect(page.length).toBeLessThanOrEqual(limit);
        expect(pages.flat()).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  test('10,000 refused events and 30 accepted ones: 50 a page, each once, none hidden', async () => {
    const store = createMemoryAuditStore();
    // 15 accepted, then 10,000 refused, then 15 accepted again.
    const accepted = Array.from({ length: 30 }, (_, index) =>
      attempt(`evt_real_${index}`, index < 15 ? at + index : at + 20_000 + index),
    );
    await store.append(accepted.slice(0, 15));
    await store.append(
      Array.from({ length: 10_000 }, (_, index) => attempt(`evt_junk_${index}`, at + 100 + index, 400)),
    );
    await store.append(accepted.slice(15));
    const pages = await everyPage(store, 50);
    expect(pages).toHaveLength(201);
    expect(Math.max(...pages.map((page) => page.length))).toBe(50);
    const ids = pages.flat().map((shown) => shown.split('/')[0]);
    expect(new Set(ids).size).toBe(10_030);
    for (const kept of accepted) expect(ids).toContain(kept.subject);
    // Newest first: the late accepted ones lead, the early ones close the log.
    expect(ids[0]).toBe('evt_real_29');
    expect(ids.at(-1)).toBe('evt_real_0');
  });
});

describe('GET /contract-events, paged', () => {
  let proxy: Harness;
  beforeEach(async () => {
    const sim = createSimulator({ seed: 'demo' });
    const transport = (request: Request) => sim.fetch(request);
    proxy = await startProxy(undefined, { transports: { demo: transport }, simulatorControl: transport });
  });
  afterEach(() => proxy.close());

  async function signIn(): Promise<string> {
    const { response, session } = await proxy.login({
      clientId: 'demo-parent',
      clientSecret: 'demo-parent-secret',
    });
    expect(response.status).toBe(200);
    if (!session) throw new Error('no session');
    return session;
  }
  const read = async (session: string, query: string) => {
    const response = await proxy.request(`/contract-events${query}`, { session });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  test('answers 25 events, or up to 50 asked, with a cursor to the next page; refuses a larger limit or a made-up cursor', async () => {
    await proxy.audit.append(Array.from({ length: 250 }, (_, index) => attempt(`evt_${index}`, at + index)));
    const session = await signIn();
    const first = contractEventsSchema.parse((await read(session, '')).body);
    expect(first.events).toHaveLength(25);
    expect(first.events[0]?.eventId).toBe('evt_249');
    const seen = first.events.map((event) => event.eventId);
    let next: ContractEvents['next'] = first.next;
    while (next !== null) {
      // oxlint-disable-next-line no-await-in-loop -- each page starts where the previous one ended
      const page = contractEventsSchema.parse((await read(session, `?limit=50&cursor=${next}`)).body);
      expect(page.events.length).toBeLessThanOrEqual(50);
      seen.push(...page.events.map((event) => event.eventId));
      ({ next } = page);
    }
    expect(seen).toEqual(Array.from({ length: 250 }, (_, index) => `evt_${249 - index}`));

    for (const query of ['?limit=51', '?limit=0', '?limit=ten', '?cursor=abc', '?cursor=1.2.3']) {
      // oxlint-disable-next-line no-await-in-loop -- one after another, so none is refused for the rate
      const refused = await read(session, query);
      expect(refused, query).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    }
  });

  test('a session reads ten pages a second: the eleventh is refused with Retry-After, another session still reads', async () => {
    await proxy.audit.append([attempt('evt_only', at)]);
    const reader = await signIn();
    const other = await signIn();
    for (let page = 0; page < 10; page++)
      // oxlint-disable-next-line no-await-in-loop -- the count is per second, in order
      expect((await read(reader, '')).status).toBe(200);
    const response = await proxy.request('/contract-events', { session: reader });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toMatchObject({ code: 'too_many_reads' });
    expect((await read(other, '')).status).toBe(200);
    proxy.clock.advance(1_000);
    expect((await read(reader, '')).status).toBe(200);
  });
});
