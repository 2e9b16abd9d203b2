// THE table (src/proxy-api/permissions.ts, docs/decisions/0023) covers every operation the proxy
// forwards or serves, and the proxy enforces it on every request: a route or an operation added
// without an entry fails here, and so does a route that forgets to check.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CLIENT_SESSION_PERMISSIONS,
  OPERATION_REQUIREMENTS,
  PROXY_OPERATION_IDS,
  ROLE_PERMISSIONS,
  type AnyOperationId,
  type Permission,
} from '../../../proxy-api/permissions.ts';
import { OPERATION_IDS, operations } from '../../../contract/operations.ts';
import { startPeopleProxy, type PeopleProxy } from '../../testing/people.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { sessionFrom } from '../../testing/harness.ts';

/**
 * Every route the proxy's app serves, and the operation of the table it is. Adding a route means
 * adding it here, with an operation the table has: the test below walks the app's routes.
 */
const endpoints: { method: string; path: string; operation: AnyOperationId; sample: string }[] = [
  { method: 'GET', path: '/auth/environments', operation: 'listEnvironments', sample: '/auth/environments' },
  {
    method: 'GET',
    path: '/auth/sign-in-options',
    operation: 'getSignInOptions',
    sample: '/auth/sign-in-options',
  },
  { method: 'POST', path: '/auth/login', operation: 'signInWithCredentials', sample: '/auth/login' },
  { method: 'POST', path: '/auth/demo-login', operation: 'signInAsDemo', sample: '/auth/demo-login' },
  {
    method: 'GET',
    path: '/auth/organisation/start',
    operation: 'startOrganisationSignIn',
    sample: '/auth/organisation/start',
  },
  {
    method: 'GET',
    path: '/auth/organisation/callback',
    operation: 'finishOrganisationSignIn',
    sample: '/auth/organisation/callback',
  },
  {
    method: 'GET',
    path: '/auth/organisation/signed-out',
    operation: 'finishOrganisationSignOut',
    sample: '/auth/organisation/signed-out',
  },
  {
    method: 'POST',
    path: '/auth/organisation/backchannel-logout',
    operation: 'endOrganisationSessions',
    sample: '/auth/organisation/backchannel-logout',
  },
  { method: 'GET', path: '/auth/jwks.json', operation: 'getClientKeys', sample: '/auth/jwks.json' },
  { method: 'GET', path: '/auth/session', operation: 'getSession', sample: '/auth/session' },
  { method: 'POST', path: '/auth/connection', operation: 'switchConnection', sample: '/auth/connection' },
  { method: 'POST', path: '/auth/logout', operation: 'signOut', sample: '/auth/logout' },
  { method: 'GET', path: '/api/centres', operation: 'listCentres', sample: '/api/centres' },
  { method: 'GET', path: '/api/centres/own', operation: 'getOwnCentre', sample: '/api/centres/own' },
  { method: 'GET', path: '/api/centres/:id', operation: 'getCentre', sample: '/api/centres/101' },
  { method: 'POST', path: '/watch/refresh', operation: 'refreshCentres', sample: '/watch/refresh' },
  { method: 'GET', path: '/watch/centres', operation: 'listWatchedCentres', sample: '/watch/centres' },
  { method: 'GET', path: '/watch/centres/:id', operation: 'getCentreTimeline', sample: '/watch/centres/101' },
  {
    method: 'GET',
    path: '/watch/centres/:id/connections',
    operation: 'findCentreConnections',
    sample: '/watch/centres/101/connections',
  },
  { method: 'GET', path: '/contract-events', operation: 'listContractEvents', sample: '/contract-events' },
  { method: 'GET', path: '/audit/entries', operation: 'listActivity', sample: '/audit/entries' },
  { method: 'GET', path: '/audit/entries.csv', operation: 'exportActivity', sample: '/audit/entries.csv' },
  { method: 'GET', path: '/people', operation: 'listPeople', sample: '/people' },
  { method: 'POST', path: '/people', operation: 'invitePerson', sample: '/people' },
  { method: 'PUT', path: '/people/:id/role', operation: 'changeRole', sample: '/people/nobody/role' },
  { method: 'DELETE', path: '/people/:id', operation: 'removePerson', sample: '/people/nobody' },
  { method: 'GET', path: '/connections', operation: 'listConnections', sample: '/connections' },
  { method: 'POST', path: '/connections', operation: 'addConnection', sample: '/connections' },
  {
    method: 'PUT',
    path: '/connections/:id/secret',
    operation: 'replaceConnectionSecret',
    sample: '/connections/nothing/secret',
  },
  {
    method: 'DELETE',
    path: '/connections/:id',
    operation: 'removeConnection',
    sample: '/connections/nothing',
  },
  {
    method: 'PUT',
    path: '/connections/:id/webhook',
    operation: 'setConnectionWebhook',
    sample: '/connections/nothing/webhook',
  },
  { method: 'GET', path: '/demo/mail', operation: 'listDemoMail', sample: '/demo/mail' },
  {
    method: 'POST',
    path: '/connections/first',
    operation: 'addFirstConnection',
    sample: '/connections/first',
  },
  { method: 'GET', path: '/alerts', operation: 'listAlerts', sample: '/alerts' },
  { method: 'GET', path: '/alerts/unread', operation: 'countUnreadAlerts', sample: '/alerts/unread' },
  { method: 'POST', path: '/alerts/read', operation: 'markAlertsRead', sample: '/alerts/read' },
  {
    method: 'GET',
    path: '/alerts/preferences',
    operation: 'getAlertPreferences',
    sample: '/alerts/preferences',
  },
  {
    method: 'PUT',
    path: '/alerts/preferences',
    operation: 'setAlertPreferences',
    sample: '/alerts/preferences',
  },
  { method: 'PUT', path: '/alerts/time-zone', operation: 'setAlertTimeZone', sample: '/alerts/time-zone' },
  {
    method: 'GET',
    path: '/alerts/deliveries/failed',
    operation: 'listFailedDeliveries',
    sample: '/alerts/deliveries/failed',
  },
  {
    method: 'POST',
    path: '/alerts/deliveries/:id/retry',
    operation: 'retryFailedDelivery',
    sample: '/alerts/deliveries/1/retry',
  },
];

/** Served without a session, by design: health, the simulator's control API (demo), the console's files. */
const infrastructure = /^(\/healthz|\/readyz|\/__sim\/\*|\/\*|\/api\/\*)$/;

describe('the table', () => {
  test('has an entry for every operation of the service and every operation of the proxy, and nothing else', () => {
    expect(Object.keys(OPERATION_REQUIREMENTS).sort()).toEqual(
      [...OPERATION_IDS, ...PROXY_OPERATION_IDS].sort(),
    );
    for (const operation of operations) expect(OPERATION_REQUIREMENTS[operation.id]).toBeDefined();
  });

  test('never forwards the token operation, and asks a permission for every other operation of the service', () => {
    for (const { id } of operations)
      expect(OPERATION_REQUIREMENTS[id], id).toMatch(id === 'requestToken' ? /^never$/ : /^[a-z]+\.[a-z]+$/);
  });

  test('every route the app serves is an operation of the table', async () => {
    const proxy = await startPeopleProxy({ databaseUrl: await server.createDatabase('table_routes') });
    try {
      const served = proxy.app.app.routes
        .filter((route) => route.method !== 'ALL' && !infrastructure.test(route.path))
        .map((route) => `${route.method} ${route.path}`);
      expect(new Set(served)).toEqual(
        new Set(endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)),
      );
    } finally {
      await proxy.close();
    }
  });
});

let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgresServer();
}, 120_000);
afterAll(async () => {
  await server?.destroy();
});

describe('the proxy enforces it on every request', () => {
  let proxy: PeopleProxy;
  const sessions = new Map<string, string | undefined>();
  beforeAll(async () => {
    proxy = await startPeopleProxy({ databaseUrl: await server.createDatabase('table_matrix') });
    for (const [role, subject] of [
      ['admin', 'demo-ana'],
      ['operator', 'demo-oscar'],
      ['support', 'demo-sofia'],
    ] as const)
      // oxlint-disable-next-line no-await-in-loop -- one sign-in after the other
      sessions.set(role, (await proxy.signIn(subject)).session);
    const demo = await proxy.request('/auth/demo-login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"as":"parent"}',
    });
    sessions.set('client', sessionFrom(demo));
  }, 60_000);
  afterAll(async () => {
    await proxy?.close();
  });

  const calls = [
    ...operations
      .filter((operation) => operation.id !== 'requestToken')
      .map((operation) => ({
        operation: operation.id as AnyOperationId,
        method: operation.method,
        path: `/api${operation.path.replaceAll(/\{[A-Za-z]+\}/g, '100')}`,
      })),
    ...endpoints
      .filter((endpoint) => endpoint.operation !== 'signOut')
      .map((endpoint) => ({ operation: endpoint.operation, method: endpoint.method, path: endpoint.sample })),
  ];

  const granted: Record<string, readonly Permission[]> = {
    ...ROLE_PERMISSIONS,
    client: CLIENT_SESSION_PERMISSIONS,
  };

  test.each(['admin', 'operator', 'support', 'client'])(
    'as %s: refused (403, in words) exactly where the table says so, and each refusal is recorded',
    async (who) => {
      const before = (
        await proxy.database.db
          .selectFrom('audit_entry')
          .select('id')
          .where('action', '=', 'access.denied')
          .execute()
      ).length;
      let refusals = 0;
      // A connection that is not the admin's own (the samples name none of theirs) is a 404,
      // recorded too (issue 46 L4).
      let notTheirs = 0;
      for (const call of calls) {
        const requirement = OPERATION_REQUIREMENTS[call.operation];
        const allowed =
          requirement === 'public' ||
          requirement === 'signed-in' ||
          (requirement !== 'never' && granted[who]?.includes(requirement) === true);
        // oxlint-disable-next-line no-await-in-loop -- one call at a time, so that each answer is its own
        const response = await proxy.request(call.path, {
          method: call.method,
          session: sessions.get(who),
          ...(call.method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' }),
        });
        // oxlint-disable-next-line no-await-in-loop -- as above
        const body = (await response
          .clone()
          .json()
          .catch(() => ({}))) as { code?: string; detail?: string };
        const forbidden = response.status === 403 && body.code === 'forbidden';
        expect(forbidden, `${who} ${call.method} ${call.path} (${call.operation})`).toBe(!allowed);
        // A refusal says in words what the role cannot do.
        expect(forbidden ? body.detail : 'allowed').toMatch(forbidden ? /cannot [a-z]/ : /^allowed$/);
        refusals += forbidden ? 1 : 0;
        notTheirs += response.status === 404 && call.path.startsWith('/connections/') ? 1 : 0;
      }
      const after = (
        await proxy.database.db
          .selectFrom('audit_entry')
          .select('id')
          .where('action', '=', 'access.denied')
          .execute()
      ).length;
      expect(after - before).toBe(refusals + notTheirs);
      expect(refusals > 0).toBe(who !== 'admin');
    },
  );
});
