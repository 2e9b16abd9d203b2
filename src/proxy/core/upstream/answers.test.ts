// Every upstream answer is bounded, read whole or passed on as a stream (docs/decisions/0020), and
// an answer cut short is logged through pino, never by the dependency's own plain line.
import type http from 'node:http';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { sessionCookieName } from '../sessions/carrier.ts';
import { json, startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { startProxy } from '../../testing/harness.ts';
import { processHeaders, signInOnQa, spawnProxy } from '../../testing/process.ts';
import { defaultMaxAnswerBytes } from './upstream.ts';

let upstream: FakeUpstream;
beforeEach(async () => {
  upstream = await startFakeUpstream();
});
afterEach(async () => {
  await upstream.close();
});

const mib = 1024 * 1024;
const path = '/api/core/v1/provider/100/child';

/** JSON without a declared length (chunked): `size` bytes of it, then the end or a broken socket. */
function streamJson(size: number, ending: 'end' | 'break') {
  return (_: unknown, response: http.ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    const chunk = 'x'.repeat(64 * 1024);
    response.write('{"response":"');
    let sent = 0;
    const more = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!response.write(chunk)) {
          response.once('drain', more);
          return;
        }
      }
      if (ending === 'end') response.end('"}');
      else response.socket?.destroy();
    };
    more();
  };
}

/** Reads a body to its end or its break: how many bytes arrived, and whether it broke. */
async function drain(response: Response): Promise<{ bytes: number; broke: boolean }> {
  const reader = response.body?.getReader();
  let bytes = 0;
  if (!reader) return { bytes, broke: false };
  try {
    for (;;) {
      // oxlint-disable-next-line no-await-in-loop -- a stream is read chunk by chunk
      const { done, value } = await reader.read();
      if (done) return { bytes, broke: false };
      bytes += value.byteLength;
    }
  } catch {
    return { bytes, broke: true };
  }
}

describe('the byte cap', () => {
  test('is 16 MiB unless configured', () => {
    expect(defaultMaxAnswerBytes).toBe(16 * mib);
  });

  test('an answer passed on as a stream is cut at the cap: no more reaches the browser, and the cut is logged', async () => {
    const proxy = await startProxy(upstream.url, { maxAnswerBytes: mib });
    const { session } = await proxy.login();
    upstream.answer(streamJson(5 * mib, 'end'));
    const response = await fetch(`${proxy.url}${path}`, {
      headers: { 'x-requested-with': 'provider-console', cookie: `${sessionCookieName}=${session}` },
    });
    expect(response.status).toBe(200);
    const { bytes, broke } = await drain(response);
    expect(broke).toBe(true);
    expect(bytes).toBeLessThanOrEqual(mib);
    const cut = proxy.logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.event === 'answer_cut');
    expect(cut).toMatchObject({ level: 'warn', reason: 'too_large', operation: 'listChildCenters' });
    await proxy.close();
  });

  test('an answer that declares a length over the cap is a 502 at once, its body never read', async () => {
    const proxy = await startProxy(upstream.url, { maxAnswerBytes: mib });
    const { session } = await proxy.login();
    upstream.answer((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(3 * mib) });
      response.write('{"response":"');
      // The rest never comes: the proxy must not wait for it.
    });
    const answer = await proxy.request(path, { session, signal: AbortSignal.timeout(5_000) });
    expect(answer.status).toBe(502);
    expect(await answer.json()).toMatchObject({ code: 'upstream_bad_response' });
    await proxy.close();
  });

  test('an error answer over the cap is a 502 too', async () => {
    const proxy = await startProxy(upstream.url, { maxAnswerBytes: mib });
    const { session } = await proxy.login();
    upstream.answer((_, response) =>
      json(response, 400, { success: false, code: 400, message: 'x'.repeat(2 * mib) }),
    );
    const answer = await proxy.request(path, { session });
    expect(answer.status).toBe(502);
    await proxy.close();
  });
});

async function signedIn(env: Record<string, string> = {}) {
  const proxy = spawnProxy({
    HOST: '127.0.0.1',
    UPSTREAM_QA_URL: upstream.url,
    SESSION_ENCRYPTION_KEY: 'd'.repeat(64),
    ...env,
  });
  const url = await proxy.listening;
  const { cookie } = await signInOnQa(url);
  const get = () => fetch(`${url}${path}`, { headers: { ...processHeaders, cookie } });
  const stop = async () => {
    proxy.child.kill('SIGTERM');
    await proxy.exited;
  };
  return { proxy, get, stop };
}

/** Every line the process wrote to stdout, each one JSON (a plain line fails the parse). */
const jsonLines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('under node src/proxy/main.ts', () => {
  test('MAX_UPSTREAM_ANSWER_MB caps a streamed answer', async () => {
    const { proxy, get, stop } = await signedIn({ MAX_UPSTREAM_ANSWER_MB: '1' });
    upstream.answer(streamJson(3 * mib, 'end'));
    const { bytes, broke } = await drain(await get());
    expect(broke).toBe(true);
    expect(bytes).toBeLessThanOrEqual(mib);
    await stop();
    expect(jsonLines(proxy.stdout())).toContainEqual(
      expect.objectContaining({ event: 'answer_cut', reason: 'too_large' }),
    );
  });

  test('an answer that breaks off is cut and logged as JSON, never as the dependency’s plain line', async () => {
    const { proxy, get, stop } = await signedIn();
    upstream.answer(streamJson(mib, 'break'));
    const { broke } = await drain(await get());
    expect(broke).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await stop();
    expect(`${proxy.stdout()}${proxy.stderr()}`).not.toContain('The user aborted a request.');
    expect(jsonLines(proxy.stdout())).toContainEqual(
      expect.objectContaining({ level: 'warn', event: 'answer_cut', reason: 'broke_off' }),
    );
  });
});
