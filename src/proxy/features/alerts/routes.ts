// /alerts: a person's inbox on the connection they work through (docs/decisions/0026). Alerts are
// a person's: a client-credential session has no `alerts.view` (403), and every query is scoped by
// the session's person and connection, so another person's alerts are never served.
import { Hono } from 'hono';
import {
  alertPageSchema,
  markReadRequestSchema,
  preferencesSchema,
  type AlertItem,
} from '../../../proxy-api/alerts.ts';
import type { AlertRule } from '../../../proxy-api/alert-rules.ts';
import type { FailedDelivery } from '../../../proxy-api/alerts-console.ts';
import type { AnyOperationId } from '../../../proxy-api/permissions.ts';
import type { DeliveryRow } from './delivery.ts';
import type { InboxCursor, InboxItem } from './inbox.ts';
import { centreNameOf, detailsOf } from './payload.ts';
import { actorOf, ownerOf, recordEntries, requestFields } from '../audit/recorder.ts';
import { fail, readJsonBody, type Ctx, type ProxyEnv } from '../../core/http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { authorize } from '../people/authorize-legacy.ts';

const wireItem = (item: InboxItem): AlertItem => ({
  id: item.id,
  rule: item.rule,
  centreId: item.centreId,
  centreName: centreNameOf(item.payload, item.centreId),
  at: new Date(item.raisedAt).toISOString(),
  readAt: item.readAt === null ? null : new Date(item.readAt).toISOString(),
  details: detailsOf(item.payload),
});
const wireDelivery = (r: DeliveryRow): FailedDelivery => ({
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
const cursorText = (cursor: InboxCursor) => `${cursor.read ? 1 : 0}.${cursor.at}.${cursor.id}`;
function parseCursor(text: string | undefined): InboxCursor | undefined | 'bad' {
  if (text === undefined || text === '') return undefined;
  const match = /^([01])\.(\d{1,16})\.(\d{1,16})$/.exec(text);
  return match ? { read: match[1] === '1', at: Number(match[2]), id: Number(match[3]) } : 'bad';
}

export function alertRoutes(deps: AppDeps) {
  const routes = new Hono<ProxyEnv>();
  /** The person and connection of the session, or the answer that refuses it. */
  const entry = async (c: Ctx, operation: AnyOperationId) => {
    const authorized = await authorize(deps, c, operation);
    if (authorized instanceof Response) return authorized;
    const { access } = authorized;
    if (!deps.alerts || access.kind !== 'person')
      return fail(c, 404, 'not_found', 'Alerts need the database and organisation sign-in.');
    return {
      inbox: deps.alerts,
      personId: access.person.id,
      connectionId: access.connection.id,
      connection: access.connection,
      session: authorized.session,
    };
  };

  routes.get('/', async (c) => {
    const e = await entry(c, 'listAlerts');
    if (e instanceof Response) return e;
    const after = parseCursor(c.req.query('after'));
    const limit = Number(c.req.query('limit') ?? 50);
    if (after === 'bad' || !Number.isInteger(limit) || limit < 1 || limit > 100)
      return fail(c, 400, 'invalid_request', 'Give `after` as the page’s `next`, and `limit` from 1 to 100.');
    const page = await e.inbox.list(e.personId, e.connectionId, limit, after);
    return c.json(
      alertPageSchema.parse({
        items: page.items.map(wireItem),
        next: page.next ? cursorText(page.next) : null,
      }),
    );
  });

  routes.get('/unread', async (c) => {
    const e = await entry(c, 'countUnreadAlerts');
    if (e instanceof Response) return e;
    return c.json({ unread: await e.inbox.unread(e.personId, e.connectionId) });
  });

  routes.post('/read', async (c) => {
    const e = await entry(c, 'markAlertsRead');
    if (e instanceof Response) return e;
    const body = await readJsonBody(c, true);
    if (body instanceof Response) return body;
    const parsed = markReadRequestSchema.safeParse(body);
    if (!parsed.success) return fail(c, 400, 'invalid_request', 'Send { "ids": [ … ] } or { "all": true }.');
    const ids = 'ids' in parsed.data ? parsed.data.ids : 'all';
    const marked = await e.inbox.markRead(e.personId, e.connectionId, ids, deps.now());
    return c.json({ marked, unread: await e.inbox.unread(e.personId, e.connectionId) });
  });

  routes.get('/preferences', async (c) => {
    const e = await entry(c, 'getAlertPreferences');
    if (e instanceof Response) return e;
    return c.json(await e.inbox.preferences(e.personId));
  });

  routes.put('/preferences', async (c) => {
    const e = await entry(c, 'setAlertPreferences');
    if (e instanceof Response) return e;
    const body = await readJsonBody(c, true);
    if (body instanceof Response) return body;
    const parsed = preferencesSchema.safeParse(body);
    if (!parsed.success)
      return fail(c, 400, 'invalid_request', 'Send { "rules": [{ "rule", "inbox", "email" }], "language" }.');
    await e.inbox.setPreferences(e.personId, parsed.data.rules, parsed.data.language);
    return c.json(await e.inbox.preferences(e.personId));
  });

  routes.get('/deliveries/failed', async (c) => {
    const e = await entry(c, 'listFailedDeliveries');
    if (e instanceof Response) return e;
    const rows = await e.inbox.failedDeliveries(e.connectionId);
    return c.json({ deliveries: rows.map(wireDelivery) });
  });

  // An admin sends a delivery that did not go out again, once they fixed its cause. Audited: who
  // asked for which alert's message (docs/decisions/0018), never the address or the URL.
  routes.post('/deliveries/:id/retry', async (c) => {
    const e = await entry(c, 'retryFailedDelivery');
    if (e instanceof Response) return e;
    const id = Number(c.req.param('id'));
    const retried = Number.isSafeInteger(id)
      ? await e.inbox.retryDelivery(e.connectionId, id, deps.now())
      : undefined;
    if (!retried)
      return fail(
        c,
        404,
        'not_found',
        'No such delivery waits to be sent again: it went out, or is not this connection’s.',
      );
    await recordEntries(deps, c, [
      {
        ...requestFields(c, deps.now),
        environment: e.connection.environment,
        actor: actorOf(e.session),
        ownerProviderId: e.connection.providerVerified ? e.connection.providerId : ownerOf(e.session),
        action: 'alert.delivery_retry',
        centreId: retried.centre_id,
        subject: retried.rule,
        outcome: { status: 200, code: null },
        detail: { deliveryId: retried.id, alertId: retried.alert_id, channel: retried.channel },
      },
    ]);
    // Sent now rather than at the minute's run; without a watcher here, the minute's run sends it.
    await deps.watch?.deliver?.().catch(() => undefined);
    return c.json({ delivery: wireDelivery(retried) });
  });
  return routes;
}
