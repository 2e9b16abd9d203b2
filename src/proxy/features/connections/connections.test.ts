// Connections through the proxy (docs/decisions/0023): an admin registers one (a wrong secret
// refused in words), people work through it with its secret, which only the proxy holds; when the
// service stops accepting it, the admin sees it flagged and the person is told which connection;
// a new secret puts it right. Canary credentials and tokens never appear in an answer, a log line
// or an audit entry.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sessionSchema } from '../../../proxy-api/console.ts';
import { connectionSchema, connectionsSchema } from '../../../proxy-api/people.ts';
import { assertNoCanary, assertNoJwt } from '../../testing/harness.ts';
import { canary, json as answer, startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { startPeopleProxy, type PeopleProxy } from '../../testing/people.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';

let postgres: PostgresServer;
let upstream: FakeUpstream;
let proxy: PeopleProxy;

beforeAll(async () => {
  [postgres, upstream] = await Promise.all([startPostgresServer(), startFakeUpstream()]);
  proxy = await startPeopleProxy({
    databaseUrl: await postgres.createDatabase('connections'),
    environments: [
      { id: 'demo', templatesPrefix: '' },
      { id: 'qa', baseUrl: upstream.url, templatesPrefix: '' },
    ],
  });
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.all([upstream?.close(), postgres?.destroy()]);
});

const json = (method: string, body: unknown) => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

test('an admin registers a connection (a wrong secret refused in words); an operator works through it; a refused secret is flagged and named, then replaced; no secret or token ever leaves the proxy', async () => {
  const { session: admin, browser: adminBrowser } = await proxy.signIn('demo-ana');
  const register = (clientSecret: string) =>
    proxy.request('/connections', {
      session: admin,
      ...json('POST', {
        label: 'Canary Parent',
        environment: 'qa',
        providerId: 100,
        clientId: canary.clientId,
        clientSecret,
      }),
    });
  const wrong = await register('not-the-secret');
  expect(wrong.status).toBe(422);
  expect(await wrong.json()).toMatchObject({
    code: 'invalid_credentials',
    detail:
      'The service refused this client id and secret for Canary Parent: check both, as the service issued them.',
  });
  const added = await register(canary.secret);
  expect(added.status).toBe(201);
  const connection = (await added.json()) as { id: string; state: string };
  expect(connection.state).toBe('ok');
  expect((await register(canary.secret)).status).toBe(409);

  // The admin works through it and invites an operator there.
  await proxy.request('/auth/connection', {
    session: admin,
    ...json('POST', { connectionId: connection.id }),
  });
  expect(
    (
      await proxy.request('/people', {
        session: admin,
        ...json('POST', { email: 'oscar.ruiz@redsalud.demo', role: 'operator' }),
      })
    ).status,
  ).toBe(201);
  const { session: operator, browser: operatorBrowser } = await proxy.signIn('demo-oscar');
  await proxy.request('/auth/connection', {
    session: operator,
    ...json('POST', { connectionId: connection.id }),
  });
  const read = () => proxy.request('/api/core/v1/provider/100/child', { session: operator });
  expect((await read()).status).toBe(200);

  // The service stops accepting the secret: every token is dropped, and new ones are refused.
  upstream.validTokens.clear();
  upstream.answer(undefined, (_, response) => answer(response, 401, { error: 'invalid_client' }));
  const refused = await read();
  expect(refused.status).toBe(502);
  expect(await refused.json()).toMatchObject({
    code: 'connection_refused',
    detail:
      'The service no longer accepts the credentials of Canary Parent. An admin of Canary Parent must replace its secret on the Connections screen.',
  });
  // The person's session goes on, and says which connection is in trouble.
  const session = sessionSchema.parse(
    await (await proxy.request('/auth/session', { session: operator })).json(),
  );
  expect(session.connection).toMatchObject({ label: 'Canary Parent', state: 'refused' });
  const listed = connectionsSchema.parse(
    await (await proxy.request('/connections', { session: admin })).json(),
  );
  expect(listed.connections.find((c) => c.id === connection.id)).toMatchObject({
    state: 'refused',
    refusedAt: expect.any(String),
  });

  // The admin gives it a secret the service accepts again.
  upstream.answer(undefined);
  const replaced = await proxy.request(`/connections/${connection.id}/secret`, {
    session: admin,
    ...json('PUT', { clientSecret: canary.secret }),
  });
  expect(replaced.status).toBe(200);
  expect(await replaced.json()).toMatchObject({ state: 'ok', refusedAt: null });
  expect((await read()).status).toBe(200);

  const audit = await proxy.database.db.selectFrom('audit_entry').selectAll().execute();
  expect(audit.map((row) => row.action)).toEqual(
    expect.arrayContaining(['connection.add', 'connection.secret_replace', 'person.invite']),
  );
  const rows = await proxy.database.db.selectFrom('connection').selectAll().execute();
  assertNoCanary(
    [
      ...proxy.seen,
      ...adminBrowser.seen,
      ...operatorBrowser.seen,
      ...proxy.logLines,
      JSON.stringify(audit),
      JSON.stringify(rows),
    ],
    [canary.secret, canary.tokenPrefix, 'demo-parent-secret', 'demo-processor-secret'],
  );
  // No ID token or other JWT reached a browser or the log either.
  assertNoJwt([...proxy.seen, ...adminBrowser.seen, ...operatorBrowser.seen, ...proxy.logLines]);
});

test('an admin removes a connection: the sessions working through it end at their next request, and the removal is audited under the admin’s name', async () => {
  const { session: admin } = await proxy.signIn('demo-ana');
  const listed = async () =>
    connectionsSchema.parse(await (await proxy.request('/connections', { session: admin })).json())
      .connections;
  let connection = (await listed()).find((candidate) => candidate.label === 'Canary Parent');
  if (!connection) {
    const added = await proxy.request('/connections', {
      session: admin,
      ...json('POST', {
        label: 'Canary Parent',
        environment: 'qa',
        providerId: 100,
        clientId: canary.clientId,
        clientSecret: canary.secret,
      }),
    });
    connection = connectionSchema.parse(await added.json());
  }
  const connectionId = connection.id;
  await proxy.request('/auth/connection', { session: admin, ...json('POST', { connectionId }) });
  await proxy.request('/people', {
    session: admin,
    ...json('POST', { email: 'oscar.ruiz@redsalud.demo', role: 'operator' }),
  });
  const { session: operator } = await proxy.signIn('demo-oscar');
  await proxy.request('/auth/connection', { session: operator, ...json('POST', { connectionId }) });
  const read = () => proxy.request('/api/core/v1/provider/100/child', { session: operator });
  expect((await read()).status).toBe(200);

  // The admin works through another connection, and removes this one.
  const demo = (await listed()).find((candidate) => candidate.id !== connectionId);
  if (!demo) throw new Error('the demo connections are missing');
  await proxy.request('/auth/connection', { session: admin, ...json('POST', { connectionId: demo.id }) });
  const removed = await proxy.request(`/connections/${connectionId}`, { session: admin, method: 'DELETE' });
  expect(removed.status).toBe(204);
  expect((await listed()).map((candidate) => candidate.id)).not.toContain(connectionId);

  // The operator's session worked only through it: the next request is refused, in words.
  const after = await read();
  expect(after.status).toBe(401);
  expect(await after.json()).toMatchObject({ code: 'access_removed' });

  const audit = await proxy.database.db
    .selectFrom('audit_entry')
    .selectAll()
    .where('action', '=', 'connection.remove')
    .execute();
  expect(audit).toHaveLength(1);
  expect(JSON.stringify(audit[0])).toContain('Canary Parent');
  expect(JSON.stringify(audit[0])).toContain('ana');
});

test('adding a connection verifies the secret first, and never names a connection the person has no role on (issue 46 M2)', async () => {
  // Ana is an admin of Red Salud Demo only; Grupo Procesador Demo (provider 200) is another parent's.
  const { session } = await proxy.signIn('demo-ana');
  const add = (providerId: number, clientId: string, clientSecret: string) =>
    proxy.request('/connections', {
      session,
      ...json('POST', { label: 'Mine', environment: 'demo', providerId, clientId, clientSecret }),
    });
  const answers: { status: number; code: string; detail: string }[] = [];
  for (const [providerId, clientId, secret] of [
    [200, 'demo-processor', 'a-wrong-secret'],
    [200, 'demo-processor', 'demo-processor-secret'],
    [100, 'demo-parent', 'demo-parent-secret'],
  ] as const) {
    // oxlint-disable-next-line no-await-in-loop -- one attempt after the other
    const refused = await add(providerId, clientId, secret);
    // oxlint-disable-next-line no-await-in-loop -- as above
    answers.push({ status: refused.status, ...((await refused.json()) as { code: string; detail: string }) });
  }
  expect(answers.map(({ status, code }) => [status, code])).toEqual([
    [422, 'invalid_credentials'],
    [409, 'connection_elsewhere'],
    [409, 'connection_exists'],
  ]);
  expect(
    answers
      .slice(0, 2)
      .map((each) => each.detail)
      .join(' '),
  ).not.toContain('Procesador');
  expect(answers[1]?.detail).toBe(
    "Provider 200 is connected in that environment already: ask that connection's admins to add you.",
  );
  // Her own is named: she works through it.
  expect(answers[2]?.detail).toBe(
    'You work through Red Salud Demo already: it is the connection for that environment and provider.',
  );
});

/** What an admin may try on a connection by its id: set its webhook, replace its secret, remove it. */
const attempts = (id: string) => [
  { method: 'PUT', path: `/connections/${id}/webhook`, body: { url: 'https://hooks.example/x' } },
  { method: 'PUT', path: `/connections/${id}/secret`, body: { clientSecret: 'guess' } },
  { method: 'DELETE', path: `/connections/${id}`, body: undefined },
];

test('an admin’s attempt on another parent’s connection is refused as an unknown one would be, and is in the trail as access.denied (issue 46 L4)', async () => {
  const { session } = await proxy.signIn('demo-ana');
  const others = (await proxy.directory.connections()).find((connection) => connection.providerId === 200);
  if (!others) throw new Error('the demo has Grupo Procesador Demo');
  const answered = async (id: string) => {
    const answers: string[] = [];
    for (const { method, path, body } of attempts(id)) {
      // oxlint-disable-next-line no-await-in-loop -- one attempt after the other
      const refused = await proxy.request(path, { session, ...(body ? json(method, body) : { method }) });
      // oxlint-disable-next-line no-await-in-loop -- as above
      const { status, code, detail } = (await refused.json()) as {
        status: number;
        code: string;
        detail: string;
      };
      answers.push(`${refused.status} ${status} ${code} ${detail}`);
    }
    return answers;
  };
  const before = await proxy.database.db.selectFrom('audit_entry').select('id').execute();
  // Another parent's connection and one that does not exist: the same answers, word for word.
  expect(await answered(others.id)).toEqual(await answered('no-such-connection'));
  expect(JSON.stringify(await answered(others.id))).not.toContain('Procesador');
  const denied = await proxy.database.db
    .selectFrom('audit_entry')
    .select(['action', 'actor_email', 'status', 'detail'])
    .where('action', '=', 'access.denied')
    .where('id', 'not in', before.length > 0 ? before.map((row) => row.id) : [-1])
    .orderBy('id')
    .execute();
  const theirs = denied.filter((entry) => (entry.detail as { connection: string }).connection === others.id);
  expect(theirs.slice(0, 3)).toEqual(
    ['setConnectionWebhook', 'replaceConnectionSecret', 'removeConnection'].map((operation, index) => ({
      action: 'access.denied',
      actor_email: 'ana.martin@redsalud.demo',
      status: 404,
      detail: { operation, connection: others.id, method: index === 2 ? 'DELETE' : 'PUT' },
    })),
  );
  // Nothing changed on it.
  expect(await proxy.webhooks.url(others.id)).toBeUndefined();
  expect((await proxy.directory.connections()).some((connection) => connection.id === others.id)).toBe(true);
});
