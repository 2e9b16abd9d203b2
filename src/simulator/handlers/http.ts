// Translation between HTTP and the core: reading bodies and query strings, writing the spec's
// envelope (2.4), the D2 error body and the D1 OAuth error body. No rules live here.
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { Outcome, SimError } from '../core/index.ts';

const MAX_BODY_BYTES = 1_000_000;

export function errorResponse(error: SimError): Response {
  if (error.oauth)
    return HttpResponse.json(
      { error: error.oauth },
      { status: error.status, headers: { 'Cache-Control': 'no-store' } },
    );
  return HttpResponse.json(
    {
      success: false,
      code: error.status,
      message: error.message,
      // D2: `errors` only on 400.
      ...(error.status === 400 ? { errors: error.errors ?? [] } : {}),
    },
    { status: error.status },
  );
}

/** 2.4: every operation but the token and doctor registration answers an envelope. */
export function envelope<T>(outcome: Outcome<T>): Response {
  return outcome.ok
    ? HttpResponse.json({ success: true, code: 200, response: outcome.value })
    : errorResponse(outcome.error);
}

export function plain<T>(outcome: Outcome<T>): Response {
  return outcome.ok ? HttpResponse.json(outcome.value as object) : errorResponse(outcome.error);
}

const badRequest = (message: string): Outcome<never> => ({
  ok: false,
  error: { status: 400, message, errors: [{ field: '(body)', message }] },
});

/** The JSON body of a request, or a 400 for a wrong content type, an oversized or malformed body. */
export async function readJson(request: Request): Promise<Outcome<unknown>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(.+\+)?json\s*(;|$)/i.test(type))
    return badRequest('Content-Type must be application/json');
  const text = await readText(request);
  if (text === undefined) return badRequest('Body is too large');
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return badRequest('Body is not valid JSON');
  }
}

/** D1: the token body must be a form; anything else reads as null (→ invalid_request). */
export async function readForm(request: Request): Promise<URLSearchParams | null> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) return null;
  const text = await readText(request);
  return text === undefined ? null : new URLSearchParams(text);
}

async function readText(request: Request): Promise<string | undefined> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) return undefined;
  const text = await request.text();
  return text.length > MAX_BODY_BYTES ? undefined : text;
}

/**
 * Query parameters as the core reads them: absent → undefined. A parameter sent twice is
 * ambiguous, so it reads as an invalid value (`limit=1&limit=2` → 400), never as the first one.
 */
export function query(url: URL, names: readonly string[]): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const name of names) {
    const all = url.searchParams.getAll(name);
    out[name] = all.length === 0 ? undefined : all.length === 1 ? all[0] : '\u0000repeated';
  }
  return out;
}

type Resolve = (args: {
  request: Request;
  url: URL;
  params: Record<string, string>;
}) => Promise<Response> | Response;

/**
 * A handler matching the exact path (no trailing slash, no extra segments) on any origin, so the
 * same handlers serve `http://127.0.0.1:4010`, the browser's own origin, or any test base URL.
 */
// Each route's method and path, so that a request to a known path with another method is told
// which methods it takes (405 with `Allow`) instead of "no operation" (404).
const routes = new WeakMap<HttpHandler, { method: string; pattern: RegExp }>();

/** The methods the given handlers answer at `pathname` (empty: no such path). */
export function methodsAt(handlers: readonly HttpHandler[], pathname: string): string[] {
  return [
    ...new Set(
      handlers.flatMap((handler) => {
        const known = routes.get(handler);
        return known && known.pattern.test(pathname) ? [known.method] : [];
      }),
    ),
  ];
}

export function route(method: 'GET' | 'POST', template: string, resolve: Resolve): HttpHandler {
  const names: string[] = [];
  const pattern = new RegExp(
    `^${template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{(\w+)\\\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    })}$`,
  );
  const handler = http.all(
    ({ request }) => {
      if (request.method !== method) return false;
      const match = pattern.exec(new URL(request.url).pathname);
      if (!match) return false;
      const params: Record<string, string> = {};
      names.forEach((name, i) => {
        params[name] = safeDecode(match[i + 1] ?? '');
      });
      return { matches: true, params };
    },
    ({ request, params }) =>
      resolve({ request, url: new URL(request.url), params: params as Record<string, string> }),
  );
  routes.set(handler, { method, pattern });
  return handler;
}

/** A method the path does not take: 405 in the D2 shape, with the methods it does take. */
export function methodNotAllowed(method: string, pathname: string, allowed: readonly string[]): Response {
  const response = errorResponse({ status: 405, message: `${method} is not allowed at ${pathname}` });
  if (allowed.length > 0) response.headers.set('Allow', allowed.join(', '));
  return response;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
