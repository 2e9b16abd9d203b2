// One suite for every implementation of the audit store (docs/decisions/0018): PostgreSQL, PGlite
// and memory must behave alike, or the in-browser demo would tell another story than the proxy.
// Each test writes under an environment of its own, so one store can serve the whole file.
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { storable, storableText } from '../core/store/storable-text.ts';
import {
  everyEntry,
  type AuditCursor,
  type AuditStore,
  type NewAuditEntry,
} from '../features/audit/store.ts';
import { wireEntry } from '../features/audit/wire.ts';

let environments = 0;
const day = 86_400_000;
const base = Date.parse('2026-11-20T10:00:00Z');

export function entry(environment: string, overrides: Partial<NewAuditEntry> = {}): NewAuditEntry {
  return {
    at: base,
    environment,
    actor: { kind: 'client', providerId: 100, clientId: 'parent-client' },
    ownerProviderId: 100,
    action: 'contract.event',
    centreId: 101,
    subject: 'evt_1',
    outcome: { status: 200, code: null },
    requestId: 'req-1',
    clientAddress: '127.0.0.1',
    userAgent: 'test',
    detail: {},
    ...overrides,
  };
}

const scope = (environment: string, ownerProviderId = 100) => ({ environment, ownerProviderId });

export function auditStoreSuite(name: string, open: () => AuditStore): void {
  const env = () => `test-${name}-${++environments}-${Math.random().toString(36).slice(2, 8)}`;

  describe(`the audit store (${name})`, () => {
    test('gives back what was appended, newest first, every field as written', async () => {
      const store = open();
      const environment = env();
      const written = entry(environment, {
        actor: {
          kind: 'person',
          providerId: 100,
          clientId: 'parent-client',
          person: { subject: 'sub-1', name: 'Ana García', email: 'ana@example.test' },
          connectionId: 'conn-1',
        },
        detail: { eventId: 'evt_1', items: [{ planType: 'BASIC', quantity: 5 }], body: { id: 'evt_1' } },
        outcome: { status: 422, code: 'invalid_state' },
      });
      await store.append([written, entry(environment, { at: base + 1000, subject: 'evt_2' })]);
      const page = await store.page({ scope: scope(environment), filter: {}, limit: 10 });
      expect(page.entries.map((found) => found.subject)).toEqual(['evt_2', 'evt_1']);
      const [newest, oldest] = page.entries;
      if (!newest || !oldest) throw new Error('two entries were appended');
      const { id, accepted, ...rest } = oldest;
      expect(rest).toEqual(written);
      expect(accepted).toBe(false);
      expect(newest.accepted).toBe(true);
      expect(id).toBeLessThan(newest.id);
      expect(page.next).toBeUndefined();
    });

    test('keeps an entry whatever its strings hold: a NUL or a lone surrogate is stored visibly replaced, never lost', async () => {
      const store = open();
      const environment = env();
      const odd = 'a\u0000b\ud800c';
      await store.append([
        entry(environment, { subject: odd, userAgent: odd, detail: { name: odd, [odd]: [odd] } }),
      ]);
      const [found] = (await store.page({ scope: scope(environment), filter: {}, limit: 10 })).entries;
      expect(found?.subject).toBe('a\u2400b\ufffdc');
      expect(found?.detail).toEqual({ name: 'a\u2400b\ufffdc', 'a\u2400b\ufffdc': ['a\u2400b\ufffdc'] });
    });

    test('keeps every entry of arbitrary Unicode, each read back as storable (property)', async () => {
      const store = open();
      const environment = env();
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 40 }), async (text) => {
          const subject = `${++environments}:${text}`;
          await store.append([entry(environment, { subject, detail: { text } })]);
          const found = (await store.page({ scope: scope(environment), filter: {}, limit: 1 })).entries[0];
          expect(found?.subject).toBe(storableText(subject));
          expect(found?.detail).toEqual(storable({ text }));
        }),
        { numRuns: 40 },
      );
    });

    test("reads one owner's entries in one environment: never another provider's, nor another environment's", async () => {
      const store = open();
      const [environment, other] = [env(), env()];
      await store.append([
        entry(environment, { ownerProviderId: 100, subject: 'mine' }),
        entry(environment, { ownerProviderId: 101, subject: 'child' }),
        entry(other, { ownerProviderId: 100, subject: 'elsewhere' }),
        entry(environment, {
          ownerProviderId: null,
          actor: { kind: 'client', providerId: 100, clientId: 'dev' },
        }),
      ]);
      const subjects = async (s: Parameters<AuditStore['page']>[0]['scope']) =>
        (await store.page({ scope: s, filter: {}, limit: 10 })).entries.map((found) => found.subject);
      expect(await subjects(scope(environment, 100))).toEqual(['mine']);
      expect(await subjects(scope(environment, 101))).toEqual(['child']);
      expect(await subjects({ environment, unverifiedClientId: 'dev' })).toEqual(['evt_1']);
      expect(await subjects({ environment, unverifiedClientId: 'parent-client' })).toEqual([]);
    });

    test('filters by centre, action, actor, outcome, time range and subject, each and together', async () => {
      const store = open();
      const environment = env();
      await store.append([
        entry(environment, { at: base, centreId: 101, action: 'contract.event', subject: 'a' }),
        entry(environment, { at: base + day, centreId: 102, action: 'doctor.register', subject: 'b' }),
        entry(environment, {
          at: base + 2 * day,
          centreId: 101,
          action: 'doctor.register',
          subject: 'c',
          outcome: { status: 400, code: null },
        }),
        entry(environment, {
          at: base + 3 * day,
          centreId: 101,
          action: 'contract.event',
          subject: 'd',
          actor: { kind: 'client', providerId: 100, clientId: 'other-client' },
        }),
        entry(environment, {
          at: base + 4 * day,
          centreId: 102,
          action: 'contract.event',
          subject: 'e',
          actor: {
            kind: 'person',
            providerId: 100,
            clientId: 'parent-client',
            person: { subject: 'sub-ana', name: 'Ana', email: 'ana@example.test' },
            connectionId: 'conn-1',
          },
        }),
      ]);
      const found = async (filter: Parameters<AuditStore['page']>[0]['filter']) =>
        (await store.page({ scope: scope(environment), filter, limit: 10 })).entries.map((e) => e.subject);
      expect(await found({ centreId: 101 })).toEqual(['d', 'c', 'a']);
      expect(await found({ actions: ['doctor.register'] })).toEqual(['c', 'b']);
      expect(await found({ actions: ['doctor.register', 'contract.event'] })).toEqual([
        'e',
        'd',
        'c',
        'b',
        'a',
      ]);
      expect(await found({ actions: [] })).toEqual([]);
      expect(await found({ actor: 'other-client' })).toEqual(['d']);
      expect(await found({ person: 'sub-ana' })).toEqual(['e']);
      expect(await found({ person: 'sub-nobody' })).toEqual([]);
      expect(await found({ outcome: 'refused' })).toEqual(['c']);
      expect(await found({ outcome: 'accepted' })).toEqual(['e', 'd', 'b', 'a']);
      expect(await found({ from: base + day, to: base + 3 * day })).toEqual(['c', 'b']);
      expect(await found({ subjects: ['a', 'd'] })).toEqual(['d', 'a']);
      expect(await found({ centreId: 101, actions: ['doctor.register'], outcome: 'refused' })).toEqual(['c']);
    });

    test('pages through everything with a cursor: each entry once, ties in time broken by id', async () => {
      const store = open();
      const environment = env();
      // 25 entries share each millisecond: the cursor must not skip or repeat any of them.
      await store.append(
        Array.from({ length: 125 }, (_, index) =>
          entry(environment, { at: base + Math.floor(index / 25), subject: `s${index}` }),
        ),
      );
      const seen: string[] = [];
      const sizes: number[] = [];
      let after;
      do {
        // oxlint-disable-next-line no-await-in-loop -- each page follows the previous one
        const page = await store.page({ scope: scope(environment), filter: {}, limit: 50, after });
        sizes.push(page.entries.length);
        seen.push(...page.entries.map((found) => found.subject ?? ''));
        after = page.next;
      } while (after);
      expect(sizes).toEqual([50, 50, 25]);
      expect(new Set(seen).size).toBe(125);
      const batches: number[] = [];
      for await (const batch of everyEntry(store, scope(environment), {}, 40)) batches.push(batch.length);
      expect(batches).toEqual([40, 40, 40, 5]);
    });

    test('10,000 refused attempts leave every accepted entry readable', async () => {
      const store = open();
      const environment = env();
      const accepted = Array.from({ length: 5 }, (_, index) =>
        entry(environment, { at: base + index, subject: `real-${index}` }),
      );
      const refused = Array.from({ length: 10_000 }, (_, index) =>
        entry(environment, {
          at: base + 10 + index,
          subject: `junk-${index}`,
          outcome: { status: 400, code: null },
        }),
      );
      await store.append(accepted.slice(0, 2));
      for (let start = 0; start < refused.length; start += 2_000)
        // oxlint-disable-next-line no-await-in-loop -- in batches, in order
        await store.append(refused.slice(start, start + 2_000));
      await store.append(accepted.slice(2));
      const page = await store.page({
        scope: scope(environment),
        filter: { outcome: 'accepted' },
        limit: 50,
      });
      expect(page.entries.map((found) => found.subject).sort()).toEqual(
        accepted.map((e) => e.subject).sort(),
      );
    });

    test('the purge removes what is older than its cutoff, and nothing else', async () => {
      const store = open();
      const environment = env();
      // Far in the past: no other test's entries are that old.
      const old = Date.parse('1990-01-01T00:00:00Z');
      await store.append([
        entry(environment, { at: old, subject: 'old-1' }),
        entry(environment, { at: old + 1, subject: 'old-2' }),
        entry(environment, { at: old + day, subject: 'kept' }),
      ]);
      expect(await store.purge(old + 2)).toBe(2);
      const page = await store.page({ scope: scope(environment), filter: {}, limit: 10 });
      expect(page.entries.map((found) => found.subject)).toEqual(['kept']);
    });
  });
}

/** The SQL engines build a page as JSON too (`pageJson`): it must be the page the proxy would make. */
export function auditStoreJsonSuite(name: string, open: () => AuditStore): void {
  const env = () => `test-${name}-json-${++environments}-${Math.random().toString(36).slice(2, 8)}`;
  test('a page as JSON is the page the proxy would serialize', async () => {
    const store = open();
    if (!store.pageJson) throw new Error('this store builds no JSON pages');
    const environment = env();
    await store.append([
      entry(environment, {
        actor: {
          kind: 'person',
          providerId: 100,
          clientId: null,
          person: { subject: 'sub-1', name: null, email: 'ana@example.test' },
          connectionId: 'conn-1',
        },
        detail: { eventId: 'evt_1', items: [{ planType: 'BASIC', quantity: 5 }], note: 'ñ "quoted"' },
        outcome: { status: 422, code: 'invalid_state' },
      }),
      ...Array.from({ length: 6 }, (_, index) =>
        entry(environment, {
          at: base + 1 + Math.floor(index / 2),
          subject: `s${index}`,
          centreId: index % 2 ? null : 101,
          actor: { kind: 'system', providerId: null, clientId: null },
          clientAddress: null,
        }),
      ),
    ]);
    for (const filter of [{}, { outcome: 'refused' as const }, { actions: ['nothing.such'] }]) {
      let after: AuditCursor | undefined;
      do {
        const query = { scope: scope(environment), filter, limit: 3, after };
        // oxlint-disable-next-line no-await-in-loop -- each page follows the previous one
        const [page, asJson] = await Promise.all([store.page(query), store.pageJson(query)]);
        expect(JSON.parse(asJson.entriesJson)).toEqual(page.entries.map(wireEntry));
        expect(asJson.next).toEqual(page.next);
        after = page.next;
      } while (after);
    }
  });
}
