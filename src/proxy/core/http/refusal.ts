// A refusal is thrown, not returned (Hono's HTTPException): a route reads as its happy path, and
// the app's one `onError` answers every refusal in the proxy's error shape (problems.ts).
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { problem, type ProblemCode } from './problems.ts';

export interface RefusalOptions {
  headers?: Record<string, string>;
  /** Runs on the answer before it leaves: a refusal that ends a session clears its cookie here. */
  onAnswer?: (response: Response) => void;
}

export class Refusal extends HTTPException {
  readonly code: ProblemCode;
  readonly detail: string;
  readonly options: RefusalOptions;

  constructor(status: ContentfulStatusCode, code: ProblemCode, detail: string, options: RefusalOptions = {}) {
    super(status, { message: detail });
    this.code = code;
    this.detail = detail;
    this.options = options;
  }
}

/** Stops the request with a problem answer (application/problem+json, the console's `code`). */
export function refuse(
  status: ContentfulStatusCode,
  code: ProblemCode,
  detail: string,
  options?: RefusalOptions,
): never {
  throw new Refusal(status, code, detail, options);
}

/**
 * What Hono's own middleware throws (the body limit, a validator's malformed JSON), in our words.
 */
export function refusalOf(error: HTTPException): Refusal {
  if (error instanceof Refusal) return error;
  if (error.status === 413)
    return new Refusal(413, 'payload_too_large', 'The body is larger than 1 MiB.', {
      headers: { connection: 'close' },
    });
  if (error.status === 415)
    return new Refusal(415, 'unsupported_media_type', 'Send the body as application/json.');
  return new Refusal(400, 'invalid_request', 'The body is not valid JSON.');
}

/** The answer to a refusal: the problem body with the request's id, and what the refusal adds. */
export function answerOf(error: HTTPException, requestId: string): Response {
  const refusal = refusalOf(error);
  const response = problem(refusal.status, refusal.code, refusal.detail, requestId, refusal.options.headers);
  refusal.options.onAnswer?.(response);
  return response;
}
