// What /alerts sends (src/proxy-api/alerts.ts): an inbox item and a failed delivery on the wire, and
// the inbox's page cursor as text.
import type { AlertItem } from '../../../proxy-api/alerts.ts';
import type { AlertRule } from '../../../proxy-api/alert-rules.ts';
import type { FailedDelivery } from '../../../proxy-api/alerts-console.ts';
import type { DeliveryRow } from './delivery.ts';
import type { InboxCursor, InboxItem } from './inbox.ts';
import { centreNameOf, detailsOf } from './payload.ts';

export const wireItem = (item: InboxItem): AlertItem => ({
  id: item.id,
  rule: item.rule,
  centreId: item.centreId,
  centreName: centreNameOf(item.payload, item.centreId),
  at: new Date(item.raisedAt).toISOString(),
  readAt: item.readAt === null ? null : new Date(item.readAt).toISOString(),
  details: detailsOf(item.payload),
});

export const wireDelivery = (r: DeliveryRow): FailedDelivery => ({
  id: r.id,
  alertId: r.alert_id,
  // Written by features/alerts/raise.ts from ALERT_RULES only (the inbox reads it the same way).
  rule: r.rule as AlertRule,
  centreId: r.centre_id,
  centreName: centreNameOf(r.payload, r.centre_id),
  raisedAt: r.raised_at.toISOString(),
  channel: r.channel === 'webhook' ? 'webhook' : 'email',
  // An e-mail's address; a webhook's host only, never its URL (docs/decisions/0027).
  to: r.channel === 'webhook' ? null : r.email,
  host: r.channel === 'webhook' ? r.webhook_host : null,
  status: r.status === 'failed' ? 'failed' : 'pending',
  attempts: r.attempts,
  lastErrorCode: r.last_error_code,
  nextAt: r.status === 'failed' ? null : r.next_at.toISOString(),
});

export const cursorText = (cursor: InboxCursor) => `${cursor.read ? 1 : 0}.${cursor.at}.${cursor.id}`;

/** A page's `next` as given back, or nothing (the first page). */
export const cursorPattern = /^(?:([01])\.(\d{1,16})\.(\d{1,16}))?$/;

export function parseCursor(text: string | undefined): InboxCursor | undefined {
  const match = cursorPattern.exec(text ?? '');
  if (!match?.[1]) return undefined;
  return { read: match[1] === '1', at: Number(match[2]), id: Number(match[3]) };
}
