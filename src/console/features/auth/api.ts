import { queryOptions } from '@tanstack/react-query';
import { ApiError, parseRetryAfter } from '@/contract/api-error-value';
import { OPERATION_IDS, type OperationId } from '@/contract/operations';
import { err, ok, type Result } from '@/contract/result';
import { CONSOLE_HEADERS } from '@/console/lib/console-headers';

// The token proxy's browser-facing surface (docs/decisions/0006-console.md): same origin, the
// session in an HttpOnly cookie, every call with `X-Requested-With: provider-console`.
//
// Parsed by the small readers below rather than zod: this module is on the login screen's first
// load, and zod's core alone is about 24 kB gzip of a 140 kB budget whose framework baseline is
// 110 kB (measured, docs/decisions/0006-console.md). Everything after login uses the contract's zod
// schemas. The readers are as strict as the schemas would be and are tested in api.test.ts.

export const ENVIRONMENT_KINDS = ['demo', 'development', 'qa', 'production'] as const;
export type EnvironmentKind = (typeof ENVIRONMENT_KINDS)[number];

export type Environment = { id: string; label: string; kind: EnvironmentKind; operations: OperationId[] };
export type Session = { environment: string; providerId: number; clientId: string };
export type LoginRequest = {
  environment: string;
  providerId: number;
  clientId: string;
  clientSecret: string;
};

type Reader<T> = (value: unknown) => T | undefined;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isOperationId = (id: unknown): id is OperationId =>
  typeof id === 'string' && (OPERATION_IDS as readonly string[]).includes(id);
const isKind = (kind: unknown): kind is EnvironmentKind =>
  typeof kind === 'string' && (ENVIRONMENT_KINDS as readonly string[]).includes(kind);
const isPositiveInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

export const readEnvironment: Reader<Environment> = (value) => {
  if (!isRecord(value)) return undefined;
  const { id, label, kind, operations } = value;
  if (typeof id !== 'string' || id === '' || typeof label !== 'string' || !isKind(kind)) return undefined;
  if (!Array.isArray(operations)) return undefined;
  // An operation the console does not know yet is dropped, not fatal (tolerant reading).
  return { id, label, kind, operations: operations.filter(isOperationId) };
};

export const readEnvironments: Reader<Environment[]> = (value) => {
  if (!Array.isArray(value)) return undefined;
  const list = value.map(readEnvironment);
  return list.every((item) => item !== undefined) ? (list as Environment[]) : undefined;
};

export const readSession: Reader<Session> = (value) => {
  if (!isRecord(value)) return undefined;
  const { environment, providerId, clientId } = value;
  if (typeof environment !== 'string' || environment === '' || !isPositiveInt(providerId)) return undefined;
  if (typeof clientId !== 'string') return undefined;
  return { environment, providerId, clientId };
};

/** The proxy's problem+json (`{type,title,status,detail,requestId,code}`), or whatever came. */
export function errorFromResponse(status: number, headers: Headers, text: string): ApiError {
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  const field = (name: string) => {
    const value = isRecord(body) ? body[name] : undefined;
    return typeof value === 'string' ? value : undefined;
  };
  return new ApiError({
    kind: 'http',
    status,
    serverMessage: field('detail') ?? field('message') ?? field('title'),
    code: field('code'),
    retryAfterSeconds: parseRetryAfter(headers.get('retry-after')),
    requestId: field('requestId') ?? headers.get('x-request-id') ?? undefined,
  });
}

async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  read: Reader<T> | null,
  body?: unknown,
): Promise<Result<T | null, ApiError>> {
  let response: Response;
  try {
    const init: RequestInit = {
      method,
      credentials: 'same-origin',
      headers: { ...CONSOLE_HEADERS, accept: 'application/json' },
    };
    if (body !== undefined) {
      init.headers = { ...CONSOLE_HEADERS, accept: 'application/json', 'content-type': 'application/json' };
      init.body = JSON.stringify(body);
    }
    // Resolved against the page (same origin); jsdom's fetch needs an absolute URL too.
    response = await fetch(new URL(path, globalThis.location.href), init);
  } catch (cause) {
    return err(
      new ApiError({ kind: 'network', detail: cause instanceof Error ? cause.message : String(cause) }),
    );
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) return err(errorFromResponse(response.status, response.headers, text));
  if (read === null) return ok(null);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return err(new ApiError({ kind: 'unexpected-response', status: response.status, detail: 'not JSON' }));
  }
  const value = read(json);
  if (value === undefined) {
    return err(
      new ApiError({
        kind: 'unexpected-response',
        status: response.status,
        detail: `unexpected ${path} body`,
      }),
    );
  }
  return ok(value);
}

export async function getEnvironments(): Promise<Result<Environment[], ApiError>> {
  const result = await call('GET', '/auth/environments', readEnvironments);
  return result.ok ? ok(result.value ?? []) : result;
}

export async function login(input: LoginRequest): Promise<Result<Session, ApiError>> {
  const result = await call('POST', '/auth/login', readSession, input);
  if (!result.ok) return result;
  return result.value ? ok(result.value) : err(new ApiError({ kind: 'unexpected-response' }));
}

/** The current session, or null when there is none (401 is an answer here, not a failure). */
export async function getSession(): Promise<Result<Session | null, ApiError>> {
  const result = await call('GET', '/auth/session', readSession);
  if (!result.ok && result.error.status === 401) return ok(null);
  return result;
}

export async function logout(): Promise<Result<null, ApiError>> {
  const result = await call('POST', '/auth/logout', null);
  return result.ok ? ok(null) : result;
}

export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
  environments: () => [...authKeys.all, 'environments'] as const,
};

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.session(),
    queryFn: async () => {
      const result = await getSession();
      if (!result.ok) throw result.error;
      return result.value;
    },
    staleTime: 60_000,
  });

export const environmentsQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.environments(),
    queryFn: async () => {
      const result = await getEnvironments();
      if (!result.ok) throw result.error;
      return result.value;
    },
    staleTime: 5 * 60_000,
  });
