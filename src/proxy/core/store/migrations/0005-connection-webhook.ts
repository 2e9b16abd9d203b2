// 0005: a connection's chat webhook (issue 26, item 4; docs/decisions/0027). The URL is a bearer
// secret (whoever holds a Slack incoming-webhook URL can post to the channel), so it is sealed with
// the deployment key as the client secret is (migrations/0002); only its host is kept in clear, for
// the admins' "set, to hooks.slack.com". Frozen: a later change is a new migration.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const connectionWebhook: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('connection')
      .addColumn('webhook_sealed', 'text')
      .addColumn('webhook_host', 'text')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .alterTable('connection')
      .dropColumn('webhook_host')
      .dropColumn('webhook_sealed')
      .execute();
  },
};
