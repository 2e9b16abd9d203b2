// The floor under the proxy's hot path (issue 24, item 3): the least a Node forwarder can do for the
// same request — a node:http server that adds a bearer token and pipes the answer of an undici
// pool through, with no session, no checks, no log and no compression. `npm run bench` runs it as
// its own process beside the proxy and the simulator, so its CPU per request is read from /proc
// like theirs. Not a product: it forwards anything to one upstream with one token.
// `node scripts/bench/undici-forwarder.ts --port P --upstream URL --token T`
import { createServer, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { z } from 'zod';

const args = z
  .object({ port: z.coerce.number().int().min(1).max(65_535), upstream: z.url(), token: z.string().min(1) })
  .parse(
    parseArgs({
      options: { port: { type: 'string' }, upstream: { type: 'string' }, token: { type: 'string' } },
    }).values,
  );

// As many keep-alive connections as the bench's load opens (20), so no request waits for a socket.
const pool = new Pool(args.upstream, { connections: 32, pipelining: 1 });
const headers = { accept: 'application/json', authorization: `Bearer ${args.token}` };

async function forward(path: string, response: ServerResponse): Promise<void> {
  try {
    const answer = await pool.request({ origin: args.upstream, path, method: 'GET', headers });
    const type = answer.headers['content-type'];
    response.writeHead(answer.statusCode, typeof type === 'string' ? { 'content-type': type } : {});
    await pipeline(answer.body, response);
  } catch {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  }
}

createServer((request, response) => {
  const path = (request.url ?? '/').replace(/^\/api/, '');
  if (path === '/healthz') response.writeHead(200).end();
  else void forward(path, response);
}).listen(args.port, '127.0.0.1');
