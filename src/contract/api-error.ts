import { z } from 'zod/mini';
import { ApiError, parseRetryAfter } from './api-error-value.ts';
import { tolerated } from './tolerant.ts';

export * from './api-error-value.ts';

// D2: `{"success":false,"code":<status>,"message":"…","errors":[{field,message}]}`, errors only on 400.
// Read tolerantly ("never assume an error body is JSON"); D2 always sends the first three.
export const errorBodySchema = z.object({
  success: tolerated(z.optional(z.literal(false)), {
    schema: { type: 'boolean', const: false },
    required: true,
  }),
  code: tolerated(z.optional(z.number()), { schema: { type: 'integer' }, required: true }),
  message: tolerated(z.optional(z.string()), { schema: { type: 'string' }, required: true }),
  errors: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
});

// D1: the token operation answers OAuth 2.0 errors (RFC 6749 §5.2, whose codes the wire form lists).
export const oauthErrorBodySchema = z.object({
  error: tolerated(z.string(), {
    schema: {
      type: 'string',
      enum: [
        'invalid_request',
        'invalid_client',
        'invalid_grant',
        'unauthorized_client',
        'unsupported_grant_type',
        'invalid_scope',
      ],
    },
  }),
  error_description: z.optional(z.string()),
});

// The token proxy's own errors (RFC 9457 problem details; the console wire, console-wire.ts).
export const problemBodySchema = z.object({
  type: z.optional(z.string()),
  title: z.optional(z.string()),
  status: z.optional(z.number()),
  detail: z.optional(z.string()),
  requestId: z.optional(z.string()),
  code: z.optional(z.string()),
});
export type ProblemBody = z.infer<typeof problemBodySchema>;

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
