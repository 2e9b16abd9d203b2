import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { contractEventsSchema } from '../../../proxy-api/console.ts';
import { canary, startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { sessionFrom } from '../../testing/harness.ts';
import { spawnProxy } from '../../testing/process.ts';

// The recorder reads at most a few kB of an answer (docs/decisions/0018): a 900 MB webhook answer
// streams through the proxy, which records the event, and its memory stays where it was. The proxy
// runs in a process of its own (with its embedded database), so that its RSS is its own.

const answerBytes = 900 * 1024 * 1024;
let upstream: FakeUpstream;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  upstream.answer((request, response) => {
    if (request.method !== 'POST') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        '{"success":true,"code":200,"response":{"data":[],"meta":{"total":0,"offset":0,"limit":1}}}',
      );
      return;
    }
    // A JSON answer generated as it is sent: 900 MB of padding after D8's fields.
    response.writeHead(200, { 'content-type': 'application/json' });
    const head = '{"success":true,"code":200,"response":{"eventId":"evt_huge","applied":true,"pad":"';
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    let sent = 0;
    const write = () => {
      while (sent < answerBytes) {
        sent += chunk.byteLength;
        if (!response.write(sent === chunk.byteLength ? Buffer.concat([Buffer.from(head), chunk]) : chunk)) {
          response.once('drain', write);
          return;
        }
      }
      response.end('"}}');
    };
    write();
  });
});
afterAll(() => upstream.close());

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;

test('a 900 MB webhook answer streams through to the browser, the event is recorded, and the proxy’s RSS stays within 200 MB', async () => {
  // A deployment that takes answers this large (the default cap, 16 MB, would cut it first:
  // docs/decisions/0020); what is looked at is the recorder's share of memory.
  const proxy = spawnProxy({
    UPSTREAM_QA_URL: upstream.url,
    SESSION_ENCRYPTION_KEY: 'c'.repeat(64),
    MAX_UPSTREAM_ANSWER_MB: '1024',
  });
  try {
    const url = await proxy.listening;
    const { pid } = proxy.child;
    if (pid === undefined) throw new Error('the proxy has no process id');
    const headers = { 'x-requested-with': 'provider-console', 'content-type': 'application/json' };
    const login = await fetch(`${url}/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        environment: 'qa',
        providerId: 100,
        clientId: canary.clientId,
        clientSecret: canary.secret,
      }),
    });
    expect(login.status).toBe(200);
    const cookie = `__Host-provider-console-session=${sessionFrom(login)}`;
    // Where it started: signed in, its database open.
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 50);
    const started = performance.now();
    const response = await fetch(`${url}/api/payments/v1/partner/webhook`, {
      method: 'POST',
      // As it is, not gzipped: the bytes themselves pass through the proxy.
      headers: { ...headers, cookie, 'accept-encoding': 'identity' },
      body: JSON.stringify({
        id: 'evt_huge',
        type: 'customer.subscription.deleted',
        data: { providerId: 101 },
      }),
    });
    expect(response.status).toBe(200);
    let received = 0;
    let cut = false;
    if (!response.body) throw new Error('the answer has no body');
    const reader = response.body.getReader();
    try {
      for (;;) {
        // oxlint-disable-next-line no-await-in-loop -- read and drop, as a browser saving it would
        const { done, value } = await reader.read();
        if (done) break;
        received += value.byteLength;
      }
    } catch {
      // The proxy's API deadline (10 s, docs/decisions/0005) cuts an answer still flowing then: on a
      // loaded machine 900 MB may take longer. Cut or whole, it streamed through.
      cut = true;
    }
    clearInterval(sampler);
    console.info(
      `received ${received} bytes${cut ? ' (cut at the deadline)' : ''} in ${Math.round(performance.now() - started)} ms; RSS ${Math.round(before / 2 ** 20)} → peak ${Math.round(peak / 2 ** 20)} MB`,
    );
    // On a loaded machine the deadline may cut it after a few hundred MB (218 MB measured at a load
    // average of 11 on 2 cores): at least 64 MB must have passed through, and all of it when uncut.
    expect(received).toBeGreaterThan(cut ? 64 * 2 ** 20 : answerBytes);
    expect(peak - before).toBeLessThan(200 * 1024 * 1024);

    const events = contractEventsSchema.parse(
      await (await fetch(`${url}/contract-events`, { headers: { ...headers, cookie } })).json(),
    ).events;
    expect(events).toMatchObject([{ eventId: 'evt_huge', centreId: 101, attempts: [{ status: 200 }] }]);
  } finally {
    // Stopped whatever happened, so that a failed run leaves no proxy behind.
    proxy.child.kill('SIGTERM');
    await proxy.exited;
  }
}, 180_000);
