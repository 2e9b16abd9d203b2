// The Node host's transport to real upstreams: a bounded pool of keep-alive connections per
// upstream origin (docs/decisions/0020). Node's own fetch opens as many connections as there are
// requests in flight, so hung upstream calls once took every file descriptor of the process. Here
// at most `connections` are open to each origin; further requests wait in the pool's queue, each
// still under its own deadline (its abort signal takes it out of the queue).
//
// Through undici's dispatcher API (`request`), not its fetch (issue 24, item 3): measured here
// in-process against the simulator, 10 calls in flight, a call and its whole answer cost ~230–250 µs
// of CPU this way against ~360–400 µs through fetch, whose redirect, cache and body machinery the
// proxy does not use. What the app needs from fetch is kept: no redirect is followed (undici's
// `request` never follows one), the answer is a web Response whose body streams as it arrives, and
// an abort ends both the wait and the body.
import { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import type { FetchLike } from './upstream.ts';

export interface UpstreamPool {
  transport: FetchLike;
  close(): Promise<void>;
}

/** Statuses whose answer has no body (Fetch's "null body status"): a Response refuses one. */
const nullBody = new Set([204, 205, 304]);

export interface UpstreamPoolOptions {
  connections: number;
  /** How sockets are opened (a `lookup` that checks where a name leads: features/mail webhook-transport.ts). */
  connect?: Agent.Options['connect'];
}

export function createUpstreamPool(options: UpstreamPoolOptions): UpstreamPool {
  const dispatcher = new Agent({
    connections: options.connections,
    ...(options.connect && { connect: options.connect }),
  });
  return {
    async transport(outgoing) {
      const answer = await request(outgoing.url, {
        method: outgoing.method,
        headers: Object.fromEntries(outgoing.headers),
        // The proxy's bodies are whole already (at most 1 MiB): no stream to hand over.
        body: outgoing.body ? Buffer.from(await outgoing.arrayBuffer()) : null,
        signal: outgoing.signal,
        dispatcher,
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (Array.isArray(value)) for (const each of value) headers.append(name, each);
        else if (value !== undefined) headers.set(name, value);
      }
      if (nullBody.has(answer.statusCode) || outgoing.method === 'HEAD') {
        await answer.body.dump();
        return new Response(null, { status: answer.statusCode, headers });
      }
      return new Response(Readable.toWeb(answer.body) as ReadableStream<Uint8Array>, {
        status: answer.statusCode,
        headers,
      });
    },
    close: () => dispatcher.close(),
  };
}
