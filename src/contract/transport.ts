import type { z } from 'zod/mini';
import { ApiError, apiErrorFromResponse } from './api-error.ts';
import { err, ok, type Result } from './result.ts';

/** Anything that turns a Request into a Response: `fetch`, the simulator, a test double. */
export type FetchLike = (request: Request) => Promise<Response>;

export const globalFetch: FetchLike = (request) => fetch(request);

/**
 * Where and how to call the service. `baseUrl` is absolute (`https://qa.example`, the simulator
 * on `http://127.0.0.1:4010`) or a path on the page's own origin (`/api`, through the token
 * proxy). `templatesPrefix` is the environment's path before `/reportExample` (D9).
 */
export type UpstreamClient = {
  baseUrl: string;
  fetch: FetchLike;
  headers?: Record<string, string>;
  templatesPrefix?: string;
  timeoutMs?: number;
};

export type CallInit = { signal?: AbortSignal | undefined };

export const DEFAULT_TIMEOUT_MS = 15_000;

type Body = { json: unknown } | { form: Record<string, string> };
export type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: Body;
};

export function buildUrl(client: UpstreamClient, call: Call): URL {
  const base = client.baseUrl.replace(/\/+$/, '');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(call.query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = `${base}${call.path}${search.size > 0 ? `?${search.toString()}` : ''}`;
  // A relative base (`/api`) resolves against the page; outside a page it must be absolute.
  const origin = (globalThis as { location?: { href: string } }).location?.href;
  return origin === undefined ? new URL(text) : new URL(text, origin);
}

/** Sends one call and parses its answer with `schema`; every failure becomes an ApiError. */
export async function send<S extends z.ZodMiniType>(
  client: UpstreamClient,
  call: Call,
  schema: S,
  init: CallInit = {},
): Promise<Result<z.output<S>, ApiError>> {
  const timeout = AbortSignal.timeout(client.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  const headers = new Headers({ accept: 'application/json', ...client.headers });
  let body: string | undefined;
  if (call.body && 'json' in call.body) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(call.body.json);
  } else if (call.body) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(call.body.form).toString();
  }

  let response: Response;
  let text: string;
  // Race the signal ourselves: a transport that ignores `request.signal` (a test double, an
  // in-process simulator) must still time out and be abortable.
  const { promise: aborted, reject } = Promise.withResolvers<never>();
  const onAbort = () => reject(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  aborted.catch(() => {});
  try {
    const request = new Request(buildUrl(client, call), {
      method: call.method,
      headers,
      body,
      signal,
      redirect: 'manual',
    });
    response = await Promise.race([client.fetch(request), aborted]);
    text = await Promise.race([response.text(), aborted]);
  } catch (cause) {
    if (init.signal?.aborted) return err(new ApiError({ kind: 'aborted' }));
    if (timeout.aborted) return err(new ApiError({ kind: 'timeout' }));
    return err(
      new ApiError({ kind: 'network', detail: cause instanceof Error ? cause.message : String(cause) }),
    );
  } finally {
    signal.removeEventListener('abort', onAbort);
  }

  if (response.status < 200 || response.status > 299) {
    return err(apiErrorFromResponse(response.status, response.headers, text));
  }
  const requestId = response.headers.get('x-request-id') ?? undefined;
  let json: unknown;
  try {
    // 204 No Content has no body to parse: the schema decides whether "nothing" is an answer.
    json = response.status === 204 ? undefined : JSON.parse(text);
  } catch {
    return err(
      new ApiError({
        kind: 'unexpected-response',
        status: response.status,
        requestId,
        detail: 'the body is not JSON',
      }),
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first && first.path.length > 0 ? ` at ${first.path.join('.')}` : '';
    return err(
      new ApiError({
        kind: 'unexpected-response',
        status: response.status,
        requestId,
        detail: `the body does not match the specification${where}: ${first?.message ?? 'invalid'}`,
      }),
    );
  }
  return ok(parsed.data);
}

/** A path parameter, encoded so that it can never add a path segment. */
export const segment = (value: string | number) => encodeURIComponent(String(value));
