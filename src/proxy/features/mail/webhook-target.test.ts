// Where a chat webhook may lead (issue 46 M1): refused when saved and again at send time, after the
// name is resolved, with the socket connected to the address that was checked. Real HTTP and HTTPS
// servers on loopback; the names' resolution is the test's own (a public name may lead anywhere).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { LookupAddress } from 'node:dns';
import type { AddressInfo, LookupFunction } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeCertificate } from '../../testing/redis-process.ts';
import type { AlertView } from './alert-types.ts';
import { postToWebhook, WebhookDeliveryError } from './webhook.ts';
import { webhookReachOf, type WebhookReach } from './webhook-target.ts';
import { createWebhookTransport, type Resolve } from './webhook-transport.ts';
import { webhookUrlFor } from './webhook-url.ts';
import { parseConfig } from '../../config.ts';

const production: WebhookReach = webhookReachOf(['production', 'qa']);
const demo: WebhookReach = webhookReachOf(['demo']);

/** The probe's list (issue 46 M1) and the rest of the ranges no public hook lives in. */
const inside = [
  'http://127.1:8740/',
  'http://0x7f.1/',
  'http://[::ffff:127.0.0.1]/',
  'https://127.0.0.1/hook',
  'https://localhost/hook',
  'https://[::1]/hook',
  'https://[fd00::1]/',
  'https://169.254.169.254/latest/meta-data/',
  'https://[fe80::1]/',
  'https://10.0.0.1/',
  'https://172.16.5.4/',
  'https://192.168.1.1/',
  'https://100.64.0.1/',
  'https://100.100.100.200/',
  'https://224.0.0.1/',
  'https://0.0.0.0/',
  'https://[::]/',
  'https://[::ffff:10.0.0.1]/',
  'https://[64:ff9b::a9fe:a9fe]/',
  'https://2130706433/',
  'https://0177.0.0.1/',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://metadata/',
  'https://printer.local/',
];

describe('a webhook URL when saved', () => {
  test('with a production upstream: only https to a public host', () => {
    const url = webhookUrlFor(production);
    for (const each of inside) expect([each, url.safeParse(each).success]).toEqual([each, false]);
    expect(url.safeParse('https://hooks.slack.com/services/T/B/X').success).toBe(true);
    expect(url.safeParse('https://93.184.215.14/hook').success).toBe(true);
    expect(url.safeParse('https://[2606:4700::6810:84e5]/hook').success).toBe(true);
  });

  test('beside the demo: loopback too (plain http only there), nothing else inside', () => {
    const url = webhookUrlFor(demo);
    const loopback = new Set([
      'http://127.1:8740/',
      'http://0x7f.1/',
      'http://[::ffff:127.0.0.1]/',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://[::1]/hook',
      'https://2130706433/',
      'https://0177.0.0.1/',
    ]);
    for (const each of inside)
      expect([each, url.safeParse(each).success]).toEqual([each, loopback.has(each)]);
  });

  test('local hooks go with the demo or development, never beside production', () => {
    expect(webhookReachOf(['development', 'qa']).local).toBe(true);
    expect(webhookReachOf(['demo', 'production']).local).toBe(false);
    expect(webhookReachOf(['qa']).local).toBe(false);
  });
});

const alerts: AlertView[] = [
  { id: 1, rule: 'suspended', centreId: 1, centreName: 'Norte', at: '2026-11-12T09:14:00Z', details: {} },
];

const received: string[] = [];
const handler = (request: IncomingMessage, response: ServerResponse) => {
  received.push(`${request.headers.host} ${request.url}`);
  request.resume();
  request.on('end', () => response.end('ok'));
};
const plain = createHttpServer(handler);
const dir = mkdtempSync(path.join(tmpdir(), 'webhook-tls-'));
const certificate = makeCertificate(dir, ['hooks.public.example', 'rebound.example']);
const ca = readFileSync(certificate.cert, 'utf8');
const secure = createHttpsServer({ cert: ca, key: readFileSync(certificate.key) }, handler);
let plainPort = 0;
let securePort = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
  plainPort = (plain.address() as AddressInfo).port;
  securePort = (secure.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => plain.close(resolve));
  await new Promise((resolve) => secure.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** The test's DNS: each name leads where the table says. */
const dns =
  (table: Record<string, string>): Resolve =>
  (hostname, _options, callback) => {
    const address = table[hostname];
    if (!address) return callback(Object.assign(new Error('no such name'), { code: 'ENOTFOUND' }), []);
    return callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
  };

/** A public address reached on the loopback server (no public network here): after the check. */
const toLoopback =
  (checked: LookupFunction): LookupFunction =>
  (hostname, options, callback) =>
    checked(hostname, options, (error, address: string | LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (Array.isArray(address)) return callback(null, [{ address: '127.0.0.1', family: 4 }]);
      return callback(null, '127.0.0.1', 4);
    });

async function send(url: string, reach: WebhookReach, table: Record<string, string>) {
  const hooks = createWebhookTransport({ reach, resolve: dns(table), ca, dial: toLoopback });
  try {
    await postToWebhook(url, alerts, 'en', {
      consoleOrigin: 'https://console.example',
      reach,
      transport: hooks.transport,
      timeoutMs: 5_000,
    });
    return 'delivered';
  } catch (error) {
    if (!(error instanceof WebhookDeliveryError)) throw error;
    return error.code;
  } finally {
    await hooks.close();
  }
}

describe('a webhook post at send time', () => {
  test('a public https hook still receives posts, its name checked in the certificate', async () => {
    const before = received.length;
    const outcome = await send(`https://hooks.public.example:${securePort}/services/T/B/X`, production, {
      'hooks.public.example': '93.184.215.14',
    });
    expect(outcome).toBe('delivered');
    expect(received.slice(before)).toEqual([`hooks.public.example:${securePort} /services/T/B/X`]);
  });

  test('a public name that resolves inside (DNS rebinding) is refused before any connection', async () => {
    const before = received.length;
    const inner = ['127.0.0.1', '10.0.0.1', '169.254.169.254', '::1', 'fd00::1', '::ffff:127.0.0.1'];
    const outcomes = await Promise.all(
      inner.map((address) =>
        send(`https://rebound.example:${securePort}/hook`, production, { 'rebound.example': address }),
      ),
    );
    expect(outcomes).toEqual(inner.map(() => 'refused'));
    expect(received.slice(before)).toEqual([]);
  });

  test('a loopback hook saved beside the demo is refused once production is configured', async () => {
    const before = received.length;
    const hook = `http://127.0.0.1:${plainPort}/hook`;
    expect(await send(hook, demo, {})).toBe('delivered');
    expect(await send(hook, production, {})).toBe('refused');
    expect(await send(`https://localhost:${securePort}/hook`, production, { localhost: '127.0.0.1' })).toBe(
      'refused',
    );
    expect(received.slice(before)).toEqual([`127.0.0.1:${plainPort} /hook`]);
  });
});

describe('an allow-list of webhook hosts (WEBHOOK_ALLOWED_HOSTS)', () => {
  test('when set, only its hosts (and a `*.domain`’s subdomains) are taken, and never an internal one', () => {
    const url = webhookUrlFor(webhookReachOf(['production'], ['hooks.slack.com', '*.chat.example.org']));
    expect(url.safeParse('https://hooks.slack.com/services/T/B/X').success).toBe(true);
    expect(url.safeParse('https://team.chat.example.org/hooks/1').success).toBe(true);
    expect(url.safeParse('https://chat.example.org/hooks/1').success).toBe(false);
    expect(url.safeParse('https://hooks.slack.com.evil.example/x').success).toBe(false);
    expect(url.safeParse('https://evilchat.example.org/x').success).toBe(false);
    expect(url.safeParse('https://93.184.215.14/hook').success).toBe(false);
  });

  test('is read from the environment in words', () => {
    expect(
      parseConfig({ WEBHOOK_ALLOWED_HOSTS: ' Hooks.Slack.com, *.chat.example.org ' }).mail,
    ).toMatchObject({
      webhookAllowedHosts: ['hooks.slack.com', '*.chat.example.org'],
    });
    expect(parseConfig({}).mail.webhookAllowedHosts).toEqual([]);
    expect(() => parseConfig({ WEBHOOK_ALLOWED_HOSTS: 'https://hooks.slack.com/x' })).toThrow(
      /WEBHOOK_ALLOWED_HOSTS: must be host names or \*\.domain/,
    );
  });
});
