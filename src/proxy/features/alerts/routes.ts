// /alerts: a person's inbox on the connection they work through (docs/decisions/0026). Alerts are
// a person's: a client-credential session has no `alerts.view` (403), and every query is scoped by
// the session's person and connection, so another person's alerts are never served.
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import {
  alertPageSchema,
  markReadRequestSchema,
  preferencesSchema,
  timeZoneRequestSchema,
} from '../../../proxy-api/alerts.ts';
import type { DeliveryRetryAnswer } from '../../../proxy-api/alerts-console.ts';
import type { AnyOperationId } from '../../../proxy-api/permissions.ts';
import type { ProxyEnv } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import { json, query } from '../../core/http/validation.ts';
import type { PersonGranted, Authorization } from '../people/index.ts';
import { actorOf, ownerOf, recordEntries, requestFields, type AuditRecording } from '../audit/index.ts';
import type { DeliveryRow } from './delivery.ts';
import type { AlertInbox } from './inbox.ts';
import type { SentAgain } from './sent-again.ts';
import { cursorPattern, cursorText, parseCursor, wireDelivery, wireItem } from './wire.ts';

export interface AlertRouteDeps extends AuditRecording {
  auth: Authorization;
  /** People's alerts; absent where there is no database. */
  alerts: AlertInbox | undefined;
  /** Sends the alert messages due now (nothing where no watcher runs here: the minute's run does). */
  deliver: () => Promise<unknown>;
  /** An admin's "Send again" tried now (send-again.ts); undefined where no watcher runs here yet. */
  sendAgain?: (connectionId: string, id: number) => Promise<SentAgain | undefined> | undefined;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The inbox, read for the session's person on their connection (after `inboxOf`). */
    alertScope: {
      inbox: AlertInbox;
      personId: string;
      connectionId: string;
      connection: PersonGranted['connection'];
    };
  }
}

const pageQuery = z.object({
  after: z.string().regex(cursorPattern).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** After `permit`: the session's person and connection, or the refusal (alerts are a person's). */
const personsInbox = (alerts: AlertInbox | undefined) =>
  createMiddleware<ProxyEnv>(async (c, next) => {
    const { access } = c.var;
    if (!alerts || access.kind !== 'person')
      refuse(404, 'not_found', 'Alerts need the database and organisation sign-in.');
    const { person, connection } = access;
    c.set('alertScope', { inbox: alerts, personId: person.id, connectionId: connection.id, connection });
    await next();
  });

const timeZoneBody = json(
  timeZoneRequestSchema,
  'Send { "timeZone": "Europe/Madrid" } (an IANA time zone name).',
);

export function alertRoutes(deps: AlertRouteDeps) {
  const { now } = deps;
  const scopedInbox = personsInbox(deps.alerts);
  const inboxOf = (operation: AnyOperationId) => [deps.auth.permit(operation), scopedInbox] as const;

  return (
    new Hono<ProxyEnv>()
      .get(
        '/',
        ...inboxOf('listAlerts'),
        query(pageQuery, 'Give `after` as the page’s `next`, and `limit` from 1 to 100.'),
        async (c) => {
          const { inbox, personId, connectionId } = c.var.alertScope;
          const { after, limit } = c.req.valid('query');
          const page = await inbox.list(personId, connectionId, limit, parseCursor(after));
          return c.json(
            alertPageSchema.parse({
              items: page.items.map(wireItem),
              next: page.next ? cursorText(page.next) : null,
            }),
          );
        },
      )
      .get('/unread', ...inboxOf('countUnreadAlerts'), async (c) => {
        const { inbox, personId, connectionId } = c.var.alertScope;
        return c.json({ unread: await inbox.unread(personId, connectionId) });
      })
      .post(
        '/read',
        ...inboxOf('markAlertsRead'),
        json(markReadRequestSchema, 'Send { "ids": [ … ] } or { "all": true }.'),
        async (c) => {
          const { inbox, personId, connectionId } = c.var.alertScope;
          const body = c.req.valid('json');
          const ids = 'ids' in body ? body.ids : 'all';
          const marked = await inbox.markRead(personId, connectionId, ids, now());
          return c.json({ marked, unread: await inbox.unread(personId, connectionId) });
        },
      )
      .get('/preferences', ...inboxOf('getAlertPreferences'), async (c) => {
        const { inbox, personId } = c.var.alertScope;
        return c.json(await inbox.preferences(personId));
      })
      .put(
        '/preferences',
        ...inboxOf('setAlertPreferences'),
        json(preferencesSchema, 'Send { "rules": [{ "rule", "inbox", "email" }], "language" }.'),
        async (c) => {
          const { inbox, personId } = c.var.alertScope;
          const { rules, language } = c.req.valid('json');
          await inbox.setPreferences(personId, rules, language);
          return c.json(await inbox.preferences(personId));
        },
      )
      // The zone one's alert e-mails give times in, as the person's browser reports it.
      .put('/time-zone', ...inboxOf('setAlertTimeZone'), timeZoneBody, async (c) => {
        const { inbox, personId } = c.var.alertScope;
        await inbox.setTimeZone(personId, c.req.valid('json').timeZone);
        return c.body(null, 204);
      })
      .get('/deliveries/failed', ...inboxOf('listFailedDeliveries'), async (c) => {
        const { inbox, connectionId } = c.var.alertScope;
        return c.json({ deliveries: (await inbox.failedDeliveries(connectionId)).map(wireDelivery) });
      })
      // An admin sends a delivery that did not go out again, once they fixed its cause: one attempt
      // now, whose outcome is the answer (send-again.ts). Audited: who asked for which alert's
      // message and what came of it (docs/decisions/0018), never the address or the URL.
      .post('/deliveries/:id/retry', ...inboxOf('retryFailedDelivery'), async (c) => {
        const { connection } = c.var.alertScope;
        const id = Number(c.req.param('id'));
        const sent = Number.isSafeInteger(id) ? await sendOnce(deps, c.var.alertScope, id) : undefined;
        if (!sent)
          refuse(
            404,
            'not_found',
            'No such delivery waits to be sent again: it went out, or is not this connection’s.',
          );
        const { session } = c.var;
        const { row, answer } = sent;
        await recordEntries(deps, c, [
          {
            ...requestFields(c, now),
            environment: connection.environment,
            actor: actorOf(session),
            ownerProviderId: connection.providerVerified ? connection.providerId : ownerOf(session),
            action: 'alert.delivery_retry',
            centreId: row.centre_id,
            subject: row.rule,
            outcome: { status: 200, code: null },
            detail: { deliveryId: row.id, alertId: row.alert_id, channel: row.channel, sent: answer.outcome },
          },
        ]);
        return c.json(answer);
      })
  );
}

/**
 * One attempt now where a watcher runs here; else the delivery waits for the queue's next run
 * (`queued`), which is nudged. Undefined when there is no such delivery to send.
 */
async function sendOnce(
  deps: AlertRouteDeps,
  scope: { inbox: AlertInbox; connectionId: string },
  id: number,
): Promise<{ row: DeliveryRow; answer: DeliveryRetryAnswer } | undefined> {
  const { inbox, connectionId } = scope;
  const sent = await deps.sendAgain?.(connectionId, id);
  if (sent) {
    const { row } = sent;
    if (sent.outcome === 'failed') return { row, answer: { outcome: 'failed', delivery: wireDelivery(row) } };
    if (sent.outcome === 'dropped')
      return { row, answer: { outcome: 'dropped', reason: sent.reason, delivery: null } };
    return { row, answer: { outcome: 'sent', delivery: null } };
  }
  const retried = await inbox.retryDelivery(connectionId, id, deps.now());
  if (!retried) return undefined;
  // Sent at the queue's next run; without a watcher here, the minute's run sends it.
  await deps.deliver().catch(() => undefined);
  return { row: retried, answer: { outcome: 'queued', delivery: wireDelivery(retried) } };
}
