// Every migration, in order (docs/decisions/0018): one file each, named by its number. A new one
// is added at the end and never changes once released; the Migrator runs those not yet applied,
// at start, under its lock.
import type { Migration } from 'kysely/migration';
import { auditLog } from './0001-audit-log.ts';
import { peopleAndConnections } from './0002-people-and-connections.ts';
import { watch } from './0003-watch.ts';
import { alerts } from './0004-alerts.ts';
import { connectionWebhook } from './0005-connection-webhook.ts';
import { webhookDeliveries } from './0006-webhook-deliveries.ts';
import { watchRetention } from './0007-watch-retention.ts';
import { alertJobs } from './0008-alert-jobs.ts';
import { clientSigningKey } from './0009-client-signing-key.ts';
import { personTimeZone } from './0010-person-time-zone.ts';

export const migrations: Record<string, Migration> = {
  '0001-audit-log': auditLog,
  '0002-people-and-connections': peopleAndConnections,
  '0003-watch': watch,
  '0004-alerts': alerts,
  '0005-connection-webhook': connectionWebhook,
  '0006-webhook-deliveries': webhookDeliveries,
  '0007-watch-retention': watchRetention,
  '0008-alert-jobs': alertJobs,
  '0009-client-signing-key': clientSigningKey,
  '0010-person-time-zone': personTimeZone,
};
