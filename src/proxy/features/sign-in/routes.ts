// /auth: the environments, sign-in (with client credentials, or as a demo login; organisation
// sign-in is features/sign-in/organisation-routes.ts), the session, switching connection and
// sign-out. The only door to the token of spec 4.1, which never leaves the proxy.
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  demoLoginRequestSchema,
  loginRequestSchema,
  type Environment,
  type SignInOptions,
} from '../../../proxy-api/console.ts';
import { switchConnectionRequestSchema } from '../../../proxy-api/people.ts';
import type { ProxyEnv } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import { json } from '../../core/http/validation.ts';
import {
  demoLogins,
  environmentLabels,
  operationsFor,
  type EnvironmentConfig,
} from '../../core/upstream/environments.ts';
import type { Directory } from '../people/index.ts';
import { noSuchEndpoint } from '../people/index.ts';
import type { SignInDeps } from './client-credentials.ts';
import { signedIn, signOut, type SignOutDeps } from './session-answers.ts';
import { wireSession } from './session-wire.ts';
import { switchConnection, type SwitchDeps } from './switch-connection.ts';

export interface AuthRouteDeps extends SignInDeps, SignOutDeps, SwitchDeps {
  environments: ReadonlyMap<string, EnvironmentConfig>;
  /** In configuration order, for `GET /auth/environments`. */
  environmentList: readonly EnvironmentConfig[];
  /** People, roles and connections; absent where there is no database (the in-browser host). */
  directory: Directory | undefined;
  /** CLIENT_CREDENTIALS_LOGIN: client-credential and demo sign-in offered (default true). */
  clientCredentialsLogin: boolean;
}

export function authRoutes(deps: AuthRouteDeps) {
  const { auth } = deps;
  // CLIENT_CREDENTIALS_LOGIN=false: people sign in as themselves only (docs/decisions/0023).
  const credentialsOn = createMiddleware<ProxyEnv>(async (_c, next) => {
    if (!deps.clientCredentialsLogin)
      refuse(
        403,
        'client_credentials_off',
        'Signing in with client credentials is switched off here: sign in with your organisation.',
      );
    await next();
  });
  const demoHere = createMiddleware<ProxyEnv>(async (_c, next) => {
    if (!deps.environments.has('demo')) refuse(404, 'not_found', 'There is no demo here.');
    await next();
  });
  const environmentOf = (id: string) =>
    deps.environments.get(id) ??
    refuse(400, 'unknown_environment', `There is no environment "${id.slice(0, 40)}".`);

  return (
    new Hono<ProxyEnv>()
      .get('/environments', (c) =>
        c.json(
          deps.environmentList.map((env): Environment => ({
            id: env.id,
            label: environmentLabels[env.id],
            kind: env.id,
            operations: operationsFor(env.id),
          })),
        ),
      )
      .get('/sign-in-options', (c) =>
        c.json({
          organisation: deps.organisation !== undefined && deps.directory !== undefined,
          clientCredentials: deps.clientCredentialsLogin,
        } satisfies SignInOptions),
      )
      .post(
        '/login',
        credentialsOn,
        json(
          loginRequestSchema,
          'Send environment, providerId (a positive whole number), clientId and clientSecret.',
        ),
        (c) => {
          const input = c.req.valid('json');
          return signedIn(deps, c, environmentOf(input.environment), input, 'credentials');
        },
      )
      // D12: the demo's two logins by name, so that no built console holds their secrets. They are
      // not guessable, so they are not counted by the limiter (docs/decisions/0011).
      .post(
        '/demo-login',
        demoHere,
        credentialsOn,
        json(demoLoginRequestSchema, 'Send {"as": "parent"} or {"as": "processor"}.'),
        (c) => signedIn(deps, c, environmentOf('demo'), demoLogins[c.req.valid('json').as], 'demo'),
      )
      .get('/session', auth.permit('getSession'), (c) => c.json(wireSession(c.var.session, c.var.access)))
      // A person works through another of their connections (docs/decisions/0023).
      .post(
        '/connection',
        auth.permit('switchConnection'),
        json(switchConnectionRequestSchema, 'Send {"connectionId": "…"}.'),
        (c) => switchConnection(deps, c, c.req.valid('json').connectionId),
      )
      .post('/logout', (c) => signOut(deps, c))
      .all('*', noSuchEndpoint)
  );
}
