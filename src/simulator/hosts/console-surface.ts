// The token proxy's browser-facing surface (interfaces.md, "Token proxy surface") played over a
// simulator: the in-browser demo and the console's Vitest tests talk to this exactly as they talk
// to the real proxy. It keeps one session (one browser), holds the token itself (the page never
// sees it) and forwards only the spec's operations.
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { Simulator } from '../index.ts';

export const OPERATION_IDS = [
  'requestToken',
  'registerDoctors',
  'createChildCenter',
  'getChildCenterCredentials',
  'listChildCenters',
  'listDoctorsWithLicenses',
  'getLicenses',
  'sendPartnerWebhook',
  'listReportTemplates',
] as const;

/** The operations the surface forwards under /api (the token is the surface's own business). */
const FORWARDED: readonly { method: 'GET' | 'POST'; pattern: RegExp; templates?: true }[] = [
  { method: 'POST', pattern: /^\/iam\/v1\/register\/healthProviderDoctor$/ },
  { method: 'POST', pattern: /^\/iam\/v1\/register\/childProvider$/ },
  { method: 'GET', pattern: /^\/iam\/v1\/provider\/[1-9]\d*\/credentials$/ },
  { method: 'GET', pattern: /^\/core\/v1\/provider\/[1-9]\d*\/child$/ },
  { method: 'GET', pattern: /^\/payments\/v1\/subscription\/provider\/[1-9]\d*\/user$/ },
  { method: 'GET', pattern: /^\/payments\/v1\/subscription\/provider\/[1-9]\d*\/license$/ },
  { method: 'POST', pattern: /^\/payments\/v1\/partner\/webhook$/ },
  { method: 'GET', pattern: /^\/reportExample$/, templates: true },
];

export type ConsoleSurfaceOptions = {
  /** D9: the prefix the simulator serves templates under (the surface adds it, as the proxy does). */
  templatesPrefix?: string;
  /** Failed logins per client id allowed in a window before 429 (default 5 in 15 minutes, as the proxy). */
  maxFailedLogins?: number;
  failureWindowSeconds?: number;
  /** Wall clock for the login lock (the simulator's clock is for upstream rules only). */
  now?: () => number;
};

type Session = {
  environment: 'demo';
  providerId: number;
  clientId: string;
  clientSecret: string;
  token: string;
};

const SIM_ORIGIN = 'http://simulator.invalid';

// Paths anchored at the start of the URL's path on any origin: `*/api/*` would also catch the dev
// server's module requests such as `/src/lib/api/client.ts` in the browser demo.
const escape = (path: string) => path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const at = (path: string) => new RegExp(`^[a-z][a-z0-9+.-]*://[^/]+${escape(path)}$`, 'i');
const under = (prefix: string) => new RegExp(`^[a-z][a-z0-9+.-]*://[^/]+${escape(prefix)}`, 'i');

const isJson = (request: Request) =>
  /^application\/(.+\+)?json\s*(;|$)/i.test(request.headers.get('content-type') ?? '');

export function createConsoleSurfaceHandlers(
  sim: Pick<Simulator, 'fetch'>,
  options: ConsoleSurfaceOptions = {},
): HttpHandler[] {
  const maxFailed = options.maxFailedLogins ?? 5;
  const windowMs = (options.failureWindowSeconds ?? 15 * 60) * 1000;
  const now = options.now ?? Date.now;
  const prefix = options.templatesPrefix ?? '';
  let session: Session | undefined;
  // Issue 4 (mirrored): failures counted per client id in a fixed window from the first failure.
  const failures = new Map<string, { count: number; windowEnd: number }>();
  const failuresOf = (clientId: string) => {
    const entry = failures.get(clientId);
    if (entry && entry.windowEnd > now()) return entry;
    failures.delete(clientId);
    return undefined;
  };
  let requestCount = 0;

  const problem = (
    status: number,
    code: string,
    title: string,
    detail: string,
    headers: Record<string, string> = {},
  ) => {
    requestCount += 1;
    const requestId = `demo-${requestCount}`;
    return HttpResponse.json(
      { type: `/problems/${code}`, title, status, detail, requestId, code },
      {
        status,
        headers: { 'Content-Type': 'application/problem+json', 'X-Request-Id': requestId, ...headers },
      },
    );
  };
  const csrf = (request: Request) =>
    request.headers.get('x-requested-with') === 'provider-console'
      ? undefined
      : problem(403, 'csrf', 'Forbidden', 'The X-Requested-With: provider-console header is required.');

  async function upstreamToken(
    clientId: string,
    clientSecret: string,
  ): Promise<{ token?: string; status: number }> {
    const response = await sim.fetch(
      new Request(`${SIM_ORIGIN}/api/iam/integration/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: clientSecret,
        }),
      }),
    );
    if (!response.ok) return { status: response.status };
    const body: unknown = await response.json();
    const token =
      typeof body === 'object' && body !== null && 'access_token' in body ? body.access_token : undefined;
    return typeof token === 'string' ? { token, status: 200 } : { status: 502 };
  }

  /** The login's providerId must be the token's own provider, as the real proxy checks it. */
  async function tokenActsFor(token: string, providerId: number): Promise<boolean> {
    const core = (sim as Partial<Simulator>).core;
    if (core) {
      const caller = core.authenticate(`Bearer ${token}`);
      return caller.ok && caller.value.providerId === providerId;
    }
    const response = await sim.fetch(
      new Request(`${SIM_ORIGIN}/payments/v1/subscription/provider/${providerId}/user?limit=1`, {
        headers: { Authorization: `Bearer ${token}` },
      }),
    );
    return response.ok;
  }

  const unsupportedMediaType = () =>
    problem(415, 'unsupported_media_type', 'Unsupported Media Type', 'Send the body as application/json.');

  /**
   * What the proxy does with an upstream answer: 2xx JSON and the error statuses of spec §7 (with
   * a JSON body) pass through; anything else becomes its problem+json 502, so that console tests
   * over this surface see what the console will see behind the real proxy.
   */
  const relay = async (response: Response): Promise<Response> => {
    const text = await response.text();
    let json = true;
    try {
      JSON.parse(text);
    } catch {
      json = false;
    }
    const { status } = response;
    if (status >= 200 && status < 300)
      return json
        ? new HttpResponse(text, { status, headers: { 'Content-Type': 'application/json' } })
        : problem(
            502,
            'upstream_bad_response',
            'Bad Gateway',
            'The service sent an answer that is not JSON.',
          );
    if ([400, 401, 403, 404, 409, 422, 429].includes(status)) {
      const retryAfter = response.headers.get('retry-after');
      const extra: Record<string, string> =
        status === 429 && retryAfter && /^\d{1,6}$/.test(retryAfter) ? { 'Retry-After': retryAfter } : {};
      return json
        ? new HttpResponse(text, { status, headers: { 'Content-Type': 'application/json', ...extra } })
        : problem(
            status,
            'upstream_bad_response',
            'Upstream error',
            `The service answered ${status}.`,
            extra,
          );
    }
    return problem(502, 'upstream_unavailable', 'Bad Gateway', `The service answered ${status}.`);
  };

  const sessionBody = (s: Session) => ({
    environment: s.environment,
    providerId: s.providerId,
    clientId: s.clientId,
  });

  return [
    http.get(at('/auth/environments'), ({ request }) => {
      const refused = csrf(request);
      if (refused) return refused;
      return HttpResponse.json([
        { id: 'demo', label: 'Demo (simulator)', kind: 'demo', operations: [...OPERATION_IDS] },
      ]);
    }),
    http.post(at('/auth/login'), async ({ request }) => {
      const refused = csrf(request);
      if (refused) return refused;
      if (!/^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? ''))
        return problem(
          415,
          'unsupported_media_type',
          'Unsupported Media Type',
          'Send the login as application/json.',
        );
      let body: unknown;
      try {
        body = await request.json();
      } catch {
        return problem(400, 'invalid_request', 'Bad Request', 'The body is not valid JSON.');
      }
      const login = readLogin(body);
      if (!login)
        return problem(
          400,
          'invalid_request',
          'Bad Request',
          'environment, providerId, clientId and clientSecret are required.',
        );
      if (login.environment !== 'demo')
        return problem(
          400,
          'unknown_environment',
          'Bad Request',
          `Unknown environment: ${login.environment}.`,
        );
      const counted = failuresOf(login.clientId);
      if (counted && counted.count >= maxFailed) {
        const retry = Math.max(1, Math.ceil((counted.windowEnd - now()) / 1000));
        return problem(
          429,
          'too_many_attempts',
          'Too Many Requests',
          `Too many failed sign-ins. Try again in ${retry} seconds.`,
          { 'Retry-After': String(retry) },
        );
      }
      const minted = await upstreamToken(login.clientId, login.clientSecret);
      const valid = minted.token !== undefined && (await tokenActsFor(minted.token, login.providerId));
      if (!valid || minted.token === undefined) {
        if (minted.status >= 500)
          return problem(502, 'upstream_unavailable', 'Bad Gateway', 'The simulator did not answer.');
        const entry = failuresOf(login.clientId) ?? { count: 0, windowEnd: now() + windowMs };
        entry.count += 1;
        failures.set(login.clientId, entry);
        return problem(
          401,
          'invalid_credentials',
          'Unauthorized',
          'The provider, client id or secret is wrong.',
        );
      }
      session = {
        environment: 'demo',
        providerId: login.providerId,
        clientId: login.clientId,
        clientSecret: login.clientSecret,
        token: minted.token,
      };
      return HttpResponse.json(sessionBody(session));
    }),
    http.get(at('/auth/session'), ({ request }) => {
      const refused = csrf(request);
      if (refused) return refused;
      return session
        ? HttpResponse.json(sessionBody(session))
        : problem(401, 'not_authenticated', 'Unauthorized', 'Log in first.');
    }),
    http.post(at('/auth/logout'), ({ request }) => {
      const refused = csrf(request);
      if (refused) return refused;
      session = undefined;
      return new HttpResponse(null, { status: 204 });
    }),
    http.all(under('/api/'), async ({ request }) => {
      const refused = csrf(request);
      if (refused) return refused;
      const url = new URL(request.url);
      const path = url.pathname.slice(url.pathname.indexOf('/api/') + 4);
      const op = FORWARDED.find((o) => o.method === request.method && o.pattern.test(path));
      if (!op)
        return problem(404, 'not_found', 'Not Found', `No operation at ${request.method} /api${path}.`);
      if (!session) return problem(401, 'not_authenticated', 'Unauthorized', 'Log in first.');
      const target = `${SIM_ORIGIN}${op.templates ? `${prefix}${path}` : path}${url.search}`;
      const body = request.method === 'GET' ? undefined : await request.text();
      if (body && !isJson(request)) return unsupportedMediaType();
      const forward = (token: string) =>
        sim.fetch(
          new Request(target, {
            method: request.method,
            headers: {
              Authorization: `Bearer ${token}`,
              ...(body ? { 'Content-Type': 'application/json' } : {}),
            },
            ...(body ? { body } : {}),
          }),
        );
      let response = await forward(session.token);
      if (response.status === 401) {
        // The upstream token expired (D1): log in again once with the kept credentials, replay once;
        // a second 401 ends the session, as in the proxy.
        const renewed = await upstreamToken(session.clientId, session.clientSecret);
        if (renewed.token) {
          session.token = renewed.token;
          response = await forward(renewed.token);
        }
        if (!renewed.token || response.status === 401) {
          session = undefined;
          return problem(401, 'session_expired', 'Unauthorized', 'The session expired; log in again.');
        }
      }
      return relay(response);
    }),
    http.all(under('/__sim/'), async ({ request }) => {
      const refused = csrf(request);
      if (refused) return refused;
      const url = new URL(request.url);
      const path = url.pathname.slice(url.pathname.indexOf('/__sim/'));
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
      if (body && !isJson(request)) return unsupportedMediaType();
      const response = await sim.fetch(
        new Request(`${SIM_ORIGIN}${path}${url.search}`, {
          method: request.method,
          headers: body ? { 'Content-Type': 'application/json' } : {},
          ...(body ? { body } : {}),
        }),
      );
      return new HttpResponse(await response.text(), {
        status: response.status,
        headers: { 'Content-Type': response.headers.get('content-type') ?? 'application/json' },
      });
    }),
  ];
}

function readLogin(
  body: unknown,
): { environment: string; providerId: number; clientId: string; clientSecret: string } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as Record<string, unknown>;
  const { environment, providerId, clientId, clientSecret } = b;
  if (typeof environment !== 'string' || typeof clientId !== 'string' || typeof clientSecret !== 'string')
    return undefined;
  if (typeof providerId !== 'number' || !Number.isSafeInteger(providerId) || providerId < 1) return undefined;
  if (!clientId || !clientSecret || clientId.length > 200 || clientSecret.length > 200) return undefined;
  return { environment, providerId, clientId, clientSecret };
}
