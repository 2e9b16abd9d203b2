// The messages between the page and the child list's worker (child-list-calls.ts,
// docs/decisions/0024), and an ApiError as fields: a class does not survive the copy.
import { ApiError, type ApiErrorInit } from '@/contract/api-error-value';
import type { ChildCentersPage } from '@/contract/operations/list-child-centers';

/** What the page asks the worker. */
export type ListRequest = { id: number; providerId: number; origin: string } | { id: number; abort: true };

/** What the worker answers. */
export type ListReply =
  | { id: number; ok: true; value: ChildCentersPage }
  | { id: number; ok: false; error: ApiErrorInit & { message: string } };

/** The fields of an ApiError, as a worker posts them (a class does not survive the copy). */
export const errorFields = (error: ApiError): ApiErrorInit & { message: string } => ({
  kind: error.kind,
  status: error.status,
  meaning: error.meaning,
  serverMessage: error.serverMessage,
  code: error.code,
  fieldErrors: error.fieldErrors,
  retryAfterSeconds: error.retryAfterSeconds,
  requestId: error.requestId,
  message: error.message,
});

export function errorFromFields(fields: ApiErrorInit & { message: string }): ApiError {
  const error = new ApiError(fields);
  error.message = fields.message;
  return error;
}
