// Back-channel logout (OpenID Connect Back-Channel Logout 1.0): the provider POSTs a logout token
// when the person signs out there or is disabled; every console session it names ends, on every
// instance at once (sessions live in the shared store, core/sessions/person-index.ts finds them),
// each recorded as a sign-out by the provider. A provider-to-proxy call: no console header, no
// Origin, no cookie (app-middleware.ts exempts it from CSRF checks). §2.8: 200 when done, 400
// (`invalid_request`) for a token that does not validate or was seen before, and then nothing
// changes; the `jti` is taken in the shared store before anything ends, so a replay on any instance
// is refused.
import type { Ctx } from '../../core/http/context.ts';
import { errorFacts } from '../../core/log/error-codes.ts';
import { providerSessions } from '../../core/sessions/person-index.ts';
import { storeKey, type SessionManager } from '../../core/sessions/sessions.ts';
import type { SessionStore } from '../../core/sessions/store.ts';
import type { AuditRecording } from '../audit/index.ts';
import { recordSignOut } from './audit-entries.ts';
import type { OrganisationSignIn } from './organisation.ts';

export interface BackchannelDeps extends AuditRecording {
  store: SessionStore;
  sessions: SessionManager;
}

const noStore = { 'cache-control': 'no-store' };

const invalid = (c: Ctx, description: string) =>
  c.json({ error: 'invalid_request', error_description: description }, 400, noStore);

/** The form's `logout_token`, when the body is a form with exactly one (§2.5). */
async function logoutTokenOf(c: Ctx): Promise<string | undefined> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) return undefined;
  const values = new URLSearchParams(await c.req.text()).getAll('logout_token');
  return values.length === 1 && values[0] !== '' ? values[0] : undefined;
}

export async function backchannelLogout(
  deps: BackchannelDeps,
  c: Ctx,
  provider: OrganisationSignIn,
): Promise<Response> {
  const requestId = c.get('requestId');
  const token = await logoutTokenOf(c);
  if (token === undefined) return invalid(c, 'Send one logout_token, form-encoded.');
  const verdict = await provider.verifyLogoutToken(token);
  if (verdict.kind !== 'ok') {
    deps.log.warn(
      { event: 'backchannel_logout_refused', requestId, reason: verdict.reason },
      'back-channel logout refused',
    );
    return verdict.kind === 'unavailable'
      ? c.json({ error: 'temporarily_unavailable' }, 503, { ...noStore, 'retry-after': '5' })
      : invalid(c, 'The logout token is not valid.');
  }
  const { claims } = verdict;
  // Taken once, across instances, for as long as the token could pass (§2.6 step 7).
  const jtiKey = `logout-jti:${(await storeKey(JSON.stringify([claims.issuer, claims.jti]))).slice(8)}`;
  const seen = await deps.store.hit(jtiKey, Math.max(1, claims.validUntil - deps.now()));
  if (seen.count > 1) {
    deps.log.warn(
      { event: 'backchannel_logout_refused', requestId, reason: 'replayed' },
      'back-channel logout refused',
    );
    return invalid(c, 'This logout token was already used.');
  }
  const ended = await providerSessions(deps.store, claims);
  try {
    // Each end is announced to every instance, which drops what it held of the session.
    await Promise.all(ended.map((session) => deps.sessions.end(session)));
  } catch (error) {
    deps.log.error(
      { event: 'backchannel_logout_failed', requestId, ...errorFacts(error) },
      'back-channel logout failed',
    );
    // The provider may send it again: its jti is given back.
    await deps.store.delete(jtiKey).catch(() => undefined);
    return c.json({ error: 'temporarily_unavailable' }, 503, noStore);
  }
  await Promise.all(ended.map((session) => recordSignOut(deps, c, session, 200, { by: 'provider' })));
  deps.log.info(
    { event: 'backchannel_logout', requestId, sessions: ended.length, bySid: claims.sid !== undefined },
    'back-channel logout',
  );
  return c.body(null, 200, noStore);
}
