// /auth/organisation: "Sign in with your organisation" (OpenID Connect, docs/decisions/0023). Both
// are top-level navigations (they cannot carry the console's header): `start` keeps the sign-in's
// checks (organisation-transaction.ts) and redirects to the provider; `callback` takes them once,
// validates the answer, admits only people the console knows, and starts a server-side session as
// every other sign-in does. Whatever fails lands on the sign-in page with a reason and Retry;
// nothing is half signed in.
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { SIGNED_OUT_PARAM, type SignInProblem } from '../../../proxy-api/sign-in.ts';
import type { Ctx, ProxyEnv } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import { noSuchEndpoint } from '../people/index.ts';
import { recordOrganisationSignIn } from './audit-entries.ts';
import { backchannelLogout } from './backchannel-logout.ts';
import type { PeoplePolicy } from '../people/index.ts';
import { knownPerson, type Identity, type Misconfigured, type OrganisationSignIn } from './organisation.ts';
import {
  beginTransaction,
  clearTransaction,
  redirectUriOf,
  safeReturnTo,
  takeTransaction,
  toProblem,
  type SealedStore,
} from './organisation-transaction.ts';
import {
  createPersonSession,
  enterConsole,
  firstAdminCookie,
  type PersonSessionDeps,
} from './person-session.ts';

export interface OrganisationRouteDeps extends PersonSessionDeps, SealedStore {
  /** Organisation sign-in (OpenID Connect); absent when not configured. */
  organisation: OrganisationSignIn | undefined;
  /** Who is known, and how roles come from claims (ADMIN_EMAILS, OIDC_ROLES_CLAIM). */
  people: PeoplePolicy;
  /** The console's public origin, when it differs from what the proxy sees (PUBLIC_ORIGIN). */
  publicOrigin: string | undefined;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The organisation's provider, where organisation sign-in is configured (with `directory`). */
    organisationSignIn: OrganisationSignIn;
  }
}

export function organisationRoutes(deps: OrganisationRouteDeps) {
  const { log } = deps;
  // Organisation sign-in needs its provider and the database that knows people.
  const configured = createMiddleware<ProxyEnv>(async (c, next) => {
    if (!deps.organisation || !deps.directory)
      refuse(404, 'not_found', 'Organisation sign-in is not configured here.');
    c.set('organisationSignIn', deps.organisation);
    c.set('directory', deps.directory);
    await next();
  });

  return (
    new Hono<ProxyEnv>()
      .get('/start', configured, async (c) => {
        const begun = await c.var.organisationSignIn.begin(redirectUriOf(deps.publicOrigin, c));
        if ('kind' in begun) {
          log.warn(
            { event: 'organisation_unavailable', requestId: c.get('requestId'), reason: begun.reason },
            'organisation sign-in unavailable',
          );
          return toProblem('organisation_unavailable');
        }
        const returnTo = safeReturnTo(c.req.query('returnTo'));
        return beginTransaction(deps, { ...begun.checks, returnTo }, begun.url);
      })
      .get('/callback', configured, async (c) => {
        const transaction = await takeTransaction(deps, c);
        // No transaction (expired, replayed, or started elsewhere), or another sign-in's state.
        if (!transaction || c.req.query('state') !== transaction.state)
          return refused(deps, c, 'signin_expired', undefined);
        const search = new URL(c.req.url).search;
        const callbackUrl = new URL(`${transaction.redirectUri}${search}`);
        const result = await c.var.organisationSignIn.finish(callbackUrl, transaction);
        if (result.kind === 'ok') return admitted(deps, c, result.identity, transaction.returnTo);
        if (result.kind === 'misconfigured') {
          logMisconfigured(deps, c.get('requestId'), result);
          return refused(deps, c, 'signin_misconfigured', undefined);
        }
        const problem = result.kind === 'unavailable' ? 'organisation_unavailable' : result.problem;
        log.warn(
          {
            event: 'organisation_signin_failed',
            requestId: c.get('requestId'),
            problem,
            reason: result.reason,
          },
          'organisation sign-in failed',
        );
        return refused(deps, c, problem, undefined);
      })
      // The post-logout redirect URI (RP-Initiated Logout 1.0 §3): one fixed path to register at the
      // provider, whatever the sign-in page's address becomes.
      .get('/signed-out', (c) => c.redirect(`/login?${SIGNED_OUT_PARAM}=everywhere`, 303))
      .post('/backchannel-logout', configured, (c) => backchannelLogout(deps, c, c.var.organisationSignIn))
      .all('*', noSuchEndpoint)
  );
}

/**
 * Issue 45 item 5: the provider refused the console's own client or redirect URI. Not the person's
 * doing and not an outage: an error for IT, naming the setting to check.
 */
export function logMisconfigured(
  deps: Pick<OrganisationRouteDeps, 'log'>,
  requestId: string | undefined,
  result: Misconfigured,
): void {
  const check = {
    OIDC_CLIENT_SECRET: 'OIDC_CLIENT_SECRET (and OIDC_CLIENT_ID, OIDC_CLIENT_AUTH_METHOD)',
    OIDC_CLIENT_AUTH_METHOD:
      "OIDC_CLIENT_AUTH_METHOD against the provider's token_endpoint_auth_methods_supported",
    OIDC_CLIENT_ID: 'OIDC_CLIENT_ID, and that the client at the provider may use the authorization code flow',
    redirect_uri: 'the redirect URI registered at the provider (<origin>/auth/organisation/callback)',
  }[result.setting];
  deps.log.error(
    { event: 'organisation_misconfigured', requestId, setting: result.setting, reason: result.reason },
    `the identity provider refused the console's own client: check ${check}`,
  );
}

/** A sign-in that did not start a session: recorded, and the sign-in page says why. */
async function refused(
  deps: OrganisationRouteDeps,
  c: Ctx,
  problem: SignInProblem,
  person: { subject: string; name: string | null; email: string } | undefined,
): Promise<Response> {
  await recordOrganisationSignIn(deps, c, { person, session: undefined, status: 303, code: problem });
  return toProblem(problem);
}

/** The provider said who signed in: a known person's session, the first admin's setup, or a refusal. */
async function admitted(
  deps: OrganisationRouteDeps,
  c: Ctx,
  identity: Identity,
  returnTo: string,
): Promise<Response> {
  const known = await knownPerson(c.var.directory, deps.access, deps.people, identity, deps.now());
  if (known.kind === 'refused') {
    deps.log.info(
      {
        event: 'organisation_signin_refused',
        requestId: c.get('requestId'),
        problem: known.problem,
        ...(known.reason && { reason: known.reason }),
        // The one setting that changes this answer (issue 45 item 4).
        ...(known.problem === 'email_unverified' && { setting: 'OIDC_TRUST_EMAIL' }),
      },
      'organisation sign-in refused',
    );
    const who = { subject: identity.subject, name: identity.name ?? null, email: identity.email ?? '' };
    return refused(deps, c, known.problem, who);
  }
  if (known.kind === 'first_admin') {
    // ADMIN_EMAILS, and no connection yet: the console's first-connection screen asks for the
    // first one (it sends POST /connections/first).
    const response = new Response(null, { status: 303, headers: { location: '/first-connection' } });
    await firstAdminCookie(deps, response, known.personId, identity);
    clearTransaction(response);
    return response;
  }
  const started = await createPersonSession(deps, c, known.record, identity);
  if (!started) return toProblem('no_connection');
  const response = await enterConsole(c, deps.carrier, started.session, returnTo);
  clearTransaction(response);
  return response;
}
