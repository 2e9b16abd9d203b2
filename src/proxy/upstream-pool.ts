// The Node host's transport to real upstreams: a bounded pool of keep-alive connections per
// upstream origin (docs/decisions/0020). Node's own fetch opens as many connections as there are
// requests in flight, so hung upstream calls once took every file descriptor of the process. Here
// at most `connections` are open to each origin; further requests wait in the pool's queue, each
// still under its own deadline (its abort signal takes it out of the queue). undici's fetch and its
// Agent come from one pinned package: a dispatcher of another undici version than the one inside
// Node does not fit Node's fetch.
import { Agent, fetch } from 'undici';
import type { FetchLike } from './upstream.ts';

export interface UpstreamPool {
  transport: FetchLike;
  close(): Promise<void>;
}

export function createUpstreamPool(options: { connections: number }): UpstreamPool {
  const dispatcher = new Agent({ connections: options.connections });
  return {
    async transport(request) {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        // The proxy's bodies are whole already (at most 1 MiB): no stream to hand over.
        body: request.body ? await request.arrayBuffer() : undefined,
        redirect: request.redirect,
        signal: request.signal,
        dispatcher,
      });
      // undici's Response: the same Web API as Node's own, read the same way by the app.
      return response as unknown as Response;
    },
    close: () => dispatcher.close(),
  };
}
