// Errors made by the proxy itself: `application/problem+json` (RFC 9457) with a stable `code` the
// console reads (interfaces.md). Upstream errors pass through elsewhere; these are ours.
export type ProblemCode =
  | 'session_expired'
  | 'not_authenticated'
  | 'invalid_credentials'
  | 'too_many_attempts'
  | 'upstream_unavailable'
  | 'upstream_timeout'
  | 'upstream_bad_response'
  | 'not_found'
  | 'method_not_allowed'
  | 'csrf'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'invalid_request'
  | 'unknown_environment'
  | 'not_ready'
  | 'unknown_host'
  | 'internal_error';

const titles: Record<ProblemCode, string> = {
  session_expired: 'Session expired',
  not_authenticated: 'Not signed in',
  invalid_credentials: 'Invalid credentials',
  too_many_attempts: 'Too many attempts',
  upstream_unavailable: 'Service unavailable',
  upstream_timeout: 'Service timed out',
  upstream_bad_response: 'Unexpected answer from the service',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  csrf: 'Request refused',
  unsupported_media_type: 'Unsupported media type',
  payload_too_large: 'Payload too large',
  invalid_request: 'Invalid request',
  unknown_environment: 'Unknown environment',
  not_ready: 'Not ready',
  unknown_host: 'Unknown host',
  internal_error: 'Internal error',
};

export function problem(
  status: number,
  code: ProblemCode,
  detail: string,
  requestId: string,
  headers: Record<string, string> = {},
): Response {
  const body = { type: `/problems/${code}`, title: titles[code], status, detail, requestId, code };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });
}
