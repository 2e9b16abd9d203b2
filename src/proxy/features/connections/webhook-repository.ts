// A connection's chat webhook URL at rest (docs/decisions/0027): sealed with the deployment key
// (AES-256-GCM, secret-box.ts) and bound to its connection's id, so that a value copied to another
// row does not open. Only the host is readable without the key; the URL leaves here only for the
// alerts' delivery job, never for an answer or a log line.
import type { Kysely } from 'kysely';
import type { SecretBox } from '../../core/store/secret-box.ts';
import type { Database } from '../../core/store/schema.ts';

const webhookContext = (connectionId: string) => JSON.stringify(['connection-webhook', connectionId]);

export interface WebhookStore {
  /** Sets (a URL already validated) or clears (null) a connection's webhook; false if there is no such connection. */
  set(connectionId: string, url: string | null, at: number): Promise<boolean>;
  /** The URL, opened; undefined when none is set or it does not open (another key). */
  url(connectionId: string): Promise<string | undefined>;
  /** Each connection's webhook host, for those that have one. */
  hosts(): Promise<Map<string, string>>;
}

export function createWebhookStore(db: Kysely<Database>, dataBox: SecretBox): WebhookStore {
  return {
    async set(connectionId, url, at) {
      const sealed = url === null ? null : await dataBox.seal(url, webhookContext(connectionId));
      const result = await db
        .updateTable('connection')
        .set({
          webhook_sealed: sealed,
          webhook_host: url === null ? null : new URL(url).host,
          updated_at: new Date(at),
        })
        .where('id', '=', connectionId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async url(connectionId) {
      const row = await db
        .selectFrom('connection')
        .select('webhook_sealed')
        .where('id', '=', connectionId)
        .executeTakeFirst();
      if (!row?.webhook_sealed) return undefined;
      return dataBox.open(row.webhook_sealed, webhookContext(connectionId));
    },
    async hosts() {
      const rows = await db
        .selectFrom('connection')
        .select(['id', 'webhook_host'])
        .where('webhook_host', 'is not', null)
        .execute();
      return new Map(rows.flatMap((row) => (row.webhook_host ? [[row.id, row.webhook_host] as const] : [])));
    },
  };
}
