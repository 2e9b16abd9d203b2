// GET /demo/mail shows a person only the messages addressed to them (issue 46 L1): a demo's admin
// may invite any real address, and its mail is no other visitor's to read. The real app with
// people on a real PostgreSQL, the demo's in-process catcher (a real SMTP server) fed through the
// alerts' e-mail channel.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { demoMailSchema } from '../../../proxy-api/demo-mail.ts';
import { startAlertChannels, type AlertChannels } from '../mail/channels.ts';
import { defaultMailFrom } from '../mail/config.ts';
import { startPeopleProxy, type PeopleProxy } from '../../testing/people.ts';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';

let postgres: PostgresServer;
let channels: AlertChannels;
let proxy: PeopleProxy;

beforeAll(async () => {
  postgres = await startPostgresServer();
  channels = await startAlertChannels({
    mail: { smtp: undefined, from: defaultMailFrom, catcherPort: 0, webhookAllowedHosts: [] },
    demo: true,
    webhookReach: { local: true },
  });
  proxy = await startPeopleProxy({
    databaseUrl: await postgres.createDatabase('demo_mail'),
    ...(channels.catcher && { demoMail: channels.catcher }),
  });
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await channels?.close();
  await postgres?.destroy();
});

const alert = {
  id: 1,
  rule: 'suspended' as const,
  centreId: 101,
  centreName: 'Clínica Norte',
  at: '2026-11-12T09:14:00.000Z',
  details: {},
};

/** What GET /demo/mail lists to a demo person, by whom each message was sent to. */
const listed = async (subject: string) => {
  const { session } = await proxy.signIn(subject);
  const answer = await proxy.request('/demo/mail', { session });
  expect(answer.status).toBe(200);
  return demoMailSchema.parse(await answer.json()).messages.map((message) => message.to);
};

test('each person lists only the mail sent to them; someone invited from outside is nobody else’s to read', async () => {
  const send = channels.channelsFor('http://localhost:8080').email;
  for (const to of ['Ana.Martin@redsalud.demo', 'someone@real.example', 'oscar.ruiz@redsalud.demo'])
    // oxlint-disable-next-line no-await-in-loop -- one message after the other
    await send?.({ to, language: 'en', kind: 'immediate', alerts: [alert] });
  expect(channels.catcher?.list()).toHaveLength(3);

  expect(await listed('demo-ana')).toEqual([['Ana.Martin@redsalud.demo']]);
  expect(await listed('demo-oscar')).toEqual([['oscar.ruiz@redsalud.demo']]);
  // Sofía works on the same connection as Ana and Óscar: still none of theirs.
  expect(await listed('demo-sofia')).toEqual([]);
});
