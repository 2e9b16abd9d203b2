// Alert e-mail read back through real SMTP servers on loopback (issue 26's "done when"): the demo's
// catcher (smtp-server + mailparser) and a server that refuses.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { smtpSettingsOf } from './config.ts';
import type { AlertView } from './alert-types.ts';
import { startMailCatcher, type MailCatcher } from './catcher.ts';
import { createEmailChannel, createMailTransport, MailDeliveryError } from './mailer.ts';

const alert = (over: Partial<AlertView>): AlertView => ({
  id: 1,
  rule: 'suspended',
  centreId: 1,
  centreName: 'Clínica Norte',
  at: '2026-11-12T09:14:00.000Z',
  details: {},
  ...over,
});

const channelTo = (port: number) =>
  createEmailChannel({
    transport: createMailTransport(smtpSettingsOf(new URL(`smtp://127.0.0.1:${port}`))),
    from: 'Provider Console <alerts@example.org>',
    consoleOrigin: 'https://console.example',
  });

let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher({ keep: 3 });
});
afterAll(() => catcher.close());

describe('alert e-mail through a real SMTP server', () => {
  test('an immediate alert names the centre and what happened, with a link to the centre', async () => {
    await channelTo(catcher.port)({
      to: 'ana@example.org',
      language: 'en',
      kind: 'immediate',
      alerts: [alert({})],
    });
    const [mail] = catcher.list();
    expect(mail?.subject).toBe('Clínica Norte was suspended');
    expect(mail?.from).toBe('alerts@example.org');
    expect(mail?.to).toEqual(['ana@example.org']);
    expect(mail?.text).toContain('Open Clínica Norte in Provider Console: https://console.example/centres/1');
    expect(mail?.text).toContain('Nov 12, 2026, 9:14');
    expect(mail?.html).toContain('href="https://console.example/centres/1"');
  });

  test('a digest in Spanish groups the day by centre, and escapes names in the HTML', async () => {
    await channelTo(catcher.port)({
      to: 'luis@example.org',
      language: 'es',
      kind: 'digest',
      alerts: [
        alert({ id: 2, rule: 'trial_ending', centreId: 2, centreName: '<script>alert(1)</script>' }),
        alert({ id: 3, rule: 'basic_limit', at: '2026-11-12T11:00:00.000Z' }),
        alert({ id: 4, rule: 'pending_change', at: '2026-11-12T10:00:00.000Z' }),
      ],
    });
    const [mail] = catcher.list();
    expect(mail?.subject).toBe('3 alertas de Provider Console del 12 de noviembre de 2026');
    expect(mail?.text).toContain('Qué cambió el 12 de noviembre de 2026, por centro:');
    // Centres in alphabetical order; Clínica Norte's two alerts under its name, as they happened.
    const text = mail?.text ?? '';
    const order = [
      '\n<script>alert(1)</script>\n- Las licencias TRIAL de <script>alert(1)</script> terminan en 7 días o menos',
      '\nClínica Norte\n- Un cambio de plan en Clínica Norte se aplica en 7 días o menos',
      'Un médico BASIC de Clínica Norte ha alcanzado el límite mensual',
    ].map((line) => text.indexOf(line));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  test('a storm is one e-mail: how many alerts and centres, the worst first, the rest linked to the overview', async () => {
    const worst = Array.from({ length: 20 }, (_, n) =>
      alert({
        id: n + 1,
        centreId: n + 1,
        centreName: `Centre ${n + 1}`,
        rule: n < 5 ? 'cancelled' : 'suspended',
      }),
    );
    await channelTo(catcher.port)({
      to: 'ana@example.org',
      language: 'en',
      kind: 'immediate',
      alerts: worst,
      total: 10_000,
      centres: 9_990,
      key: 'storm-key',
    });
    const [mail] = catcher.list();
    expect(mail?.subject).toBe("10,000 alerts on 9,990 centres: Centre 1's contract was cancelled");
    const text = mail?.text ?? '';
    expect(text).toContain('9,990 centres changed at once. The worst first:');
    expect(text.indexOf("Centre 5's contract was cancelled")).toBeLessThan(
      text.indexOf('Centre 6 was suspended'),
    );
    expect(text).toContain('9,980 more alerts are not listed here.');
    expect(text).toContain(
      "See them in Provider Console's overview: https://console.example/overview?show=cancelled",
    );
    expect(text.length + (mail?.html?.length ?? 0)).toBeLessThan(40_000);
  });

  test('the catcher keeps only its last messages, newest first', async () => {
    const send = channelTo(catcher.port);
    for (const name of ['Uno', 'Dos', 'Tres', 'Cuatro'])
      // oxlint-disable-next-line no-await-in-loop -- one after another: the order of arrival is what is kept
      await send({
        to: 'ana@example.org',
        language: 'ca',
        kind: 'immediate',
        alerts: [alert({ centreName: name, rule: 'cancelled' })],
      });
    expect(catcher.list().map((mail) => mail.subject)).toEqual([
      'El contracte de Cuatro ha estat cancel·lat',
      'El contracte de Tres ha estat cancel·lat',
      'El contracte de Dos ha estat cancel·lat',
    ]);
  });
});

describe('a server that refuses', () => {
  let server: SMTPServer;
  let port: number;
  beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('busy'))
          return callback(
            Object.assign(new Error('Mailbox busy, secret detail 1234'), { responseCode: 451 }),
          );
        if (address.address.startsWith('gone'))
          return callback(
            Object.assign(new Error('No such user gone@example.org here'), { responseCode: 550 }),
          );
        callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Spam detected: text of ours'), { responseCode: 554 })),
        );
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const failureOf = async (to: string) => {
    const error = await channelTo(port)({ to, language: 'en', kind: 'immediate', alerts: [alert({})] }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(MailDeliveryError);
    return error as MailDeliveryError;
  };

  test('a refused recipient is a coded, final failure without the server text', async () => {
    const error = await failureOf('gone@example.org');
    expect([error.reason, error.retryable, error.responseCode]).toEqual(['refused', false, 550]);
    expect(error.message).not.toMatch(/gone|such user/);
  });

  test('a 4xx is deferred and worth retrying', async () => {
    const error = await failureOf('busy@example.org');
    expect([error.reason, error.retryable, error.responseCode]).toEqual(['deferred', true, 451]);
    expect(error.message).not.toContain('secret detail');
  });

  test('a message refused after DATA is refused too', async () => {
    const error = await failureOf('ana@example.org');
    expect([error.reason, error.responseCode]).toEqual(['refused', 554]);
  });

  test('no server at all is a retryable connection failure', async () => {
    const closed = await startMailCatcher();
    const closedPort = closed.port;
    await closed.close();
    const error = await channelTo(closedPort)({
      to: 'a@example.org',
      language: 'en',
      kind: 'immediate',
      alerts: [alert({})],
    }).catch((caught: unknown) => caught as MailDeliveryError);
    expect([error?.reason, error?.retryable]).toEqual(['connection_failed', true]);
  });
});
