// Log lines name a failure by codes, never by an error's message (docs/decisions/0020): a message
// can quote what a peer sent (an upstream token with CR/LF once reached the log inside the text of
// the TypeError its header raised). What is logged is a fixed reason of ours, the error's class
// and its system code (ECONNREFUSED, UND_ERR_SOCKET, …), each checked to be a plain identifier.

/** Why a call upstream failed, as the proxy names it. */
export type UpstreamReason =
  /** No Request could be made of it (a header value the upstream handed us, like its token). */
  | 'request_not_built'
  /** The connection failed or was refused before an answer. */
  | 'connection_failed'
  /** The answer was larger than the proxy takes (`MAX_UPSTREAM_ANSWER_MB`). */
  | 'answer_too_large'
  /** The answer broke off while it was read. */
  | 'answer_broke_off'
  /** The answer's status was not one the operation expects. */
  | 'unexpected_status'
  /** The answer was not JSON, or not the shape the operation answers. */
  | 'unexpected_body';

/** A failure as logged: the reason, and what can be said of the error without quoting it. */
export interface Failure {
  reason: UpstreamReason;
  errorClass?: string;
  code?: string;
  status?: number;
}

const identifier = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** The class and the system code of an error (or of its causes), never its message. */
export function errorFacts(error: unknown): { errorClass: string; code?: string } {
  const errorClass =
    error instanceof Error ? (identifier.test(error.name) ? error.name : 'Error') : typeof error;
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && identifier.test(code)) return { errorClass, code };
    cause = cause.cause;
  }
  return { errorClass };
}

export function failure(reason: UpstreamReason, error?: unknown): Failure {
  return error === undefined ? { reason } : { reason, ...errorFacts(error) };
}

/** The fields of a failure for a log line (an outcome's `kind` aside). */
export function failureFields(failed: Failure): Failure {
  const { reason, errorClass, code, status } = failed;
  return { reason, errorClass, code, status };
}
