// The webhook poster against a real HTTP server on loopback (node:http).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AlertView } from './alert-types.ts';
import { webhookUrlFor } from './webhook-url.ts';
import { postToWebhook, webhookPayload, WebhookDeliveryError, type SlackPayload } from './webhook.ts';

const alerts: AlertView[] = [
  {
    id: 1,
    rule: 'suspended',
    centreId: 1,
    centreName: 'Norte & <Sur>',
    at: '2026-11-12T09:14:00Z',
    details: {},
  },
  {
    id: 2,
    rule: 'trial_ending',
    centreId: 2,
    centreName: 'Este',
    at: '2026-11-12T10:00:00Z',
    details: {},
  },
];

const received: { path: string; type: string | undefined; key: string | undefined; body: unknown }[] = [];
let base: string;
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const path = request.url ?? '';
    received.push({
      path,
      type: request.headers['content-type'],
      key: request.headers['idempotency-key'] as string | undefined,
      body: JSON.parse(Buffer.concat(chunks).toString()),
    });
    if (path === '/slow') return void setTimeout(() => response.end('ok'), 2_000);
    if (path === '/huge') return void response.end('x'.repeat(200_000));
    if (path === '/gone') return void response.writeHead(404).end('no_service');
    if (path === '/busy') return void response.writeHead(503).end('later');
    response.end('ok');
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (path: string, timeoutMs?: number) =>
  postToWebhook(`${base}${path}`, alerts, 'es', { consoleOrigin: 'https://console.example', timeoutMs });
const failure = async (promise: Promise<void>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WebhookDeliveryError);
  return error as WebhookDeliveryError;
};

describe('posting alerts to a chat webhook', () => {
  test("sends Slack's { text, blocks } as JSON, in the person's language, escaped for mrkdwn", async () => {
    await post('/hook');
    const last = received.at(-1);
    expect(last?.type).toBe('application/json');
    const payload = last?.body as SlackPayload;
    expect(payload.text).toBe(
      'Norte &amp; &lt;Sur&gt; ha sido suspendido\nLas licencias TRIAL de Este terminan en 7 días o menos',
    );
    expect(payload.blocks).toHaveLength(2);
    expect(payload.blocks[0]?.text.text).toContain('*Norte &amp; &lt;Sur&gt; ha sido suspendido*');
    expect(payload.blocks[0]?.text.text).toContain(
      '<https://console.example/centres/1|Abrir Norte &amp; &lt;Sur&gt; en Provider Console>',
    );
  });

  test('a storm’s post names the alerts it was given, counts the rest with a link to the overview, and carries its key', async () => {
    await postToWebhook(`${base}/hook`, alerts, 'en', {
      consoleOrigin: 'https://console.example',
      scope: { total: 10_000, key: 'message-key-1' },
    });
    const last = received.at(-1);
    expect(last?.key).toBe('message-key-1');
    const payload = last?.body as SlackPayload;
    expect(payload.text.split('\n')).toEqual([
      'Norte &amp; &lt;Sur&gt; was suspended',
      'TRIAL licences at Este end within 7 days',
      "9,998 more alerts are not listed here. <https://console.example/overview?show=suspended|See them in Provider Console's overview>",
    ]);
    expect(payload.blocks).toHaveLength(3);
  });

  test("a centre's name cannot ping the channel, mention anyone or show a link of its own, in any field the chat renders", () => {
    const sequences = ['<!channel>', '<!here>', '<@U123>', '<#C123>', '<https://evil.example|Open>'];
    for (const sequence of sequences) {
      const [first] = alerts;
      if (!first) throw new Error('the fixture has alerts');
      const payload = webhookPayload(
        [{ ...first, centreName: `Norte ${sequence}` }],
        'en',
        'https://console.example',
      );
      const rendered = [payload.text, ...payload.blocks.map((block) => block.text.text)].join('\n');
      expect(rendered).not.toContain(sequence);
      expect(rendered).toContain(sequence.replaceAll('<', '&lt;').replaceAll('>', '&gt;'));
    }
  });

  test("a post's links name the connection its alerts came from (issue 47 item 4)", () => {
    const payload = webhookPayload(alerts, 'en', 'https://console.example', alerts.length + 5, 'conn-9');
    const rendered = [payload.text, ...payload.blocks.map((block) => block.text.text)].join('\n');
    expect(rendered).toContain('<https://console.example/centres/');
    expect(rendered).toMatch(/\/centres\/\d+\?via=conn-9\|/);
    expect(rendered).toMatch(/\/overview\?show=[\w-]+&via=conn-9\|/);
  });

  test('a hook that does not answer in time is a retryable timeout', async () => {
    const error = await failure(post('/slow', 300));
    expect([error?.reason, error?.retryable]).toEqual(['timeout', true]);
  });

  test('an answer past the cap is refused, not read whole', async () => {
    const error = await failure(post('/huge'));
    expect([error?.reason, error?.retryable]).toEqual(['answer_too_large', false]);
  });

  test('a revoked hook (4xx) is final; a busy one (5xx) is retried; each recorded by its class only (issue 46 M1)', async () => {
    expect(await failure(post('/gone'))).toMatchObject({
      reason: 'refused',
      retryable: false,
      status: 404,
      code: 'refused',
    });
    expect(await failure(post('/busy'))).toMatchObject({
      reason: 'deferred',
      retryable: true,
      status: 503,
      code: 'unreachable',
    });
    expect((await failure(post('/slow', 300))).code).toBe('timed_out');
  });

  test('the error never carries the URL (it is the secret)', async () => {
    const error = await failure(post('/gone'));
    expect(error?.message).not.toContain('127.0.0.1');
  });
});

describe('a webhook URL', () => {
  test('beside the demo: https to public hosts, plain http only on loopback, no credentials', () => {
    const webhookUrl = webhookUrlFor({ local: true });
    expect(webhookUrl.safeParse('https://hooks.slack.com/services/T/B/X').success).toBe(true);
    expect(webhookUrl.safeParse('http://127.0.0.1:9/hook').success).toBe(true);
    expect(webhookUrl.safeParse('http://hooks.example/hook').success).toBe(false);
    expect(webhookUrl.safeParse('https://user:pw@hooks.example/hook').success).toBe(false);
    expect(webhookUrl.safeParse('ftp://hooks.example').success).toBe(false);
  });
});
