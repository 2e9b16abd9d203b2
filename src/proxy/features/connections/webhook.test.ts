// A connection's chat webhook (docs/decisions/0027) through the real app on a real PostgreSQL: an
// admin sets it; the URL is sealed at rest and never answered back, logged or audited (only its
// host); the delivery side opens it; anyone but an admin is refused; a bad address is refused in words.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { connectionSchema, connectionsSchema } from '../../../proxy-api/people.ts';
import { startPeopleProxy, type PeopleProxy } from '../../testing/people.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';

let postgres: PostgresServer;
let proxy: PeopleProxy;

beforeAll(async () => {
  postgres = await startPostgresServer();
  proxy = await startPeopleProxy({ databaseUrl: await postgres.createDatabase('connection_webhook') });
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await postgres?.destroy();
});

const secretPath = '/services/T000/B000/sEcReT-tOkEn-42';
const hook = `https://hooks.slack.example${secretPath}`;
const put = (id: string, url: string | null, session: string | undefined) =>
  proxy.request(`/connections/${id}/webhook`, {
    method: 'PUT',
    session,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
  });

test('an admin sets a webhook: sealed at rest, only its host ever shown, opened for delivery; others are refused', async () => {
  const { session: admin } = await proxy.signIn('demo-ana');
  const listed = connectionsSchema.parse(
    await (await proxy.request('/connections', { session: admin })).json(),
  );
  const connection = listed.connections[0];
  if (!connection) throw new Error('the demo has connections');
  expect(connection.webhookHost).toBeNull();

  const set = await put(connection.id, hook, admin);
  expect(set.status).toBe(200);
  const answered = await set.text();
  expect(answered).not.toContain(secretPath);
  expect(connectionSchema.parse(JSON.parse(answered)).webhookHost).toBe('hooks.slack.example');

  const again = await (await proxy.request('/connections', { session: admin })).text();
  expect(again).not.toContain('sEcReT');
  expect(connectionsSchema.parse(JSON.parse(again)).connections[0]?.webhookHost).toBe('hooks.slack.example');

  // At rest: sealed, not the URL; the delivery job opens it.
  const row = await proxy.database.db
    .selectFrom('connection')
    .select(['webhook_sealed', 'webhook_host'])
    .where('id', '=', connection.id)
    .executeTakeFirstOrThrow();
  expect(row.webhook_sealed).toMatch(/^v2\./);
  expect(row.webhook_sealed).not.toContain('sEcReT');
  expect(await proxy.webhooks.url(connection.id)).toBe(hook);

  // Audited with its host only; nothing in the logs.
  const entries = await proxy.database.db
    .selectFrom('audit_entry')
    .selectAll()
    .where('action', '=', 'connection.webhook_set')
    .execute();
  expect(entries).toHaveLength(1);
  expect(entries[0]?.detail).toMatchObject({ webhookHost: 'hooks.slack.example' });
  expect(JSON.stringify(entries)).not.toContain('sEcReT');
  expect(proxy.logLines.join('\n')).not.toContain('sEcReT');

  // Only admins: an operator and a support person are refused, and the hook stays.
  for (const subject of ['demo-oscar', 'demo-sofia']) {
    // oxlint-disable-next-line no-await-in-loop -- one person after the other
    const { session } = await proxy.signIn(subject);
    // oxlint-disable-next-line no-await-in-loop -- as above
    expect((await put(connection.id, 'https://evil.example/hook', session)).status).toBe(403);
  }
  expect(await proxy.webhooks.url(connection.id)).toBe(hook);

  // Removed: null clears it.
  const cleared = await put(connection.id, null, admin);
  expect(connectionSchema.parse(await cleared.json()).webhookHost).toBeNull();
  expect(await proxy.webhooks.url(connection.id)).toBeUndefined();
});

test('plain http beyond this machine, credentials in the URL or no URL at all are refused in words', async () => {
  const { session: admin } = await proxy.signIn('demo-ana');
  const [connection] = connectionsSchema.parse(
    await (await proxy.request('/connections', { session: admin })).json(),
  ).connections;
  if (!connection) throw new Error('the demo has connections');
  for (const url of ['http://hooks.example/x', 'https://user:pw@hooks.example/x', 'not a url', ''])
    // oxlint-disable-next-line no-await-in-loop -- one answer at a time
    expect(await (await put(connection.id, url, admin)).json()).toMatchObject({
      code: 'invalid_request',
      detail: expect.stringContaining('https://'),
    });
  expect(await proxy.webhooks.url(connection.id)).toBeUndefined();
  // On loopback, plain http is allowed (the demo, tests).
  expect((await put(connection.id, 'http://127.0.0.1:9/hook', admin)).status).toBe(200);
});

test('internal addresses are refused when saved, in words; loopback only while no production upstream is configured (issue 46 M1)', async () => {
  const inside = [
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1/',
    'https://[fd00::1]/',
    'https://100.64.0.1/',
    'https://metadata.google.internal/',
  ];
  const loopback = ['http://127.1:8740/', 'http://0x7f.1/', 'http://[::ffff:127.0.0.1]/'];
  const production = await startPeopleProxy({
    databaseUrl: await postgres.createDatabase('connection_webhook_production'),
    environments: [
      { id: 'demo', templatesPrefix: '' },
      { id: 'production', baseUrl: 'https://upstream.example', templatesPrefix: '' },
    ],
  });
  try {
    for (const [deployment, refused, allowed] of [
      [proxy, inside, loopback],
      [production, [...inside, ...loopback], []],
    ] as const) {
      // oxlint-disable-next-line no-await-in-loop -- one deployment after the other
      const { session } = await deployment.signIn('demo-ana');
      const [connection] = connectionsSchema.parse(
        // oxlint-disable-next-line no-await-in-loop -- as above
        await (await deployment.request('/connections', { session })).json(),
      ).connections;
      if (!connection) throw new Error('the demo has connections');
      const putTo = (url: string) =>
        deployment.request(`/connections/${connection.id}/webhook`, {
          method: 'PUT',
          session,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ url }),
        });
      // oxlint-disable-next-line no-await-in-loop -- as above
      const before = await deployment.webhooks.url(connection.id);
      for (const url of refused) {
        // oxlint-disable-next-line no-await-in-loop -- one answer at a time
        const answer = await putTo(url);
        // oxlint-disable-next-line no-await-in-loop -- as above
        expect([url, answer.status, ((await answer.json()) as { detail: string }).detail]).toEqual([
          url,
          400,
          expect.stringContaining('public host'),
        ]);
      }
      // oxlint-disable-next-line no-await-in-loop -- as above
      expect(await deployment.webhooks.url(connection.id)).toBe(before);
      // oxlint-disable-next-line no-await-in-loop -- as above
      for (const url of allowed) expect([url, (await putTo(url)).status]).toEqual([url, 200]);
    }
  } finally {
    await production.close();
  }
});

test('with WEBHOOK_ALLOWED_HOSTS only the listed hosts are taken (issue 46 item 3)', async () => {
  const listed = await startPeopleProxy({
    databaseUrl: await postgres.createDatabase('connection_webhook_listed'),
    webhookAllowedHosts: ['hooks.slack.com'],
  });
  try {
    const { session } = await listed.signIn('demo-ana');
    const [connection] = connectionsSchema.parse(
      await (await listed.request('/connections', { session })).json(),
    ).connections;
    if (!connection) throw new Error('the demo has connections');
    const putTo = (url: string) =>
      listed.request(`/connections/${connection.id}/webhook`, {
        method: 'PUT',
        session,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url }),
      });
    expect((await putTo('https://hooks.other.example/services/T/B/X')).status).toBe(400);
    expect((await putTo('https://hooks.slack.com/services/T/B/X')).status).toBe(200);
  } finally {
    await listed.close();
  }
});
