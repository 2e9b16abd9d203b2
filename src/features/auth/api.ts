import { queryOptions } from '@tanstack/react-query';
// zod/mini and direct contract modules, not the barrel: this module is on the login screen's first
// load, whose budget full zod would mostly use up (docs/decisions/0006-console.md).
import { z } from 'zod/mini';
import { ApiError, apiErrorFromResponse } from '@/contract/api-error';
import { OPERATION_IDS, type OperationId } from '@/contract/operations';
import { err, ok, type Result } from '@/contract/result';
import { CONSOLE_HEADERS } from '@/lib/api-client';

// The token proxy's browser-facing surface (docs/decisions/0006-console.md): same origin, the
// session in an HttpOnly cookie, every call with `X-Requested-With: provider-console`.

export const ENVIRONMENT_KINDS = ['demo', 'development', 'qa', 'production'] as const;
export type EnvironmentKind = (typeof ENVIRONMENT_KINDS)[number];

export const environmentSchema = z.object({
  id: z.string().check(z.minLength(1)),
  label: z.string(),
  kind: z.enum(ENVIRONMENT_KINDS),
  // An operation the console does not know yet is dropped, not fatal.
  operations: z.pipe(
    z.array(z.string()),
    z.transform((ids: string[]) => ids.filter(isOperationId)),
  ),
});
export type Environment = z.infer<typeof environmentSchema>;
export const environmentsSchema = z.array(environmentSchema);

function isOperationId(id: string): id is OperationId {
  return (OPERATION_IDS as readonly string[]).includes(id);
}

export const sessionSchema = z.object({
  environment: z.string().check(z.minLength(1)),
  providerId: z.int().check(z.positive()),
  clientId: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

export const loginRequestSchema = z.object({
  environment: z.string().check(z.minLength(1)),
  providerId: z.int().check(z.positive()),
  clientId: z.string().check(z.trim(), z.minLength(1)),
  clientSecret: z.string().check(z.minLength(1)),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

async function call<S extends z.ZodMiniType>(
  method: 'GET' | 'POST',
  path: string,
  schema: S | null,
  body?: unknown,
): Promise<Result<z.output<S> | null, ApiError>> {
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
  if (!response.ok) return err(apiErrorFromResponse(response.status, response.headers, text));
  if (schema === null) return ok(null);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return err(new ApiError({ kind: 'unexpected-response', status: response.status, detail: 'not JSON' }));
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    return err(
      new ApiError({ kind: 'unexpected-response', status: response.status, detail: parsed.error.message }),
    );
  }
  return ok(parsed.data);
}

export async function getEnvironments(): Promise<Result<Environment[], ApiError>> {
  const result = await call('GET', '/auth/environments', environmentsSchema);
  return result.ok ? ok(result.value ?? []) : result;
}

export async function login(input: LoginRequest): Promise<Result<Session, ApiError>> {
  const result = await call('POST', '/auth/login', sessionSchema, loginRequestSchema.parse(input));
  if (!result.ok) return result;
  return result.value ? ok(result.value) : err(new ApiError({ kind: 'unexpected-response' }));
}

/** The current session, or null when there is none (401 is an answer here, not a failure). */
export async function getSession(): Promise<Result<Session | null, ApiError>> {
  const result = await call('GET', '/auth/session', sessionSchema);
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
