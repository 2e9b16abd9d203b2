// /auth: the environments, sign-in (with client credentials, or as a demo login; organisation
// sign-in is features/sign-in/organisation-routes.ts), the session, switching connection and sign-out. The only
// door to the token of spec 4.1, which never leaves the proxy.
import { Hono } from 'hono';
import {
  demoLoginRequestSchema,
  loginRequestSchema,
  type Environment,
  type SignInOptions,
} from '../../../proxy-api/console.ts';
import { centreScope } from '../api/scope.ts';
import { recordSignIn, recordSignOut } from './audit-entries.ts';
import { fail, readJsonBody, type Ctx, type ProxyEnv } from '../../core/http/context.ts';
import type { AppDeps } from '../../deps.ts';
import {
  demoLogins,
  environmentLabels,
  operationsFor,
  type EnvironmentConfig,
} from '../../core/upstream/environments.ts';
import { errorFacts } from '../../core/log/error-codes.ts';
import { authorize } from '../people/authorize-legacy.ts';
import { wireSession } from './session-wire.ts';
import { switchConnection } from './switch-connection.ts';
import { StoreUnavailableError } from '../../core/sessions/store.ts';
import { signIn, type Credentials } from './client-credentials.ts';

// CLIENT_CREDENTIALS_LOGIN=false: people sign in as themselves only (docs/decisions/0023).
const credentialsOff = (c: Ctx) =>
  fail(
    c,
    403,
    'client_credentials_off',
    'Signing in with client credentials is switched off here: sign in with your organisation.',
  );

export function authRoutes(deps: AppDeps) {
  const { log, sessions, carrier } = deps;
  const auth = new Hono<ProxyEnv>();

  auth.get('/environments', (c) =>
    c.json(
      deps.environmentList.map((env): Environment => ({
        id: env.id,
        label: environmentLabels[env.id],
        kind: env.id,
        operations: operationsFor(env.id),
      })),
    ),
  );

  auth.get('/sign-in-options', (c) =>
    c.json({
      organisation: deps.organisation !== undefined && deps.directory !== undefined,
      clientCredentials: deps.clientCredentialsLogin,
    } satisfies SignInOptions),
  );

  auth.post('/login', async (c) => {
    if (!deps.clientCredentialsLogin) return credentialsOff(c);
    const body = await readJsonBody(c, true);
    if (body instanceof Response) return body;
    const parsed = loginRequestSchema.safeParse(body);
    if (!parsed.success)
      return fail(
        c,
        400,
        'invalid_request',
        'Send environment, providerId (a positive whole number), clientId and clientSecret.',
      );
    const env = deps.environments.get(parsed.data.environment);
    if (!env)
      return fail(
        c,
        400,
        'unknown_environment',
        `There is no environment "${parsed.data.environment.slice(0, 40)}".`,
      );
    return recorded(c, env, parsed.data, 'credentials');
  });

  // D12: the demo's two logins by name, so that no built console holds their secrets. They are
  // not guessable, so they are not counted by the limiter (docs/decisions/0011).
  auth.post('/demo-login', async (c) => {
    const env = deps.environments.get('demo');
    if (!env) return fail(c, 404, 'not_found', 'There is no demo here.');
    if (!deps.clientCredentialsLogin) return credentialsOff(c);
    const body = await readJsonBody(c, true);
    if (body instanceof Response) return body;
    const parsed = demoLoginRequestSchema.safeParse(body);
    if (!parsed.success)
      return fail(c, 400, 'invalid_request', 'Send {"as": "parent"} or {"as": "processor"}.');
    return recorded(c, env, demoLogins[parsed.data.as], 'demo');
  });

  auth.get('/session', async (c) => {
    const authorized = await authorize(deps, c, 'getSession');
    if (authorized instanceof Response) return authorized;
    return c.json(wireSession(authorized.session, authorized.access));
  });

  // A person works through another of their connections (docs/decisions/0023).
  auth.post('/connection', (c) => switchConnection(deps, c));

  auth.post('/logout', async (c) => {
    const body = await readJsonBody(c, false);
    if (body instanceof Response) return body;
    const id = carrier.read(c);
    const cleared = (response: Response) => {
      carrier.clear(response);
      return response;
    };
    let signOutUrl: string | undefined;
    try {
      if (id) {
        // Looked up to record the sign-out under its session; a store that is out must not keep the
        // session from ending: destroy() then leaves this instance's tombstone (docs/decisions/0020).
        const found = await sessions.lookup(id).catch(() => undefined);
        await sessions.destroy(id);
        if (found?.kind === 'active') {
          // docs/decisions/0024: what the proxy kept of the parent's centres goes with the session.
          await deps.centreIndex.drop(centreScope(found.session));
          // docs/decisions/0018: a sign-out is an entry of its session's log.
          await recordSignOut(deps, c, found.session, 204);
        }
        // A person signs out of the organisation's provider too (RP-initiated logout).
        if (found?.kind === 'active' && found.session.person && deps.organisation)
          signOutUrl = await deps.organisation.signOutUrl(
            `${deps.publicOrigin ?? new URL(c.req.url).origin}/login`,
          );
      }
    } catch (error) {
      // The browser forgets the session whatever happens, and this instance refuses it until the
      // store has taken the end (docs/decisions/0020).
      log.error(
        {
          event: 'logout_failed',
          requestId: c.get('requestId'),
          reason: error instanceof StoreUnavailableError ? error.reason : 'unexpected',
          ...errorFacts(error),
        },
        'logout failed',
      );
      return cleared(
        fail(c, 503, 'store_unavailable', 'Signed out here, but the session store cannot be reached.'),
      );
    }
    log.info({ event: 'logout', requestId: c.get('requestId') }, 'logout');
    const headers = { 'clear-site-data': '"cache", "cookies"' };
    if (signOutUrl) return cleared(Response.json({ signOutUrl }, { status: 200, headers }));
    return cleared(new Response(null, { status: 204, headers }));
  });

  auth.all('*', (c) => fail(c, 404, 'not_found', 'There is no such endpoint.'));

  /**
   * A sign-in, recorded in the audit log once the service was asked (docs/decisions/0018): an
   * attempt a lock refused before asking changes nothing and is only counted (decision 0011).
   */
  async function recorded(
    c: Ctx,
    env: EnvironmentConfig,
    input: Credentials,
    method: 'credentials' | 'demo',
  ) {
    const response = await signIn(deps, c, env, input, method === 'credentials');
    if (response.status !== 429)
      await recordSignIn(
        deps,
        c,
        { environment: env.id, providerId: input.providerId, clientId: input.clientId, method },
        response,
      );
    return response;
  }

  return auth;
}
