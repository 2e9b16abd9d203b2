import { http, HttpResponse, type RequestHandler } from 'msw';

// A small stand-in for the token proxy's browser-facing surface (docs/decisions/0006-console.md),
// used by the console's integration tests until the simulator's createConsoleSurfaceHandlers is on
// main. It follows the proxy's status codes and problem+json bodies for what these tests touch.

export type FakeCentre = { id: number; name: string; country: string; city: string; parentId: number };
export type FakeProvider = { providerId: number; clientId: string; secret: string; parentId?: number };
export type FakeEnvironment = {
  id: string;
  label: string;
  kind: 'demo' | 'development' | 'qa' | 'production';
  operations: string[];
};

const ALL_OPERATIONS = [
  'requestToken',
  'registerDoctors',
  'createChildCenter',
  'getChildCenterCredentials',
  'listChildCenters',
  'listDoctorsWithLicenses',
  'getLicenses',
  'sendPartnerWebhook',
  'listReportTemplates',
];

export interface FakeWorld {
  environments: FakeEnvironment[];
  providers: FakeProvider[];
  centres: FakeCentre[];
  session: { environment: string; providerId: number; clientId: string } | null;
  failedLogins: number;
  requests: { method: string; path: string; xRequestedWith: string | null }[];
  /** The next /api call answers 401 (an expired session), once. */
  expireNextApiCall: boolean;
}

export function createFakeWorld(options: { centres?: number } = {}): FakeWorld {
  const count = options.centres ?? 3;
  const seeded: FakeCentre[] = [
    { id: 101, name: 'Clínica Barcelona', country: 'ES', city: 'Barcelona', parentId: 100 },
    { id: 102, name: 'Centro Madrid', country: 'ES', city: 'Madrid', parentId: 100 },
    { id: 103, name: 'Lisbon Care', country: 'PT', city: 'Lisboa', parentId: 100 },
  ];
  const centres =
    count <= 3
      ? seeded.slice(0, count)
      : Array.from({ length: count }, (_, index) => ({
          id: 1000 + index,
          name: `Centre ${String(index).padStart(5, '0')}`,
          country: index % 2 === 0 ? 'ES' : 'FR',
          city: `City ${index % 97}`,
          parentId: 100,
        }));
  return {
    environments: [
      { id: 'demo', label: 'Demo (simulator)', kind: 'demo', operations: ALL_OPERATIONS },
      {
        id: 'development',
        label: 'Development',
        kind: 'development',
        operations: ['requestToken', 'registerDoctors'],
      },
    ],
    providers: [
      { providerId: 100, clientId: 'demo-parent', secret: 'demo-parent-secret' },
      { providerId: 101, clientId: 'child-101', secret: 'child-101-secret', parentId: 100 },
    ],
    centres,
    session: null,
    failedLogins: 0,
    requests: [],
    expireNextApiCall: false,
  };
}

const problem = (status: number, code: string, detail: string, headers?: Record<string, string>) =>
  HttpResponse.json(
    { type: `/problems/${code}`, title: code, status, detail, requestId: 'req-test', code },
    { status, headers: { 'content-type': 'application/problem+json', ...headers } },
  );

export function fakeConsoleSurfaceHandlers(world: FakeWorld): RequestHandler[] {
  const record = (request: Request) => {
    world.requests.push({
      method: request.method,
      path: new URL(request.url).pathname,
      xRequestedWith: request.headers.get('x-requested-with'),
    });
    return request.headers.get('x-requested-with') === 'provider-console';
  };
  const authenticated = () => world.session;
  return [
    http.get('*/auth/environments', ({ request }) => {
      if (!record(request)) return problem(403, 'csrf', 'missing header');
      return HttpResponse.json(world.environments);
    }),
    http.post('*/auth/login', async ({ request }) => {
      if (!record(request)) return problem(403, 'csrf', 'missing header');
      if (world.failedLogins >= 5)
        return problem(429, 'too_many_attempts', 'Too many attempts', { 'retry-after': '42' });
      const body = (await request.json()) as {
        environment: string;
        providerId: number;
        clientId: string;
        clientSecret: string;
      };
      const provider = world.providers.find(
        (p) =>
          p.providerId === body.providerId && p.clientId === body.clientId && p.secret === body.clientSecret,
      );
      if (!provider) {
        world.failedLogins += 1;
        return problem(401, 'invalid_credentials', 'The credentials were not accepted');
      }
      world.session = { environment: body.environment, providerId: body.providerId, clientId: body.clientId };
      return HttpResponse.json(world.session);
    }),
    http.get('*/auth/session', ({ request }) => {
      if (!record(request)) return problem(403, 'csrf', 'missing header');
      return world.session
        ? HttpResponse.json(world.session)
        : problem(401, 'not_authenticated', 'No session');
    }),
    http.post('*/auth/logout', ({ request }) => {
      record(request);
      world.session = null;
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/core/v1/provider/:providerId/child', ({ request, params }) => {
      if (!record(request)) return problem(403, 'csrf', 'missing header');
      const session = authenticated();
      if (!session || world.expireNextApiCall) {
        world.expireNextApiCall = false;
        return problem(401, 'session_expired', 'The session has expired');
      }
      const me = world.providers.find((p) => p.providerId === session.providerId);
      if (me?.parentId !== undefined || Number(params['providerId']) !== session.providerId) {
        return HttpResponse.json({ success: false, code: 403, message: 'Forbidden' }, { status: 403 });
      }
      const data = world.centres
        .filter((c) => c.parentId === session.providerId)
        .map(({ id, name, country, city }) => ({ id, name, country, city }));
      return HttpResponse.json({
        success: true,
        code: 200,
        response: { data, meta: { total: data.length, offset: 0, limit: data.length } },
      });
    }),
    http.post('*/api/iam/v1/register/childProvider', async ({ request }) => {
      if (!record(request)) return problem(403, 'csrf', 'missing header');
      const session = authenticated();
      if (!session || world.expireNextApiCall) {
        world.expireNextApiCall = false;
        return problem(401, 'session_expired', 'The session has expired');
      }
      const body = (await request.json()) as { name: string; country: string; city: string };
      if (body.name.toLowerCase().includes('duplicate')) {
        return HttpResponse.json(
          {
            success: false,
            code: 400,
            message: 'Invalid request',
            errors: [{ field: 'name', message: 'Name already taken' }],
          },
          { status: 400 },
        );
      }
      const id = Math.max(100, ...world.centres.map((c) => c.id)) + 1;
      world.centres.push({ id, ...body, parentId: session.providerId });
      const credentials = { providerId: id, clientId: `child-${id}`, secret: `secret-${id}` };
      world.providers.push({
        providerId: id,
        clientId: credentials.clientId,
        secret: credentials.secret,
        parentId: session.providerId,
      });
      return HttpResponse.json({ success: true, code: 200, response: credentials });
    }),
    http.get('*/api/iam/v1/provider/:id/credentials', ({ request, params }) => {
      if (!record(request)) return problem(403, 'csrf', 'missing header');
      if (!authenticated()) return problem(401, 'session_expired', 'The session has expired');
      const provider = world.providers.find((p) => p.providerId === Number(params['id']));
      if (!provider)
        return HttpResponse.json({ success: false, code: 404, message: 'Not found' }, { status: 404 });
      return HttpResponse.json({
        success: true,
        code: 200,
        response: { clientId: provider.clientId, secret: provider.secret },
      });
    }),
  ];
}
