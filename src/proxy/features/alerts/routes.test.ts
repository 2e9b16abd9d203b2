// /alerts over HTTP (docs/decisions/0026): a person reads their own inbox on their connection,
// never another's; marks read; sets their choices; a client-credential session has no inbox; only
// admins see the failed e-mails.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startPeopleProxy, type PeopleProxy } from '../../testing/people.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { sessionFrom } from '../../testing/harness.ts';

let server: PostgresServer;
let proxy: PeopleProxy;
const sessions: Record<string, string | undefined> = {};
const ids: number[] = [];
let connectionId = '';
let oscarId = '';

beforeAll(async () => {
  server = await startPostgresServer();
  proxy = await startPeopleProxy({ databaseUrl: await server.createDatabase('alerts_routes') });
  for (const who of ['demo-sofia', 'demo-oscar', 'demo-ana'])
    // oxlint-disable-next-line no-await-in-loop -- one sign-in after the other
    sessions[who] = (await proxy.signIn(who)).session;
  const demo = await proxy.request('/auth/demo-login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"as":"parent"}',
  });
  sessions['client'] = sessionFrom(demo);
  const sofia = await proxy.directory.personByEmail('sofia.vidal@redsalud.demo');
  const oscar = await proxy.directory.personByEmail('oscar.ruiz@redsalud.demo');
  if (!sofia || !oscar) throw new Error('the demo people');
  const [membership] = await proxy.directory.memberships(sofia.id);
  if (!membership) throw new Error('sofia works through a connection');
  connectionId = membership.connectionId;
  oscarId = oscar.id;
  const db = proxy.database.db;
  // Three alerts on Sofía's connection, a minute apart: two in her inbox, one in Óscar's only.
  for (const [n, rule] of (['suspended', 'trial_ending', 'reinstated'] as const).entries()) {
    // oxlint-disable-next-line no-await-in-loop -- three rows
    const row = await db
      .insertInto('alert')
      .values({
        connection_id: membership.connectionId,
        centre_id: 201 + n,
        rule,
        dedupe_key: `test:${n}`,
        raised_at: new Date(Date.parse('2026-11-26T09:00:00Z') + n * 60_000),
        payload: JSON.stringify({ centreName: `Centre ${n}` }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
    // oxlint-disable-next-line no-await-in-loop -- as above
    await db
      .insertInto('alert_inbox')
      .values({ alert_id: row.id, person_id: n < 2 ? sofia.id : oscar.id })
      .execute();
  }
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await server?.destroy();
}, 60_000);

const get = async (path: string, who: string) => {
  const response = await proxy.request(path, { session: sessions[who] });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const send = async (method: string, path: string, who: string, body: unknown) => {
  const response = await proxy.request(path, {
    method,
    session: sessions[who],
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

test('a person sees their own alerts only, unread first and newest first, paged by a cursor', async () => {
  const first = await get('/alerts?limit=1', 'demo-sofia');
  expect(first.status).toBe(200);
  const items = first.body['items'] as { id: number; centreName: string; readAt: string | null }[];
  expect(items.map((i) => i.id)).toEqual([ids[1]]);
  const next = await get(`/alerts?limit=1&after=${String(first.body['next'])}`, 'demo-sofia');
  expect((next.body['items'] as { id: number }[]).map((i) => i.id)).toEqual([ids[0]]);
  expect(next.body['next']).toBeNull();
  expect((await get('/alerts/unread', 'demo-sofia')).body).toEqual({ unread: 2 });
  // Óscar's alert is his; Sofía's are not his.
  const oscar = await get('/alerts', 'demo-oscar');
  expect((oscar.body['items'] as { id: number }[]).map((i) => i.id)).toEqual([ids[2]]);
  expect((await get('/alerts?after=nonsense', 'demo-sofia')).status).toBe(400);
});

test('marking read: one, then all; another person’s alert cannot be marked; read ones sort after unread', async () => {
  expect((await send('POST', '/alerts/read', 'demo-sofia', { ids: [ids[2]] })).body).toMatchObject({
    marked: 0,
  });
  expect((await send('POST', '/alerts/read', 'demo-sofia', { ids: [ids[1]] })).body).toEqual({
    marked: 1,
    unread: 1,
  });
  const items = (await get('/alerts', 'demo-sofia')).body['items'] as { id: number; readAt: string | null }[];
  expect(items.map((i) => [i.id, i.readAt === null])).toEqual([
    [ids[0], true],
    [ids[1], false],
  ]);
  expect((await send('POST', '/alerts/read', 'demo-sofia', { all: true })).body).toEqual({
    marked: 1,
    unread: 0,
  });
  expect((await get('/alerts/unread', 'demo-oscar')).body).toEqual({ unread: 1 });
  expect((await send('POST', '/alerts/read', 'demo-sofia', { ids: 'x' })).status).toBe(400);
});

test('preferences: defaults until chosen, then the choice, per person', async () => {
  const defaults = await get('/alerts/preferences', 'demo-sofia');
  expect(defaults.body['language']).toBe('en');
  expect(defaults.body['rules']).toContainEqual({ rule: 'suspended', inbox: true, email: true });
  expect(defaults.body['rules']).toContainEqual({ rule: 'trial_ending', inbox: true, email: false });
  const set = await send('PUT', '/alerts/preferences', 'demo-sofia', {
    rules: [{ rule: 'trial_ending', inbox: false, email: true }],
    language: 'es',
  });
  expect(set.status).toBe(200);
  expect(set.body['language']).toBe('es');
  expect(set.body['rules']).toContainEqual({ rule: 'trial_ending', inbox: false, email: true });
  expect((await get('/alerts/preferences', 'demo-oscar')).body['rules']).toContainEqual({
    rule: 'trial_ending',
    inbox: true,
    email: false,
  });
  expect((await send('PUT', '/alerts/preferences', 'demo-sofia', { rules: [{ rule: 'nope' }] })).status).toBe(
    400,
  );
});

test('a client-credential session has no inbox (403); failed deliveries are for admins', async () => {
  expect((await get('/alerts/unread', 'client')).status).toBe(403);
  expect((await get('/alerts/deliveries/failed', 'demo-sofia')).status).toBe(403);
  const admin = await get('/alerts/deliveries/failed', 'demo-ana');
  expect(admin).toEqual({ status: 200, body: { deliveries: [] } });
});

test('admins see a failed chat post by its webhook’s host, never its URL, beside a failed e-mail', async () => {
  const db = proxy.database.db;
  // What PUT /connections/{id}/webhook keeps (docs/decisions/0027): the host in clear, the URL sealed.
  await db
    .updateTable('connection')
    .set({ webhook_host: 'hooks.example.org', webhook_sealed: 'sealed-not-read-here' })
    .where('id', '=', connectionId)
    .execute();
  const [first] = ids;
  if (first === undefined) throw new Error('an alert');
  await db
    .insertInto('alert_delivery')
    .values([
      {
        alert_id: first,
        person_id: null,
        channel: 'webhook',
        kind: 'immediate',
        status: 'failed',
        attempts: 5,
      },
      {
        alert_id: first,
        person_id: oscarId,
        channel: 'email',
        kind: 'immediate',
        status: 'failed',
        attempts: 1,
      },
    ])
    .execute();
  const admin = await get('/alerts/deliveries/failed', 'demo-ana');
  expect(admin.status).toBe(200);
  const deliveries = admin.body['deliveries'] as Record<string, unknown>[];
  expect(deliveries.map((d) => [d['channel'], d['to'], d['host'], d['status'], d['nextAt']])).toEqual([
    ['email', 'oscar.ruiz@redsalud.demo', null, 'failed', null],
    ['webhook', null, 'hooks.example.org', 'failed', null],
  ]);
  expect(JSON.stringify(admin.body)).not.toContain('sealed');
});

test('an admin sends a failed delivery again where no watcher runs: queued, due now from its first attempt, once, and audited', async () => {
  const failed = await get('/alerts/deliveries/failed', 'demo-ana');
  const email = (failed.body['deliveries'] as Record<string, unknown>[]).find(
    (d) => d['channel'] === 'email',
  );
  if (typeof email?.['id'] !== 'number') throw new Error('the failed e-mail of the test above');
  const path = `/alerts/deliveries/${email['id']}/retry`;
  // An operator may see alerts but not send another's again.
  expect((await send('POST', path, 'demo-sofia', {})).status).toBe(403);
  const retried = await send('POST', path, 'demo-ana', {});
  expect(retried.status).toBe(200);
  // No watcher in this proxy to try it at once: the answer says it waits for the queue.
  expect(retried.body['outcome']).toBe('queued');
  expect(retried.body['delivery']).toMatchObject({
    id: email['id'],
    centreName: 'Centre 0',
    channel: 'email',
    status: 'pending',
    attempts: 0,
    lastErrorCode: null,
  });
  const row = await proxy.database.db
    .selectFrom('alert_delivery')
    .select(['status', 'attempts', 'next_at'])
    .where('id', '=', email['id'])
    .executeTakeFirstOrThrow();
  expect(row.status).toBe('pending');
  expect(row.next_at.getTime()).toBeLessThanOrEqual(Date.now());
  // It left the admins' list, and asking twice does not queue it twice.
  const after = (await get('/alerts/deliveries/failed', 'demo-ana')).body['deliveries'] as { id: number }[];
  expect(after.map((d) => d.id)).not.toContain(email['id']);
  expect((await send('POST', path, 'demo-ana', {})).status).toBe(404);
  expect((await send('POST', '/alerts/deliveries/nonsense/retry', 'demo-ana', {})).status).toBe(404);
  const entries = await proxy.database.db
    .selectFrom('audit_entry')
    .select(['action', 'centre_id', 'subject', 'actor_subject', 'detail'])
    .where('action', '=', 'alert.delivery_retry')
    .execute();
  expect(entries).toEqual([
    expect.objectContaining({ centre_id: 201, subject: 'suspended', actor_subject: 'demo-ana' }),
  ]);
  expect(JSON.stringify(entries)).not.toContain('oscar.ruiz');
});

test("a person's browser tells their time zone; an unknown zone is refused and the stored one kept", async () => {
  const zoneOf = async () =>
    (
      await proxy.database.db
        .selectFrom('person')
        .select('time_zone')
        .where('email', '=', 'sofia.vidal@redsalud.demo')
        .executeTakeFirstOrThrow()
    ).time_zone;
  expect(await zoneOf()).toBeNull();
  const put = (timeZone: unknown) =>
    proxy.request('/alerts/time-zone', {
      method: 'PUT',
      session: sessions['demo-sofia'],
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ timeZone }),
    });
  expect((await put('Europe/Madrid')).status).toBe(204);
  expect(await zoneOf()).toBe('Europe/Madrid');
  expect((await put('Mars/Olympus_Mons')).status).toBe(400);
  expect((await put(42)).status).toBe(400);
  expect(await zoneOf()).toBe('Europe/Madrid');
  // A client-credential session has no person to keep it for.
  const client = await proxy.request('/alerts/time-zone', {
    method: 'PUT',
    session: sessions['client'],
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ timeZone: 'Europe/Madrid' }),
  });
  expect(client.status).toBe(403);
});
