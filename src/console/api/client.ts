import type { ApiError } from '@/contract/api-error';
import { CONSOLE_HEADERS } from '@/proxy-api/console';
import type { Result } from '@/contract/result';
import { globalFetch, type CallInit, type FetchLike, type UpstreamClient } from '@/contract/transport';
import { reachableFetch } from '@/console/lib/reachability';

/**
 * Where a call goes while the proxy renders a screen on the server (docs/decisions/0028): the proxy
 * itself, in process, with the request's cookie, so that the same checks and scoping apply. Set
 * only by the server's render (app/server-render.tsx); in the browser it stays undefined.
 */
export interface ServerTransport {
  /** The proxy's origin, for absolute URLs (no page to resolve `/api` against). */
  origin: string;
  fetch: FetchLike;
}

let serverTransport: () => ServerTransport | undefined = () => undefined;

/** For the server's render only: answers every call of the render under way with `current()`. */
export function answerCallsWith(current: () => ServerTransport | undefined): void {
  serverTransport = current;
}

// Offline says so within 3 s, however long the request would have waited (issue 47).
const browserFetch = reachableFetch((request) => globalFetch(request));

function proxyOn(path: string): UpstreamClient {
  return {
    get baseUrl() {
      return `${serverTransport()?.origin ?? ''}${path}`;
    },
    fetch: (request) => (serverTransport()?.fetch ?? browserFetch)(request),
    headers: { ...CONSOLE_HEADERS },
  };
}

/**
 * The token proxy on the page's own origin (decision 0005): its `/auth` paths, and the spec's
 * operations under `/api`. The session cookie travels by itself; the header is its CSRF defence.
 */
export const proxyClient: UpstreamClient = proxyOn('');
export const apiClient: UpstreamClient = proxyOn('/api');

type Operation<Input, Output> = (
  client: UpstreamClient,
  input: Input,
  init?: CallInit,
) => Promise<Result<Output, ApiError>>;

/**
 * Runs one upstream operation through the proxy. Its contract module (and the zod schemas it
 * parses with) is loaded on the first call, not with the screen that needs it: a route chunk stays
 * small, and each screen pays only for the operations it calls. A failure is thrown as the ApiError
 * value itself, which is what TanStack Query expects (errors stay values up to there,
 * docs/decisions/0003).
 */
export async function runOperation<Input, Output>(
  load: () => Promise<Operation<Input, Output>>,
  input: Input,
  init?: CallInit,
): Promise<Output> {
  const operation = await load();
  const result = await operation(apiClient, input, init);
  if (result.ok) return result.value;
  throw result.error;
}
