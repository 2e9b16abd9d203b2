// People and their roles through the proxy (docs/decisions/0023): what a role allows, a role
// changed or removed mid-session, invitations, roles from the ID token's claim, switching
// connection, signing out, and the first admin of a new deployment.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sessionSchema } from '../../../proxy-api/console.ts';
import { peopleSchema } from '../../../proxy-api/people.ts';
import { parseRoleMapping } from './policy.ts';
import { problemOf, startPeopleProxy, type PeopleProxy } from '../../testing/people.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { TestBrowser } from '../../testing/browser.ts';

let server: PostgresServer;
let databases = 0;
const open: PeopleProxy[] = [];

beforeAll(async () => {
  server = await startPostgresServer();
}, 120_000);

afterAll(async () => {
  await Promise.all(open.map((proxy) => proxy.close()));
  await server?.destroy();
});

async function proxyWith(options: Omit<Parameters<typeof startPeopleProxy>[0], 'databaseUrl'> = {}) {
  const proxy = await startPeopleProxy({
    databaseUrl: await server.createDatabase(`people_${++databases}`),
    ...options,
  });
  open.push(proxy);
  return proxy;
}

const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const newCentre = { name: 'Clínica Nueva', country: 'ES', city: 'Girona', email: 'nueva@example.test' };

async function personId(proxy: PeopleProxy, admin: string | undefined, email: string) {
  const people = peopleSchema.parse(await (await proxy.request('/people', { session: admin })).json()).people;
  const found = people.find((person) => person.email === email);
  if (!found) throw new Error(`${email} is not listed`);
  return found.id;
}

test('a role changed mid-session judges the very next request by the new role, and a removed person’s next request ends their session', async () => {
  const proxy = await proxyWith();
  const { session: admin } = await proxy.signIn('demo-ana');
  const { session: support } = await proxy.signIn('demo-sofia');
  const create = () =>
    proxy.request('/api/iam/v1/register/childProvider', {
      method: 'POST',
      session: support,
      ...json(newCentre),
    });
  const refused = await create();
  expect(refused.status).toBe(403);
  expect(await refused.json()).toMatchObject({
    code: 'forbidden',
    detail:
      'Your role on Red Salud Demo is support, which cannot create centres. Ask an admin of Red Salud Demo for the operator role.',
  });
  const sofia = await personId(proxy, admin, 'sofia.vidal@redsalud.demo');
  const promote = await proxy.request(`/people/${sofia}/role`, {
    method: 'PUT',
    session: admin,
    ...json({ role: 'operator' }),
  });
  expect(promote.status).toBe(200);
  expect((await create()).status).toBe(200);
  await proxy.request(`/people/${sofia}/role`, {
    method: 'PUT',
    session: admin,
    ...json({ role: 'support' }),
  });
  expect((await create()).status).toBe(403);
  expect((await proxy.request(`/people/${sofia}`, { method: 'DELETE', session: admin })).status).toBe(204);
  const ended = await proxy.request('/api/core/v1/provider/100/child', { session: support });
  expect(ended.status).toBe(401);
  expect(await ended.json()).toMatchObject({ code: 'access_removed' });
  expect(ended.headers.getSetCookie().join()).toContain('Max-Age=0');
  expect((await proxy.request('/auth/session', { session: support })).status).toBe(401);
  // Known no more: signing in again is refused.
  expect(problemOf((await proxy.signIn('demo-sofia')).landed)).toBe('unknown_person');
  const rows = await proxy.database.db
    .selectFrom('audit_entry')
    .select(['action', 'actor_email', 'subject', 'status'])
    .orderBy('id')
    .execute();
  expect(rows.filter((row) => row.action !== 'auth.sign_in')).toEqual([
    { action: 'access.denied', actor_email: 'sofia.vidal@redsalud.demo', subject: null, status: 403 },
    {
      action: 'person.role_change',
      actor_email: 'ana.martin@redsalud.demo',
      subject: 'sofia.vidal@redsalud.demo',
      status: 200,
    },
    { action: 'centre.create', actor_email: 'sofia.vidal@redsalud.demo', subject: null, status: 200 },
    {
      action: 'person.role_change',
      actor_email: 'ana.martin@redsalud.demo',
      subject: 'sofia.vidal@redsalud.demo',
      status: 200,
    },
    { action: 'access.denied', actor_email: 'sofia.vidal@redsalud.demo', subject: null, status: 403 },
    {
      action: 'person.remove',
      actor_email: 'ana.martin@redsalud.demo',
      subject: 'sofia.vidal@redsalud.demo',
      status: 204,
    },
  ]);
});

test('an admin invites by e-mail with a role; the person then signs in as themselves with it; a second invitation is refused in words', async () => {
  const proxy = await proxyWith();
  const { session: admin } = await proxy.signIn('demo-ana');
  const invite = () =>
    proxy.request('/people', {
      method: 'POST',
      session: admin,
      ...json({ email: 'New.Person@Example.test', role: 'operator' }),
    });
  const invited = await invite();
  expect(invited.status).toBe(201);
  expect(await invited.json()).toMatchObject({
    email: 'new.person@example.test',
    role: 'operator',
    invited: true,
  });
  const again = await invite();
  expect(again.status).toBe(409);
  expect(await again.json()).toMatchObject({ code: 'already_member' });
  const { session } = await proxy.signIn('new.person@example.test');
  expect(sessionSchema.parse(await (await proxy.request('/auth/session', { session })).json())).toMatchObject(
    {
      role: 'operator',
      person: { email: 'new.person@example.test' },
    },
  );
  // Only an admin invites; the operator is told why.
  const denied = await proxy.request('/people', {
    method: 'POST',
    session,
    ...json({ email: 'x@example.test', role: 'support' }),
  });
  expect(denied.status).toBe(403);
  expect(await denied.json()).toMatchObject({ detail: expect.stringContaining('cannot manage people') });
});

test('the only admin of a connection cannot be demoted or removed', async () => {
  const proxy = await proxyWith();
  const { session: admin } = await proxy.signIn('demo-ana');
  const ana = await personId(proxy, admin, 'ana.martin@redsalud.demo');
  const demoted = await proxy.request(`/people/${ana}/role`, {
    method: 'PUT',
    session: admin,
    ...json({ role: 'support' }),
  });
  expect(demoted.status).toBe(409);
  expect(await demoted.json()).toMatchObject({ code: 'last_admin' });
  expect((await proxy.request(`/people/${ana}`, { method: 'DELETE', session: admin })).status).toBe(409);
});

test('someone whose ID-token claim maps to a role is known without an invitation, on the connection the mapping names', async () => {
  const proxy = await proxyWith({
    people: {
      adminEmails: new Set(),
      rolesClaim: 'roles',
      roleMapping: parseRoleMapping('helpdesk=support@demo/200, other=admin@demo/999'),
      trustEmail: false,
    },
    extraClaims: (subject) =>
      subject === 'email:desk@example.test' ? { roles: ['helpdesk', 'unrelated'] } : {},
  });
  const { session, landed } = await proxy.signIn('desk@example.test');
  expect(new URL(landed).pathname).toBe('/centres');
  expect(sessionSchema.parse(await (await proxy.request('/auth/session', { session })).json())).toMatchObject(
    {
      providerId: 200,
      role: 'support',
      connections: [{ label: 'Grupo Procesador Demo', role: 'support' }],
    },
  );
});

test('a person with roles on two parents switches connection, and then works with the other parent’s centres', async () => {
  const proxy = await proxyWith();
  const { session } = await proxy.signIn('demo-pau');
  const current = sessionSchema.parse(await (await proxy.request('/auth/session', { session })).json());
  expect(current.connections?.map((choice) => choice.label)).toEqual([
    'Grupo Procesador Demo',
    'Red Salud Demo',
  ]);
  const other = current.connections?.find((choice) => choice.providerId !== current.providerId);
  if (!other) throw new Error('Pau has two connections');
  const switched = await proxy.request('/auth/connection', {
    method: 'POST',
    session,
    ...json({ connectionId: other.id }),
  });
  expect(switched.status).toBe(200);
  expect(await switched.json()).toMatchObject({ providerId: other.providerId, connection: { id: other.id } });
  const centres = await proxy.request(`/api/core/v1/provider/${other.providerId}/child`, { session });
  expect(centres.status).toBe(200);
  const unknown = await proxy.request('/auth/connection', {
    method: 'POST',
    session,
    ...json({ connectionId: 'nope' }),
  });
  expect(unknown.status).toBe(403);
  // The refused switch is in the trail, as every other refusal is.
  const refused = await proxy.database.db
    .selectFrom('audit_entry')
    .select(['action', 'actor_email', 'status', 'detail'])
    .where('action', '=', 'access.denied')
    .execute();
  expect(refused).toEqual([
    {
      action: 'access.denied',
      actor_email: 'pau.serra@soporte.demo',
      status: 403,
      detail: { operation: 'switchConnection', connection: 'nope', method: 'POST' },
    },
  ]);
});

test('the first admin from ADMIN_EMAILS registers the first connection of a new deployment, a wrong secret refused in words', async () => {
  const proxy = await proxyWith({
    seedConnections: false,
    seedPeople: false,
    people: {
      adminEmails: new Set(['first@example.test']),
      rolesClaim: undefined,
      roleMapping: [],
      trustEmail: false,
    },
  });
  const browser = new TestBrowser();
  const { landed } = await proxy.signIn('first@example.test', browser);
  // The console's screen for it, which sends POST /connections/first.
  expect(new URL(landed).pathname).toBe('/first-connection');
  const register = (clientSecret: string) =>
    browser.fetch(`${proxy.url}/connections/first`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'provider-console' },
      body: JSON.stringify({
        label: 'Red Salud',
        environment: 'demo',
        providerId: 100,
        clientId: 'demo-parent',
        clientSecret,
      }),
    });
  const wrong = await register('not-the-secret');
  expect(wrong.status).toBe(422);
  expect(await wrong.json()).toMatchObject({
    code: 'invalid_credentials',
    detail:
      'The service refused this client id and secret for Red Salud: check both, as the service issued them.',
  });
  const right = await register('demo-parent-secret');
  expect(right.status).toBe(201);
  expect(await right.json()).toMatchObject({
    role: 'admin',
    connection: { label: 'Red Salud' },
    person: { email: 'first@example.test' },
  });
  // Nobody else can use the first-connection door now.
  expect(
    (
      await new TestBrowser().fetch(`${proxy.url}/connections/first`, {
        method: 'POST',
        headers: { 'x-requested-with': 'provider-console' },
      })
    ).status,
  ).toBe(401);
});
