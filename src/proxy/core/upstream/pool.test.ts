// The Node host's transport against a real HTTP server on loopback: what the proxy relies on
// (docs/decisions/0020, issue 24 item 3) — answers with their headers and bodies, bodies sent,
// no redirect followed, bodyless statuses, a bounded number of connections, and an abort that ends
// a hung call.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { callUpstream } from './upstream.ts';
import { createUpstreamPool, type UpstreamPool } from './pool.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function serve(handler: Handler): Promise<{ url: string; sockets: () => number }> {
  let open = 0;
  const server = createServer(handler);
  server.on('connection', (socket) => {
    open += 1;
    socket.on('close', () => (open -= 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sockets: () => open };
}

function pool(connections = 4): UpstreamPool {
  const created = createUpstreamPool({ connections });
  cleanups.push(() => created.close());
  return created;
}

describe('the upstream pool', () => {
  it('sends the method, headers and body, and answers with the status, headers and body', async () => {
    const { url } = await serve((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        response.setHeader('set-cookie', ['a=1', 'b=2']);
        response.writeHead(201, { 'content-type': 'application/json', etag: '"v1"' });
        response.end(JSON.stringify({ method: request.method, auth: request.headers.authorization, body }));
      });
    });
    const answer = await pool().transport(
      new Request(`${url}/x`, {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: '{"n":1}',
      }),
    );
    expect(answer.status).toBe(201);
    expect(answer.headers.get('etag')).toBe('"v1"');
    expect(answer.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await answer.json()).toEqual({ method: 'POST', auth: 'Bearer t', body: '{"n":1}' });
  });

  it('passes a redirect on instead of following it, and a 304 without a body', async () => {
    const { url } = await serve((request, response) => {
      if (request.url === '/moved') response.writeHead(302, { location: '/elsewhere' }).end();
      else response.writeHead(304, { etag: '"v1"' }).end();
    });
    const transport = pool().transport;
    const moved = await transport(new Request(`${url}/moved`, { redirect: 'manual' }));
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('/elsewhere');
    const unchanged = await transport(new Request(`${url}/same`));
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBeNull();
  });

  it('streams a body as it arrives, through the proxy’s bounded call', async () => {
    const { url } = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"a":');
      setTimeout(() => response.end('1}'), 50);
    });
    const outcome = await callUpstream(
      pool().transport,
      `${url}/slow`,
      { method: 'GET', headers: {} },
      2_000,
    );
    const body = outcome.kind === 'response' ? new TextDecoder().decode(outcome.body) : outcome.kind;
    expect(body).toBe('{"a":1}');
  });

  it('ends a call whose answer stops halfway at its deadline', async () => {
    const { url } = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"a":');
    });
    const outcome = await callUpstream(pool().transport, `${url}/half`, { method: 'GET', headers: {} }, 300);
    expect(outcome.kind).toBe('timeout');
  });

  it('opens at most its connections to an origin, and a deadline ends a hung call', async () => {
    const { url, sockets } = await serve(() => {
      // Never answers.
    });
    const transport = pool(2).transport;
    const calls = Array.from({ length: 6 }, () =>
      callUpstream(transport, `${url}/hang`, { method: 'GET', headers: {} }, 300),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sockets()).toBe(2);
    const outcomes = await Promise.all(calls);
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(Array(6).fill('timeout'));
  });
});
