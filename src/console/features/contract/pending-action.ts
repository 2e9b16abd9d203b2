import { z } from 'zod/mini';
import { ACTIONS } from '@/console/domain/contract-actions';
import { partnerWebhookRequestSchema } from '@/contract/operations/send-partner-webhook';

// One user action on a centre's contract, kept in this tab's session storage from before it is
// sent until the service answers (docs/decisions/0016). A retry, after a timeout, a lost connection
// or a reload, sends the very same event: D8 applies an event id at most once.

const pendingSchema = z.object({
  action: z.enum(ACTIONS),
  request: partnerWebhookRequestSchema,
  /** When the user sent it first (ISO 8601). */
  since: z.iso.datetime(),
});
export type PendingAction = z.infer<typeof pendingSchema>;

/** Who and where: one pending action per centre, per provider and environment signed in. */
export interface Scope {
  environment: string;
  providerId: number;
  centreId: number;
}

export const scopeKey = ({ environment, providerId, centreId }: Scope) =>
  `provider-console.contract-action.${environment}.${providerId}.${centreId}`;

/** The storage, when the browser grants it (a private window may refuse). */
function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The pending action, read as a boundary: anything unreadable is forgotten. */
export function readPending(key: string, store = storage()): PendingAction | undefined {
  const text = store?.getItem(key);
  if (!text) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = pendingSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  store?.removeItem(key);
  return undefined;
}

export function writePending(key: string, pending: PendingAction, store = storage()): void {
  try {
    store?.setItem(key, JSON.stringify(pending));
  } catch {
    // Storage full or refused: the page still holds the action, so a retry in it sends the same id.
  }
}

export function clearPending(key: string, store = storage()): void {
  store?.removeItem(key);
}
