// The demo's e-mail end to end: without SMTP_URL the demo's channels send through the in-process
// catcher (a real SMTP server), and GET /demo/mail lists what it caught, each message only to the
// person it was sent to (src/proxy/features/demo/mail-routes.test.ts): the demo's buttons, a
// client-credential session with no address, see none (issue 46 L1).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { demoMailSchema } from '../../../proxy-api/demo-mail.ts';
import { defaultMailFrom } from './config.ts';
import { createSimulator } from '../../../simulator/index.ts';
import { startProxy, sessionFrom, type Harness } from '../../testing/harness.ts';
import { startAlertChannels, type AlertChannels } from './channels.ts';

const alert = {
  id: 1,
  rule: 'suspended' as const,
  centreId: 101,
  centreName: 'Clínica Norte',
  at: '2026-11-12T09:14:00.000Z',
  details: {},
};

let channels: AlertChannels;
let proxy: Harness;
beforeAll(async () => {
  channels = await startAlertChannels({
    mail: { smtp: undefined, from: defaultMailFrom, catcherPort: 0, webhookAllowedHosts: [] },
    demo: true,
    webhookReach: { local: true },
  });
  const simulator = createSimulator({ seed: 'demo' });
  const demo = (request: Request) => simulator.fetch(request);
  proxy = await startProxy(undefined, { transports: { demo }, demoMail: channels.catcher });
});
afterAll(async () => {
  await proxy?.close();
  await channels?.close();
});

test('without SMTP_URL the demo catches its e-mail in-process; a client-credential session lists none of it', async () => {
  expect(channels.email).toBe('catcher');
  await channels.channelsFor('http://localhost:8080').email?.({
    to: 'sofia@example.org',
    language: 'es',
    kind: 'immediate',
    alerts: [alert],
  });
  const caught = channels.catcher?.list() ?? [];
  expect(caught).toHaveLength(1);
  expect(caught[0]).toMatchObject({
    from: 'alerts@provider-console.invalid',
    to: ['sofia@example.org'],
    subject: 'Clínica Norte ha sido suspendido',
  });
  expect(caught[0]?.text).toContain('http://localhost:8080/centres/101');

  expect((await proxy.request('/demo/mail')).status).toBe(401);
  const login = await proxy.request('/auth/demo-login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"as":"parent"}',
  });
  const answer = await proxy.request('/demo/mail', { session: sessionFrom(login) });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(demoMailSchema.parse(await answer.json()).messages).toEqual([]);
});

test('without SMTP_URL and without the demo there is no e-mail channel; the webhook poster is always there', async () => {
  const none = await startAlertChannels({
    mail: { smtp: undefined, from: defaultMailFrom, catcherPort: 0, webhookAllowedHosts: [] },
    demo: false,
    webhookReach: { local: false },
  });
  const sent = none.channelsFor('https://console.example');
  expect([none.email, none.catcher, sent.email, typeof sent.webhook]).toEqual([
    'off',
    undefined,
    undefined,
    'function',
  ]);
  await none.close();
});
