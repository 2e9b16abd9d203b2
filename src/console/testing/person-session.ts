import { http, HttpResponse, type RequestHandler } from 'msw';
import { ROLE_PERMISSIONS, type Role } from '@/proxy-api/permissions';
import type { Connection, Person } from '@/proxy-api/people';

// A person signed in as themselves (docs/decisions/0023), for the console's screen tests. The
// in-page proxy the tests run against (testing/simulator-console.ts) has no database, so no people:
// its client-credential session does the calls, and these answers say who the console is showing.
// The proxy's side of people and roles is tested against PostgreSQL and the embedded OpenID
// provider (src/proxy/people), and in the journeys against `npm start` (e2e/people.spec.ts).

export const RED_SALUD = { id: 'conn-red-salud', label: 'Red Salud Demo', state: 'ok' } as const;

/**
 * The session of `name`, with `role` on Red Salud Demo: the demo parent's connection, or one whose
 * stored credentials are `login`'s.
 */
export function personSessionHandler(
  role: Role,
  name = 'Sofía Vidal',
  login = { providerId: 100, clientId: 'demo-parent' },
): RequestHandler {
  return http.get('*/auth/session', () =>
    HttpResponse.json({
      environment: 'demo',
      ...login,
      providerVerified: true,
      permissions: [...ROLE_PERMISSIONS[role]],
      person: { name, email: 'sofia@redsalud.demo', subject: 'sofia-subject' },
      connection: RED_SALUD,
      role,
      connections: [{ ...RED_SALUD, environment: 'demo', providerId: login.providerId, role }],
    }),
  );
}

/** A person of the connection, as `GET /people` lists them. */
export const person = (init: Partial<Person> & Pick<Person, 'id' | 'email'>): Person => ({
  name: null,
  role: 'operator',
  source: 'console',
  invited: false,
  lastSignInAt: null,
  subject: null,
  ...init,
});

/** `GET /people` answers these people. */
export const peopleHandler = (people: Person[]): RequestHandler =>
  http.get('*/people', () => HttpResponse.json({ people }));

/** A connection as `GET /connections` lists it: Red Salud Demo, working, without a chat webhook. */
export const testConnection = (overrides: Partial<Connection> = {}): Connection => ({
  id: RED_SALUD.id,
  label: RED_SALUD.label,
  environment: 'demo',
  providerId: 100,
  clientId: 'demo-parent',
  providerVerified: true,
  state: 'ok',
  refusedAt: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  createdBy: null,
  webhookHost: null,
  ...overrides,
});
