import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSimulator } from '../../../simulator/index.ts';
import { storableText } from '../../core/store/storable-text.ts';
import { sessionFrom } from '../../testing/harness.ts';
import { startPeopleProxy, type PeopleProxy } from '../../testing/people.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';

// Issue 46 item 2 and its done-when, on the real PostgreSQL: every audited route is driven with
// arbitrary Unicode (NUL and lone surrogates included) in each field it takes, and after each call
// the trail holds exactly what it should: an action the service was asked to carry out is in it
// once, with the status the caller got; a sign-in the service was asked about is in it, accepted
// or refused; a refusal of the proxy's own (a role, a switch, another parent's connection) is an
// `access.denied` entry; what the proxy refused before asking anyone (its own 400s and 429s) left
// nothing. And every session's entries are bounded: past CHANGES_PER_MINUTE a minute, a refusal is
// answered the same and recorded no more (docs/decisions/0018).

let postgres: PostgresServer;
beforeAll(async () => {
  postgres = await startPostgresServer();
}, 120_000);
afterAll(() => postgres?.destroy());

/** A proxy with people over a simulator whose every call is counted, by method and path. */
async function countedProxy(name: string, changesPerMinute?: number) {
  const simulator = createSimulator({ seed: 'demo' });
  const reached: string[] = [];
  const transport = (request: Request) => {
    reached.push(`${request.method} ${new URL(request.url).pathname}`);
    return simulator.fetch(request);
  };
  const proxy = await startPeopleProxy({
    databaseUrl: await postgres.createDatabase(name),
    transports: { demo: transport },
    simulatorControl: transport,
    ...(changesPerMinute === undefined ? {} : { changesPerMinute }),
  });
  return { proxy, reached };
}

async function newEntries(proxy: PeopleProxy, after: number) {
  return proxy.database.db
    .selectFrom('audit_entry')
    .select(['id', 'action', 'status', 'actor_client_id', 'subject', 'detail'])
    .where('id', '>', after)
    .orderBy('id')
    .execute();
}
const lastId = async (proxy: PeopleProxy) =>
  (await proxy.database.db.selectFrom('audit_entry').select('id').orderBy('id', 'desc').limit(1).execute())[0]
    ?.id ?? 0;

/** Any text: every code point, NUL and lone surrogates too. */
const text = (maxLength: number) => fc.string({ unit: 'binary', minLength: 1, maxLength });
/** Text a path segment can carry as one segment, whatever a URL parser does to dots. */
const segment = text(30)
  .map((value) => value.toWellFormed().replaceAll('/', '-').replaceAll('\\', '-'))
  .filter((value) => value !== '.' && value !== '..');

const json = (method: string, body: unknown) => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** One call of an audited route, who makes it, and what the trail must then hold. */
type Call = {
  /** `fresh`: a session signed in for this call alone (a sign-out ends it). */
  as: 'parent' | 'support' | 'pau' | 'ana' | 'none' | 'fresh';
  path: string;
  init: RequestInit;
  /** The upstream call it would make, when it is forwarded. */
  upstream?: string;
  /** The action it records: always (a refusal or a sign-in), or only when it reached the service. */
  action: string;
  /** The text the entry keeps as it was sent, made storable: a client id, a subject. */
  kept?: { column: 'actor_client_id' | 'subject'; value: string };
  /** The proxy reads its body first: a 400 is its own, before anyone acted. */
  validated?: boolean;
};

const calls = (pauConnections: string[]): fc.Arbitrary<Call> =>
  fc.oneof(
    fc
      .record({ providerId: fc.integer({ min: 1, max: 300 }), clientId: text(40), clientSecret: text(40) })
      .map((input) => ({
        as: 'none' as const,
        path: '/auth/login',
        init: json('POST', { environment: 'demo', ...input }),
        action: 'auth.sign_in',
        kept: { column: 'actor_client_id' as const, value: input.clientId },
      })),
    fc.record({ name: text(60), country: text(10), city: text(30) }).map((body) => ({
      as: 'parent' as const,
      path: '/api/iam/v1/register/childProvider',
      init: json('POST', body),
      upstream: 'POST /iam/v1/register/childProvider',
      action: 'centre.create',
    })),
    fc.record({ name: text(40), lastname: text(40), doctorId: text(40) }).map((doctor) => ({
      as: 'parent' as const,
      path: '/api/iam/v1/register/healthProviderDoctor',
      init: json('POST', {
        doctors: [{ ...doctor, healthProviderId: 101, doctorSpeciality: 1, lang: 'es' }],
      }),
      upstream: 'POST /iam/v1/register/healthProviderDoctor',
      action: 'doctor.register',
      kept: { column: 'subject' as const, value: doctor.doctorId.slice(0, 200) },
    })),
    fc
      .record({
        id: text(60),
        type: fc.oneof(
          fc.constantFrom('customer.subscription.deleted', 'customer.subscription.updated'),
          text(30),
        ),
        providerId: fc.integer({ min: 101, max: 110 }),
      })
      .map(({ id, type, providerId }) => ({
        as: 'parent' as const,
        path: '/api/payments/v1/partner/webhook',
        init: json('POST', { id, type, created: '2026-11-22T10:00:00Z', data: { providerId } }),
        upstream: 'POST /payments/v1/partner/webhook',
        action: 'contract.event',
        kept: { column: 'subject' as const, value: id },
      })),
    fc.integer({ min: 101, max: 130 }).map((centre) => ({
      as: 'parent' as const,
      path: `/api/iam/v1/provider/${centre}/credentials`,
      init: { method: 'GET' },
      upstream: `GET /iam/v1/provider/${centre}/credentials`,
      action: 'centre.credentials_reveal',
    })),
    // The demo's sign-in by name (D12), any name, and a sign-out.
    fc.oneof(fc.constantFrom('parent', 'processor'), text(12)).map((as) => ({
      as: 'none' as const,
      path: '/auth/demo-login',
      init: json('POST', { as }),
      action: 'auth.sign_in',
      validated: true,
    })),
    fc.constant({
      as: 'fresh' as const,
      path: '/auth/logout',
      init: { method: 'POST' },
      action: 'auth.sign_out',
    }),
    // A role that may not create centres: refused by the proxy, recorded as such.
    fc.record({ name: text(60) }).map((body) => ({
      as: 'support' as const,
      path: '/api/iam/v1/register/childProvider',
      init: json('POST', { ...body, country: 'ES', city: 'Madrid' }),
      action: 'access.denied',
    })),
    // A switch to a connection of one's own, or to any other id.
    fc.oneof(fc.constantFrom(...pauConnections), text(40)).map((connectionId) => ({
      as: 'pau' as const,
      path: '/auth/connection',
      init: json('POST', { connectionId }),
      action: pauConnections.includes(connectionId) ? 'auth.connection_switch' : 'access.denied',
    })),
    // An admin's attempt on a connection that is not theirs (another parent's, or none).
    fc.record({ id: segment, clientSecret: text(40) }).map(({ id, clientSecret }) => ({
      as: 'ana' as const,
      path: `/connections/${encodeURIComponent(id)}/secret`,
      init: json('PUT', { clientSecret }),
      action: 'access.denied',
    })),
  );

describe('every audited route under arbitrary Unicode', () => {
  let proxy: PeopleProxy;
  let reached: string[];
  const sessions: Partial<Record<Call['as'], string>> = {};
  beforeAll(async () => {
    ({ proxy, reached } = await countedProxy('audited_routes'));
    const demo = await proxy.request('/auth/demo-login', json('POST', { as: 'parent' }));
    sessions.parent = sessionFrom(demo);
    sessions.support = (await proxy.signIn('demo-sofia')).session;
    sessions.pau = (await proxy.signIn('demo-pau')).session;
    sessions.ana = (await proxy.signIn('demo-ana')).session;
  }, 120_000);
  afterAll(() => proxy?.close());

  test('each call leaves exactly the entries it should, with the status its caller got, whatever its text', async () => {
    const pauConnections = (await proxy.directory.connections()).map((connection) => connection.id);
    expect(pauConnections).toHaveLength(2);
    const seenStatuses = new Set<string>();
    await fc.assert(
      fc.asyncProperty(calls(pauConnections), async (call) => {
        const session =
          call.as === 'fresh'
            ? sessionFrom(await proxy.request('/auth/demo-login', json('POST', { as: 'parent' })))
            : call.as === 'none'
              ? undefined
              : sessions[call.as];
        const before = await lastId(proxy);
        const sentBefore = reached.length;
        const response = await proxy.request(call.path, { ...call.init, session });
        await response.arrayBuffer();
        const entries = await newEntries(proxy, before);
        const [method, path] = call.upstream?.split(' ') ?? [];
        const forwarded = reached
          .slice(sentBefore)
          .some((sent) => method !== undefined && sent.startsWith(`${method} `) && sent.endsWith(path ?? ''));
        seenStatuses.add(`${call.action} ${response.status}`);
        // What the proxy refused before anyone acted: a sign-in lock (decision 0011); under /api a
        // call it never forwarded (its own validation, a reused event id, the session's bound).
        const refusedFirst =
          call.upstream === undefined
            ? response.status === 429 || (call.validated === true && response.status === 400)
            : !forwarded;
        const kept = refusedFirst ? undefined : call.kept;
        expect(
          {
            entries: entries.map((entry) => [entry.action, entry.status]),
            kept: kept && entries[0]?.[kept.column],
          },
          `${call.path} ${response.status}`,
        ).toEqual({
          entries: refusedFirst ? [] : [[call.action, response.status]],
          kept: kept && storableText(kept.value),
        });
      }),
      { numRuns: 200 },
    );
    // The run went through accepted and refused calls alike.
    expect([...seenStatuses].some((seen) => seen.endsWith(' 200'))).toBe(true);
    expect([...seenStatuses]).toEqual(expect.arrayContaining(['access.denied 403', 'access.denied 404']));
  }, 600_000);
});

test('a session’s refusals are recorded up to its bound a minute, and answered the same past it', async () => {
  const { proxy } = await countedProxy('audited_bound', 5);
  try {
    const ana = (await proxy.signIn('demo-ana')).session;
    const sofia = (await proxy.signIn('demo-sofia')).session;
    const before = await lastId(proxy);
    // Three kinds of refusal, four times each: a role's, a switch's, another parent's connection's.
    const knocks = [
      { session: sofia, path: '/api/iam/v1/register/childProvider', init: json('POST', { name: 'x' }) },
      { session: ana, path: '/auth/connection', init: json('POST', { connectionId: 'not-hers' }) },
      { session: ana, path: '/connections/not-hers/secret', init: json('PUT', { clientSecret: 'guess' }) },
    ];
    const answers: string[] = [];
    for (let round = 0; round < 4; round++)
      for (const { session, path, init } of knocks) {
        // oxlint-disable-next-line no-await-in-loop -- one knock after the other, in order
        const response = await proxy.request(path, { ...init, session });
        // oxlint-disable-next-line no-await-in-loop -- as above
        const { code } = (await response.json()) as { code: string };
        answers.push(`${path} ${response.status} ${code}`);
      }
    // Answered the same every time, recorded or not.
    expect(new Set(answers).size).toBe(3);
    const denied = (await newEntries(proxy, before)).filter((entry) => entry.action === 'access.denied');
    // Sofía knocked 4 times (all recorded, under 5); Ana 8 times, recorded up to her 5.
    expect(denied).toHaveLength(4 + 5);
  } finally {
    await proxy.close();
  }
}, 120_000);
