// A centre's name from the service is cut where the watcher reads it (issue 46 L2): a 10 kB name
// reaches the snapshot, the inbox, the e-mail's Subject and the chat post as 200 characters ending
// in an ellipsis. The watcher on a real PostgreSQL, its alerts' queue, a real SMTP server
// (smtp-server, parsed by mailparser) and a real chat webhook (an HTTP server) on loopback.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { openStore, type Store } from '../../core/store/engine.ts';
import { createSecretBox } from '../../core/store/secret-box.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import {
  addConnection,
  countedSimulator,
  startWatchWorld,
  type WatchWorld,
} from '../../testing/watch-world.ts';
import { createWebhookStore } from '../connections/webhook-repository.ts';
import { smtpSettingsOf } from '../mail/config.ts';
import { createEmailChannel, createMailTransport } from '../mail/mailer.ts';
import { postToWebhook, type SlackPayload } from '../mail/webhook.ts';
import type { Connection } from '../people/directory.ts';

let postgres: PostgresServer;
let store: Store;
let world: WatchWorld;
let connection: Connection;
const upstream = countedSimulator();
const mails: { subject: string; text: string }[] = [];
const posts: { bytes: number; body: SlackPayload }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    void (async () => {
      let refusal: Error | undefined;
      try {
        const parsed = await simpleParser(stream);
        mails.push({ subject: parsed.subject ?? '', text: parsed.text ?? '' });
      } catch {
        refusal = new Error('unreadable message');
      }
      callback(refusal);
    })();
  },
});
const chat = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks);
    posts.push({ bytes: body.length, body: JSON.parse(body.toString()) as SlackPayload });
    response.end('ok');
  });
});
/** 10 kB of name, as the probe sent (issue 46 L2). */
const longName = `Clínica ${'Norte '.repeat(1_700)}`;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => chat.listen(0, '127.0.0.1', resolve));
  postgres = await startPostgresServer();
  store = await openStore({ databaseUrl: await postgres.createDatabase('bounded_names'), dataDir: '' });
  const key = randomBytes(32);
  const webhooks = createWebhookStore(store.db, createSecretBox(key));
  const consoleOrigin = 'https://console.example';
  const transport = createMailTransport(
    smtpSettingsOf(new URL(`smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`)),
  );
  world = await startWatchWorld(store, upstream, {
    key,
    webhooks,
    channels: {
      email: createEmailChannel({ transport, from: 'alerts@example.org', consoleOrigin }),
      webhook: (message) => postToWebhook(message.url, message.alerts, message.language, { consoleOrigin }),
    },
  });
  connection = await addConnection(world.directory);
  const person = await world.directory.ensurePerson({ email: 'ana@example.org', invitedBy: null, at: 0 });
  await world.directory.grant(person.id, { connectionId: connection.id, role: 'admin' }, null, 0);
  const { port } = chat.address() as AddressInfo;
  await webhooks.set(connection.id, `http://127.0.0.1:${port}/services/T/B/X`, Date.now());
  const centre = upstream.simulator.core.state.providers['203'];
  if (!centre) throw new Error('the demo seed has centre 203');
  centre.name = longName;
}, 120_000);

afterAll(async () => {
  await world?.watcher.stop();
  await store?.close();
  await postgres?.destroy();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => chat.close(() => resolve()));
}, 60_000);

const refresh = async () => {
  const done = world.refreshed(connection.id);
  expect(await world.watcher.refresh(connection.id)).toBe(true);
  await done;
};

test('a 10 kB centre name is 200 characters with an ellipsis in the snapshot, the inbox, the e-mail and the chat', async () => {
  await refresh();
  const cut = `${longName.slice(0, 199)}…`;
  expect((await world.repository.snapshots(connection.id)).get(203)?.name).toBe(cut);

  await upstream.control('/providers/203/suspension', { suspended: true });
  await refresh();
  const inbox = await store.db
    .selectFrom('alert_inbox as i')
    .innerJoin('alert as a', 'a.id', 'i.alert_id')
    .select('a.payload')
    .where('a.centre_id', '=', 203)
    .where('a.rule', '=', 'suspended')
    .execute();
  expect(inbox.map((row) => (row.payload as { centreName: string }).centreName)).toEqual([cut]);

  await world.watcher.deliver('immediate');
  await vi.waitFor(() => expect([mails.length, posts.length]).toEqual([1, 1]), {
    timeout: 30_000,
    interval: 200,
  });
  const [mail] = mails;
  expect(mail?.subject).toContain(cut);
  expect(mail?.subject.length).toBeLessThan(260);
  expect(mail?.text).not.toContain(longName.slice(0, 400));
  const [post] = posts;
  expect(post?.body.text).toContain(cut);
  expect(post?.bytes).toBeLessThan(2_000);
}, 90_000);
