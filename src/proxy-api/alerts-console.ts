import { z } from 'zod/mini';
import { ALERT_RULES } from './alert-rules.ts';
import type { AlertPreferences } from './alerts.ts';
import { send, type CallInit, type UpstreamClient } from '../contract/transport.ts';

// The alerts on the console wire (docs/decisions/0026): the inbox, its unread count and one's
// choices per rule, parsed with zod/mini like every console call (the proxy parses the same shapes
// with alerts-wire.ts). Ours, not the service's.

export { ALERT_RULES, type AlertRule } from './alert-rules.ts';

const rule = z.enum(ALERT_RULES);
const language = z.enum(['en', 'es', 'ca']);

export const alertSchema = z.object({
  id: z.number(),
  rule,
  centreId: z.number(),
  centreName: z.string(),
  at: z.string(),
  readAt: z.nullable(z.string()),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type Alert = z.infer<typeof alertSchema>;

const pageSchema = z.object({ items: z.array(alertSchema), next: z.nullable(z.string()) });
const unreadSchema = z.object({ unread: z.number() });
export const alertChoicesSchema: z.ZodMiniType<AlertPreferences, AlertPreferences> = z.object({
  rules: z.array(z.object({ rule, inbox: z.boolean(), email: z.boolean() })),
  language,
});
export type AlertChoices = AlertPreferences;

export function listAlerts(client: UpstreamClient, after: string | undefined, init?: CallInit) {
  return send(client, { method: 'GET', path: '/alerts', query: { after } }, pageSchema, init);
}

export function countUnread(client: UpstreamClient, init?: CallInit) {
  return send(client, { method: 'GET', path: '/alerts/unread' }, unreadSchema, init);
}

export function markRead(client: UpstreamClient, input: { ids: number[] } | { all: true }) {
  return send(client, { method: 'POST', path: '/alerts/read', body: { json: input } }, unreadSchema);
}

export function getAlertChoices(client: UpstreamClient, init?: CallInit) {
  return send(client, { method: 'GET', path: '/alerts/preferences' }, alertChoicesSchema, init);
}

export function putAlertChoices(client: UpstreamClient, input: AlertChoices) {
  return send(
    client,
    { method: 'PUT', path: '/alerts/preferences', body: { json: input } },
    alertChoicesSchema,
  );
}

/**
 * `PUT /alerts/time-zone`: the zone one's alert e-mails give times in, as this browser reports it
 * (an IANA name; the proxy checks it against the zones it knows, issue 47 item 14).
 */
export function putTimeZone(client: UpstreamClient, timeZone: string) {
  return send(
    client,
    { method: 'PUT', path: '/alerts/time-zone', body: { json: { timeZone } } },
    z.unknown(),
  );
}

/**
 * An alert message that did not go out (docs/decisions/0027): given up (`failed`), or still being
 * retried (`pending` after an attempt). An e-mail names its address; a chat post only its host.
 * The proxy builds its answer against this type (features/alerts/routes.ts).
 */
export const failedDeliverySchema = z.object({
  id: z.number(),
  alertId: z.number(),
  rule,
  centreId: z.number(),
  centreName: z.string(),
  raisedAt: z.string(),
  channel: z.enum(['email', 'webhook']),
  to: z.nullable(z.string()),
  host: z.nullable(z.string()),
  status: z.enum(['failed', 'pending']),
  attempts: z.number(),
  lastErrorCode: z.nullable(z.string()),
  /** When it is tried again; null once given up. */
  nextAt: z.nullable(z.string()),
});
export type FailedDelivery = z.infer<typeof failedDeliverySchema>;
const failedDeliveriesSchema = z.object({ deliveries: z.array(failedDeliverySchema) });

export function listFailedDeliveries(client: UpstreamClient, init?: CallInit) {
  return send(client, { method: 'GET', path: '/alerts/deliveries/failed' }, failedDeliveriesSchema, init);
}

/**
 * What "Send again" came to (docs/decisions/0027): `sent`; `failed` again (the delivery as it now
 * is: one more attempt, its error); `queued` for the queue's next run where the proxy could not try
 * it at once (the delivery waiting); `dropped` when nothing was left to send (`empty`: the person
 * chose otherwise or the alerts are gone; `no_channel`: no e-mail or chat is set up).
 */
export const deliveryRetryAnswerSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('sent'), delivery: z.null() }),
  z.object({ outcome: z.literal('failed'), delivery: failedDeliverySchema }),
  z.object({ outcome: z.literal('queued'), delivery: failedDeliverySchema }),
  z.object({ outcome: z.literal('dropped'), reason: z.enum(['empty', 'no_channel']), delivery: z.null() }),
]);
export type DeliveryRetryAnswer = z.infer<typeof deliveryRetryAnswerSchema>;

/** Sends a delivery again now (an admin fixed the address or the server): what came of it. */
export function retryDelivery(client: UpstreamClient, id: number) {
  return send(client, { method: 'POST', path: `/alerts/deliveries/${id}/retry` }, deliveryRetryAnswerSchema);
}
