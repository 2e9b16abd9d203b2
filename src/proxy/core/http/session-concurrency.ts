// One session holds at most `limit` requests in flight under /api (docs/decisions/0020): a session
// holding hundreds of calls to a hung upstream once took every file descriptor of the process, and
// another session's calls failed with EMFILE. The count is in this process, by the cookie's value
// (nothing hashed, nothing asked of the store), and a request counts until its answer has ended:
// an answer passed on as a stream holds its place until the stream is done. A browser holds at
// most six connections per origin over HTTP/1.1, and the console at most six requests at a time.
import type { MiddlewareHandler } from 'hono';
import type { ProxyEnv } from './context.ts';
import { refuse } from './refusal.ts';
import type { SessionCarrier } from '../sessions/carrier.ts';

export const defaultMaxRequestsPerSession = 32;

export function sessionConcurrency(carrier: SessionCarrier, limit: number): MiddlewareHandler<ProxyEnv> {
  const inFlight = new Map<string, number>();
  const leave = (id: string) => {
    const count = (inFlight.get(id) ?? 1) - 1;
    if (count <= 0) inFlight.delete(id);
    else inFlight.set(id, count);
  };
  return async (c, next) => {
    const id = carrier.read(c);
    // No session: the route answers 401 without going upstream.
    if (id === undefined) {
      await next();
      return;
    }
    const count = inFlight.get(id) ?? 0;
    if (count >= limit)
      refuse(
        429,
        'too_many_requests',
        `This session already has ${limit} requests in flight. Wait for them to finish.`,
        {
          headers: { 'retry-after': '1' },
        },
      );
    inFlight.set(id, count + 1);
    let ended: Promise<void> | undefined;
    try {
      await next();
      ended = c.get('streamed');
    } finally {
      if (ended) void ended.then(() => leave(id));
      else leave(id);
    }
  };
}
