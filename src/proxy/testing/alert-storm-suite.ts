// An alert storm on a real database (issue 46 item 1; docs/decisions/0026, 0027), shared by the
// PostgreSQL and PGlite runs: a connection whose centres all change at once, its people, a real
// SMTP server (smtp-server, parsed by mailparser) and a real chat webhook (an HTTP server) on
// loopback, and the alerts' pg-boss queues. It shows that every alert is raised once however many
// centres and people, that a raise failing half-way loses nothing on the next run, that the storm
// is one e-mail per person and one post, each bounded in size and carrying its idempotency key,
// and that pg-boss retries a refused message and dead-letters it for admins, who send it again.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import { PgBoss } from 'pg-boss';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Logger } from '../core/http/context.ts';
import { silentLogger } from '../core/http/context.ts';
import type { Store } from '../core/store/engine.ts';
import { createSecretBox } from '../core/store/secret-box.ts';
import { failedDeliveries, retryDelivery } from '../features/alerts/delivery.ts';
import { startAlertQueues } from '../features/alerts/queue.ts';
import { raiseAlerts } from '../features/alerts/raise.ts';
import { createWebhookStore } from '../features/connections/webhook-repository.ts';
import { smtpSettingsOf } from '../features/mail/config.ts';
import { createEmailChannel, createMailTransport } from '../features/mail/mailer.ts';
import { postToWebhook } from '../features/mail/webhook.ts';
import { createSqlDirectory } from '../features/people/repository.ts';
import type { Connection } from '../features/people/directory.ts';
import { testCentreState } from './centre-state.ts';
import { addConnection } from './watch-world.ts';

interface Mail {
  to: string;
  subject: string;
  text: string;
  messageId: string;
  /** The text and HTML bodies' length. */
  bytes: number;
}
interface Post {
  headers: IncomingHttpHeaders;
  body: string;
}

/** Real SMTP and HTTP peers on loopback that keep what they receive and refuse on demand. */
async function startPeers() {
  const mails: Mail[] = [];
  const posts: Post[] = [];
  const chat = { status: 200 };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      void (async () => {
        let refusal: Error | undefined;
        try {
          const parsed = await simpleParser(stream);
          mails.push({
            to: session.envelope.rcptTo[0]?.address ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            messageId: parsed.messageId ?? '',
            bytes: (parsed.html || '').length + (parsed.text ?? '').length,
          });
        } catch {
          refusal = Object.assign(new Error('unreadable message'), { responseCode: 554 });
        }
        callback(refusal);
      })();
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const http = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      posts.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(chat.status).end(chat.status === 200 ? 'ok' : 'busy');
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    mails,
    posts,
    chat,
    smtpPort: (smtp.server.address() as AddressInfo).port,
    hookUrl: `http://127.0.0.1:${(http.address() as AddressInfo).port}/services/T1/B2/hook`,
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** `centres` snapshots of the connection, each with one suspension written by the same refresh. */
async function storm(store: Store, connectionId: string, centres: number, at: Date) {
  const ids = Array.from({ length: centres }, (_, n) => 10_000 + n);
  for (let from = 0; from < ids.length; from += 200) {
    const part = ids.slice(from, from + 200);
    // oxlint-disable-next-line no-await-in-loop -- setting up the storm in batches
    await store.db
      .insertInto('centre_snapshot')
      .values(
        part.map((id) => ({
          connection_id: connectionId,
          centre_id: id,
          name: `Centre ${id}`,
          listed: true,
          billing: 'PROCESSOR',
          contract: 'processor',
          contract_status: null,
          suspended: true,
          state: JSON.stringify(testCentreState({ suspended: true })),
          fetched_at: at,
          changed_at: at,
        })),
      )
      .execute();
    // oxlint-disable-next-line no-await-in-loop -- as above
    await store.db
      .insertInto('centre_change')
      .values(
        part.map((id) => ({
          connection_id: connectionId,
          centre_id: id,
          at,
          kind: 'suspension',
          before: 'false',
          after: 'true',
        })),
      )
      .execute();
  }
}

export function alertStormSuite(
  name: string,
  open: () => Promise<{ store: Store; close(): Promise<void> }>,
  size: { centres: number; people: number },
) {
  describe(`an alert storm of ${size.centres} centres and ${size.people} people (${name})`, () => {
    let store: Store;
    let close: () => Promise<void>;
    let boss: PgBoss;
    let peers: Awaited<ReturnType<typeof startPeers>>;
    let connection: Connection;
    let queues: Awaited<ReturnType<typeof startAlertQueues>>;
    const key = randomBytes(32);
    const now = Date.now();
    const logged: Record<string, unknown>[] = [];
    const log: Logger = {
      ...silentLogger,
      warn: (fields: object) => logged.push(fields as Record<string, unknown>),
    };

    beforeAll(async () => {
      ({ store, close } = await open());
      peers = await startPeers();
      const directory = createSqlDirectory(store.db, createSecretBox(key));
      connection = await addConnection(directory);
      for (let n = 0; n < size.people; n += 1) {
        // oxlint-disable-next-line no-await-in-loop -- a few rows
        const person = await directory.ensurePerson({ email: `p${n}@example.org`, invitedBy: null, at: now });
        // oxlint-disable-next-line no-await-in-loop -- as above
        await directory.grant(person.id, { connectionId: connection.id, role: 'support' }, null, now);
      }
      const webhooks = createWebhookStore(store.db, createSecretBox(key));
      await webhooks.set(connection.id, peers.hookUrl, now);
      boss = new PgBoss({ connectionString: store.engine.connectionString, max: 3 });
      boss.on('error', () => undefined);
      await boss.start();
      const transport = createMailTransport(smtpSettingsOf(new URL(`smtp://127.0.0.1:${peers.smtpPort}`)));
      const consoleOrigin = 'https://console.example';
      queues = await startAlertQueues(boss, {
        db: store.db,
        channels: {
          email: createEmailChannel({ transport, from: 'alerts@example.org', consoleOrigin }),
          webhook: (m) =>
            postToWebhook(m.url, m.alerts, m.language, {
              consoleOrigin,
              scope: { ...(m.total !== undefined && { total: m.total }), ...(m.key && { key: m.key }) },
            }),
        },
        webhookUrl: webhooks.url,
        now: Date.now,
        log: silentLogger,
        schedule: false,
        pollingIntervalSeconds: 0.5,
        retry: { limit: 2, delaySeconds: 1 },
      });
      await storm(store, connection.id, size.centres, new Date(now));
      // A failure half-way through the raise, in the database (what a crash there leaves: nothing).
      await sql`create table storm_fail (on_alerts int)`.execute(store.db);
      await sql`create function storm_fail() returns trigger language plpgsql as $$
        begin
          if exists (select 1 from storm_fail f where (select count(*) from alert) >= f.on_alerts) then
            raise exception 'injected failure half-way';
          end if;
          return null;
        end $$`.execute(store.db);
      await sql`create trigger storm_fail after insert on alert for each statement execute function storm_fail()`.execute(
        store.db,
      );
    }, 300_000);

    afterAll(async () => {
      await boss?.stop({ graceful: false, timeout: 2_000 });
      await peers?.close();
      await close?.();
    }, 60_000);

    const count = async (table: 'alert' | 'alert_inbox' | 'alert_outbox') =>
      Number(
        (
          await store.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n,
      );

    test('a raise that fails half-way writes nothing and logs the database’s code and message; the next run raises every alert once', async () => {
      await sql`insert into storm_fail values (${Math.floor(size.centres / 2)})`.execute(store.db);
      const directory = createSqlDirectory(store.db, createSecretBox(key));
      await expect(
        raiseAlerts(store.db, directory, connection, new Date(now), now, { log }),
      ).rejects.toMatchObject({
        code: 'sqlstate_P0001',
      });
      expect(logged).toEqual([
        expect.objectContaining({
          event: 'alerts_raise_failed',
          code: 'sqlstate_P0001',
          message: 'injected failure half-way',
        }),
      ]);
      expect([await count('alert'), await count('alert_inbox'), await count('alert_outbox')]).toEqual([
        0, 0, 0,
      ]);
      await sql`delete from storm_fail`.execute(store.db);
      const raised = await raiseAlerts(store.db, directory, connection, new Date(now + 60_000), now + 60_000);
      expect(raised).toHaveLength(size.centres);
      expect(new Set(raised.map((a) => a.centreId)).size).toBe(size.centres);
      const perPerson = await store.db
        .selectFrom('alert_inbox')
        .select(['person_id', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('person_id')
        .execute();
      expect(perPerson).toHaveLength(size.people);
      expect(perPerson.every((row) => Number(row.n) === size.centres)).toBe(true);
      // One e-mail per person and one post owed, whatever the storm's size.
      expect(await count('alert_outbox')).toBe(size.people + 1);
      // Raised once: the next run finds nothing new.
      expect(await raiseAlerts(store.db, directory, connection, new Date(now), now + 120_000)).toEqual([]);
      expect(await count('alert')).toBe(size.centres);
    }, 300_000);

    test('the storm is one e-mail per person and one chat post, each bounded and carrying its idempotency key', async () => {
      await queues.run('immediate');
      await vi.waitFor(() => expect([peers.mails.length, peers.posts.length]).toEqual([size.people, 1]), {
        timeout: 60_000,
        interval: 200,
      });
      // Nothing else comes: each message was one job.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect([peers.mails.length, peers.posts.length]).toEqual([size.people, 1]);
      expect(new Set(peers.mails.map((m) => m.to)).size).toBe(size.people);
      const total = size.centres.toLocaleString('en');
      for (const mail of peers.mails) {
        expect(mail.subject).toBe(`${total} alerts on ${total} centres: Centre 10000 was suspended`);
        expect(mail.text).toContain('https://console.example/overview?show=suspended');
        expect(mail.bytes).toBeLessThan(40_000);
        expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@alerts\.provider-console>$/);
      }
      expect(new Set(peers.mails.map((m) => m.messageId)).size).toBe(size.people);
      const [post] = peers.posts;
      expect(post?.body.length).toBeLessThan(20_000);
      expect(post?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(await count('alert_outbox')).toBe(0);
    }, 120_000);

    test('a refused chat post is retried by pg-boss with the same key, dead-lettered to the admins’ list, and sent again', async () => {
      peers.chat.status = 503;
      peers.posts.length = 0;
      // One more centre cancelled: an immediate alert, one post owed.
      await store.db
        .insertInto('centre_change')
        .values({
          connection_id: connection.id,
          centre_id: 10_000,
          at: new Date(now),
          kind: 'contract',
          before: JSON.stringify({ status: 'ACTIVE' }),
          after: JSON.stringify({ status: 'INACTIVE' }),
        })
        .execute();
      const directory = createSqlDirectory(store.db, createSecretBox(key));
      const [cancelled] = await raiseAlerts(store.db, directory, connection, new Date(now), now + 180_000);
      expect(cancelled).toMatchObject({ rule: 'cancelled', webhooks: 1 });
      await queues.run('immediate');
      // Three attempts (retryLimit 2), then the dead-letter queue's worker writes the admins' row.
      await vi.waitFor(async () => expect(await failedDeliveries(store.db, connection.id)).toHaveLength(1), {
        timeout: 60_000,
        interval: 250,
      });
      expect(peers.posts).toHaveLength(3);
      expect(new Set(peers.posts.map((p) => p.headers['idempotency-key'])).size).toBe(1);
      const [failed] = await failedDeliveries(store.db, connection.id);
      expect(failed).toMatchObject({
        channel: 'webhook',
        status: 'failed',
        attempts: 3,
        last_error_code: 'unreachable',
      });
      peers.chat.status = 200;
      if (!failed) throw new Error('a failed delivery');
      expect(await retryDelivery(store.db, connection.id, failed.id, Date.now())).toMatchObject({
        status: 'pending',
      });
      await queues.run('immediate');
      await vi.waitFor(() => expect(peers.posts).toHaveLength(4), { timeout: 30_000, interval: 200 });
      expect(peers.posts[3]?.headers['idempotency-key']).toBe(peers.posts[0]?.headers['idempotency-key']);
      expect(peers.posts[3]?.body).toContain('Centre 10000');
      await vi.waitFor(async () => expect(await failedDeliveries(store.db, connection.id)).toEqual([]), {
        timeout: 10_000,
        interval: 200,
      });
      // Sent again once: a second "Send again" finds nothing to send.
      expect(await retryDelivery(store.db, connection.id, failed.id, Date.now())).toBeUndefined();
    }, 120_000);
  });
}
