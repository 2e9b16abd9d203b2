// /auth/organisation: "Sign in with your organisation" (OpenID Connect, docs/decisions/0023). Both
// are top-level navigations (they cannot carry the console's header): `start` keeps the sign-in's
// checks (state, nonce, PKCE verifier) in the session store under a random id whose cookie is
// SameSite=Lax (the provider sends the browser back from another site), and redirects to the
// provider; `callback` takes them once (a replayed or forged callback finds nothing), validates the
// answer, admits only people the console knows, and starts a server-side session as every other
// sign-in does. Whatever fails lands on the sign-in page with a reason and Retry; nothing is half
// signed in.
import { getCookie } from 'hono/cookie';
import { Hono } from 'hono';
import { z } from 'zod';
import { SIGN_IN_PROBLEM_PARAM, type SignInProblem } from '../../../proxy-api/sign-in.ts';
import { recordOrganisationSignIn } from './audit-entries.ts';
import { fail, type Ctx, type ProxyEnv } from '../../core/http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { knownPerson, type SignInChecks } from './organisation.ts';
import { createPersonSession, enterConsole, firstAdminCookie } from './person-session.ts';
import { storeKey } from '../../core/sessions/sessions.ts';

const cookieName = '__Host-provider-console-signin';
const transactionMs = 10 * 60_000;

const transactionSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirectUri: z.string(),
  returnTo: z.string(),
});
type Transaction = SignInChecks & z.infer<typeof transactionSchema>;

/** A path of this console to come back to; anything else (another site, the API) is home. */
export function safeReturnTo(value: string | undefined): string {
  if (!value || value.length > 500 || !/^\/(?!\/)[\x21-\x7e]*$/.test(value) || value.includes('\\'))
    return '/';
  return /^\/(auth|api|audit|__sim|people|connections|oidc)(\/|$|\?)/.test(value) ? '/' : value;
}

const transactionKey = async (id: string) => `signin:${(await storeKey(id)).slice('session:'.length)}`;

const setCookie = (response: Response, value: string, maxAgeSeconds: number) =>
  response.headers.append(
    'set-cookie',
    `${cookieName}=${value}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAgeSeconds}`,
  );

/** The console's sign-in page saying what went wrong (it offers Retry). */
function toProblem(problem: SignInProblem): Response {
  const response = new Response(null, {
    status: 303,
    headers: { location: `/login?${SIGN_IN_PROBLEM_PARAM}=${problem}` },
  });
  setCookie(response, '', 0);
  return response;
}

export function redirectUriOf(deps: Pick<AppDeps, 'publicOrigin'>, c: Ctx): string {
  return `${deps.publicOrigin ?? new URL(c.req.url).origin}/auth/organisation/callback`;
}

export function organisationRoutes(deps: AppDeps) {
  const routes = new Hono<ProxyEnv>();
  const { log } = deps;

  routes.get('/start', async (c) => {
    if (!deps.organisation || !deps.directory)
      return fail(c, 404, 'not_found', 'Organisation sign-in is not configured here.');
    const begun = await deps.organisation.begin(redirectUriOf(deps, c));
    if ('kind' in begun) {
      log.warn(
        { event: 'organisation_unavailable', requestId: c.get('requestId'), reason: begun.reason },
        'organisation sign-in unavailable',
      );
      return toProblem('organisation_unavailable');
    }
    const id = crypto.randomUUID() + crypto.randomUUID();
    const key = await transactionKey(id);
    const transaction: Transaction = { ...begun.checks, returnTo: safeReturnTo(c.req.query('returnTo')) };
    await deps.store.set(key, await deps.box.seal(JSON.stringify(transaction), key), transactionMs);
    const response = new Response(null, { status: 303, headers: { location: begun.url } });
    setCookie(response, id, transactionMs / 1000);
    return response;
  });

  routes.get('/callback', async (c) => {
    const { organisation, directory } = deps;
    if (!organisation || !directory)
      return fail(c, 404, 'not_found', 'Organisation sign-in is not configured here.');
    const transaction = await takeTransaction(c);
    // No transaction (expired, replayed, or started elsewhere), or another sign-in's state.
    if (!transaction || c.req.query('state') !== transaction.state) {
      await recordOrganisationSignIn(deps, c, {
        person: undefined,
        session: undefined,
        status: 303,
        code: 'signin_expired',
      });
      return toProblem('signin_expired');
    }
    const search = new URL(c.req.url).search;
    const result = await organisation.finish(new URL(`${transaction.redirectUri}${search}`), transaction);
    if (result.kind !== 'ok') {
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
      await recordOrganisationSignIn(deps, c, {
        person: undefined,
        session: undefined,
        status: 303,
        code: problem,
      });
      return toProblem(problem);
    }
    const { identity } = result;
    const known = await knownPerson(directory, deps.access, deps.people, identity, deps.now());
    const who = { subject: identity.subject, name: identity.name ?? null, email: identity.email ?? '' };
    if (known.kind === 'refused') {
      log.info(
        { event: 'organisation_signin_refused', requestId: c.get('requestId'), problem: known.problem },
        'organisation sign-in refused',
      );
      await recordOrganisationSignIn(deps, c, {
        person: who,
        session: undefined,
        status: 303,
        code: known.problem,
      });
      return toProblem(known.problem);
    }
    if (known.kind === 'first_admin') {
      // ADMIN_EMAILS, and no connection yet: the console's first-connection screen asks for the
      // first one (it sends POST /connections/first).
      const response = new Response(null, { status: 303, headers: { location: '/first-connection' } });
      await firstAdminCookie(deps, response, known.personId, identity);
      setCookie(response, '', 0);
      return response;
    }
    const started = await createPersonSession(deps, c, known.record, identity);
    if (!started) return toProblem('no_connection');
    const response = enterConsole(deps, started.session, transaction.returnTo);
    setCookie(response, '', 0);
    return response;
  });

  routes.all('*', (c) => fail(c, 404, 'not_found', 'There is no such endpoint.'));

  /** The sign-in's checks, taken once: a second callback with the same cookie finds nothing. */
  async function takeTransaction(c: Ctx): Promise<Transaction | undefined> {
    const id = getCookie(c, cookieName);
    if (!id || !/^[0-9a-f-]{72}$/.test(id)) return undefined;
    const key = await transactionKey(id);
    const sealed = await deps.store.get(key);
    await deps.store.delete(key);
    if (sealed === undefined) return undefined;
    const opened = await deps.box.open(sealed, key);
    if (opened === undefined) return undefined;
    try {
      const parsed = transactionSchema.safeParse(JSON.parse(opened));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  return routes;
}
