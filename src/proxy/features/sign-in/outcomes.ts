// How each sign-in ended, told to an observer (issue 49, item 2: the metrics' sign-ins by method and
// outcome), read from the answer the routes gave, refusals included: the routes stay as they are and
// the observer learns only a method and an outcome from a closed set, never who tried.
import { createMiddleware } from 'hono/factory';
import { SIGN_IN_PROBLEM_PARAM } from '../../../proxy-api/sign-in.ts';
import type { ProxyEnv } from '../../core/http/context.ts';

export type SignInMethod = 'client_credentials' | 'organisation';
export type SignInOutcome = 'ok' | 'refused' | 'locked' | 'error';
export type SignInObserver = (method: SignInMethod, outcome: SignInOutcome) => void;

/** On POST /auth/login and /auth/demo-login: the answer's status says how it ended. */
export function countCredentialSignIns(onSignIn: SignInObserver) {
  return createMiddleware<ProxyEnv>(async (c, next) => {
    await next();
    if (c.req.method !== 'POST') return;
    const { status } = c.res;
    onSignIn(
      'client_credentials',
      status < 300 ? 'ok' : status === 429 ? 'locked' : status >= 500 ? 'error' : 'refused',
    );
  });
}

/** On GET /auth/organisation/callback: a redirect to the sign-in page names the problem. */
export function countOrganisationSignIns(onSignIn: SignInObserver) {
  return createMiddleware<ProxyEnv>(async (c, next) => {
    await next();
    const { status } = c.res;
    const location = c.res.headers.get('location') ?? '';
    const problem = location.startsWith('/login?')
      ? new URLSearchParams(location.slice('/login?'.length)).get(SIGN_IN_PROBLEM_PARAM)
      : null;
    onSignIn(
      'organisation',
      status >= 500 || problem === 'organisation_unavailable'
        ? 'error'
        : problem !== null || status >= 400
          ? 'refused'
          : 'ok',
    );
  });
}
