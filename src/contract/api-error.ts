import { z } from 'zod/mini';

/** How a call failed: the upstream answered with an error status, or never answered usefully. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'unexpected-response';

/**
 * What a failure means (spec §7 for statuses), as a stable key: the console turns it into words in
 * the user's language, tests and logs compare it.
 */
export type ApiErrorMeaning =
  | 'invalid-request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'state-conflict'
  | 'unprocessable'
  | 'payload-too-large'
  | 'rate-limited'
  | 'server-error'
  | 'upstream-unavailable'
  | 'upstream-timeout'
  | 'unexpected-status'
  | 'network-error'
  | 'timeout'
  | 'aborted'
  | 'unexpected-response';

export type FieldError = { field: string; message: string };

/** Spec §7, plus the statuses a gateway (our proxy) adds in front of the service. */
export function meaningOfStatus(status: number): ApiErrorMeaning {
  switch (status) {
    case 400:
      return 'invalid-request';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not-found';
    case 409:
      // §7: the operation does not apply to the centre's billing regime.
      return 'state-conflict';
    case 413:
      return 'payload-too-large';
    case 422:
      return 'unprocessable';
    case 429:
      return 'rate-limited';
    case 502:
    case 503:
      return 'upstream-unavailable';
    case 504:
      return 'upstream-timeout';
    default:
      return status >= 500 && status <= 599 ? 'server-error' : 'unexpected-status';
  }
}

export type ApiErrorInit = {
  kind: ApiErrorKind;
  status?: number | undefined;
  meaning?: ApiErrorMeaning | undefined;
  serverMessage?: string | undefined;
  code?: string | undefined;
  fieldErrors?: FieldError[] | undefined;
  retryAfterSeconds?: number | undefined;
  requestId?: string | undefined;
  detail?: string | undefined;
};

const meaningOfKind: Record<Exclude<ApiErrorKind, 'http'>, ApiErrorMeaning> = {
  network: 'network-error',
  timeout: 'timeout',
  aborted: 'aborted',
  'unexpected-response': 'unexpected-response',
};

/** A failed call, as a value. Never carries a token or a secret: only what the server said. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly meaning: ApiErrorMeaning;
  readonly serverMessage: string | undefined;
  readonly code: string | undefined;
  readonly fieldErrors: FieldError[];
  readonly retryAfterSeconds: number | undefined;
  readonly requestId: string | undefined;

  constructor(init: ApiErrorInit) {
    const meaning =
      init.meaning ?? (init.kind === 'http' ? meaningOfStatus(init.status ?? 0) : meaningOfKind[init.kind]);
    super(
      [
        init.status === undefined ? init.kind : `HTTP ${init.status}`,
        meaning,
        init.serverMessage ?? init.detail,
      ]
        .filter(Boolean)
        .join(': '),
    );
    this.kind = init.kind;
    this.status = init.status;
    this.meaning = meaning;
    this.serverMessage = init.serverMessage;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.requestId = init.requestId;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

// D2: `{"success":false,"code":<status>,"message":"…","errors":[{field,message}]}`, errors only on 400.
export const errorBodySchema = z.object({
  success: z.optional(z.literal(false)),
  code: z.optional(z.number()),
  message: z.optional(z.string()),
  errors: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
});

// D1: the token operation answers OAuth 2.0 errors (RFC 6749 §5.2).
export const oauthErrorBodySchema = z.object({
  error: z.string(),
  error_description: z.optional(z.string()),
});

// The token proxy's own errors (RFC 9457 problem details).
export const problemBodySchema = z.object({
  type: z.optional(z.string()),
  title: z.optional(z.string()),
  status: z.optional(z.number()),
  detail: z.optional(z.string()),
  requestId: z.optional(z.string()),
  code: z.optional(z.string()),
});

/** Retry-After as seconds: either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * An error status, read tolerantly (D2: "never assume an error body is JSON"): whatever the body
 * is (D2, OAuth, problem+json, HTML from a gateway, nothing) the result is an ApiError.
 */
export function apiErrorFromResponse(status: number, headers: Headers, bodyText: string): ApiError {
  let body: unknown;
  try {
    body = bodyText === '' ? undefined : JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  const base = {
    kind: 'http' as const,
    status,
    retryAfterSeconds: parseRetryAfter(headers.get('retry-after')),
    requestId: headers.get('x-request-id') ?? undefined,
  };
  const problem = problemBodySchema.safeParse(body);
  if (
    problem.success &&
    (problem.data.detail !== undefined || problem.data.title !== undefined) &&
    typeof body === 'object'
  ) {
    return new ApiError({
      ...base,
      serverMessage: problem.data.detail ?? problem.data.title,
      code: problem.data.code,
      requestId: problem.data.requestId ?? base.requestId,
    });
  }
  const oauth = oauthErrorBodySchema.safeParse(body);
  if (oauth.success) {
    return new ApiError({ ...base, code: oauth.data.error, serverMessage: oauth.data.error_description });
  }
  const d2 = errorBodySchema.safeParse(body);
  if (d2.success && body !== undefined) {
    return new ApiError({ ...base, serverMessage: d2.data.message, fieldErrors: d2.data.errors });
  }
  return new ApiError(base);
}
