// Errors made by the proxy itself: `application/problem+json` (RFC 9457) with a stable `code` the
// console reads (the console wire, src/proxy-api/console.ts). Upstream errors pass through
// elsewhere; these are ours.
import type { Problem, ProblemCode } from '../../../proxy-api/console.ts';

export type { ProblemCode };

const titles: Record<ProblemCode, string> = {
  session_expired: 'Session expired',
  not_authenticated: 'Not signed in',
  invalid_credentials: 'Invalid credentials',
  provider_mismatch: 'Provider not accessible with these credentials',
  parent_credentials: "A parent's credentials for one of its centres",
  too_many_attempts: 'Too many attempts',
  forbidden: 'Not allowed for your role',
  access_removed: 'Access removed',
  connection_refused: "The service refused the connection's credentials",
  connection_exists: 'Connection already registered',
  connection_elsewhere: 'Connection already registered by others',
  already_member: 'Already has a role here',
  last_admin: 'The last admin',
  client_credentials_off: 'Client-credential sign-in is off',
  people_unavailable: 'People and connections are not available here',
  too_many_changes: 'Too many changes',
  too_many_reads: 'Too many reads',
  demo_limit: 'The demo allows no more',
  event_id_reused: 'Event id already used',
  no_connection: 'No stored connection',
  watch_off: 'The watcher is off',
  upstream_unavailable: 'Service unavailable',
  upstream_timeout: 'Service timed out',
  upstream_bad_response: 'Unexpected answer from the service',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  csrf: 'Request refused',
  unsupported_media_type: 'Unsupported media type',
  payload_too_large: 'Payload too large',
  invalid_request: 'Invalid request',
  request_timeout: 'Request timeout',
  headers_too_large: 'Request headers too large',
  unknown_environment: 'Unknown environment',
  not_ready: 'Not ready',
  store_unavailable: 'Session store unavailable',
  unknown_host: 'Unknown host',
  internal_error: 'Internal error',
  too_many_requests: 'Too many requests in flight',
  demo_full: 'The demo is full',
  control_token_required: 'Simulator control token required',
};

export function problemBody(status: number, code: ProblemCode, detail: string, requestId: string): Problem {
  return { type: `/problems/${code}`, title: titles[code], status, detail, requestId, code };
}

export function problem(
  status: number,
  code: ProblemCode,
  detail: string,
  requestId: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(problemBody(status, code, detail, requestId)), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });
}
