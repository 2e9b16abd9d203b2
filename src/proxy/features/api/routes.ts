// /api: the allow-list (docs/decisions/0005). A request is forwarded with the session's token only
// when its method and raw path are one of operations 4.2–4.9 (forwarding.ts); 4.1 stays behind
// /auth/login, since forwarding it would hand a token to the browser.
import { Hono } from 'hono';
import type { Ctx, Logger, ProxyEnv } from '../../core/http/context.ts';
import { baseUrlOf } from '../../core/upstream/environments.ts';
import type { OperationId } from '../../core/upstream/operations.ts';
import type { StreamedOutcome } from '../../core/upstream/upstream.ts';
import { admitChange, type GateDeps, recordedOperations } from '../audit/index.ts';
import type { EnvironmentDeps } from './environment.ts';
import { forwardable, forwardedBody, forwardedHeaders, streamed } from './forwarding.ts';
import { relayAnswer } from './relay.ts';
import { callWithSession, type SessionCallDeps } from './session-call.ts';

export interface ApiRouteDeps extends EnvironmentDeps {
  calls: SessionCallDeps;
  /** docs/decisions/0018: a session's changes are bounded, an event id is sent with one body. */
  gate: GateDeps;
  log: Logger;
  /** Ends the connection behind `HostBindings.connection` (the Node host); answers whether it did. */
  cutConnection?: ((connection: unknown) => boolean) | undefined;
  /** The demo's bound on what each visitor adds to its world (features/demo/quota.ts); it throws past it. */
  demoQuota?:
    | { admit(session: string, address: string, operation: string, body: Uint8Array | undefined): void }
    | undefined;
}

export function apiRoutes(deps: ApiRouteDeps) {
  return new Hono<ProxyEnv>().all('*', forwardable(deps), async (c) => {
    const session = c.get('session');
    const env = c.get('environment');
    const { operation, path, search } = c.get('forwardTarget');
    const body = c.req.method === 'POST' ? await forwardedBody(c) : undefined;
    // A change is recorded; a session's changes are bounded, an event id reused with another body is
    // refused, before anything reaches the service (docs/decisions/0018).
    // The shared demo world grows only so far per visitor (issue 46 M3), counted before it is sent.
    if (env.id === 'demo')
      deps.demoQuota?.admit(session.id, c.env?.clientAddress ?? 'unknown', operation, body);
    if (recordedOperations.has(operation)) await admitChange(deps.gate, session, operation, body);
    const sent = operation === 'listReportTemplates' ? `${env.templatesPrefix}/reportExample` : path;
    const outcome = await callWithSession(
      deps.calls,
      c,
      session,
      env,
      operation,
      {
        method: c.req.method,
        url: `${baseUrlOf(env)}${sent}${search}`,
        body,
        headers: forwardedHeaders(c),
        streamWhen: streamed,
      },
      { before: (current) => c.set('forwarded', { session: current, body }), access: c.get('access') },
    );
    if (outcome.kind === 'stream') return passOn(deps, c, operation, outcome);
    return relayAnswer(deps.log, c, outcome.status, outcome.headers, outcome.body, operation);
  });
}

/** A success passed on as it arrives, with its entity tag and a declared length (docs/decisions/0017). */
function passOn(deps: ApiRouteDeps, c: Ctx, operation: OperationId, outcome: StreamedOutcome): Response {
  const out = new Headers({ 'content-type': 'application/json' });
  const etag = outcome.headers.get('etag');
  if (etag) out.set('etag', etag);
  const length = outcome.headers.get('content-length');
  if (length && /^\d{1,12}$/.test(length)) out.set('content-length', length);
  if (outcome.ended) {
    // Cut short (its deadline, a break, the byte cap): logged here, and the host ends the
    // connection (docs/decisions/0020), so that a partial body never reads as a whole one.
    const requestId = c.get('requestId');
    const connection = c.env?.connection;
    outcome.cut = (reason) => {
      deps.log.warn({ event: 'answer_cut', requestId, operation, reason }, 'answer cut');
      return deps.cutConnection?.(connection) ?? false;
    };
  }
  c.set('streamed', outcome.ended);
  return new Response(outcome.body, { status: outcome.status, headers: out });
}
