// Calls to the upstream service. Every call has its own deadline (docs/decisions/0005: token 5 s,
// API 10 s) enforced here rather than by hono/timeout, which does not abort the fetch
// (docs/decisions/0005); the race also covers transports that ignore the abort signal (the embedded
// simulator). Web-standard: the in-browser host calls the simulator through it too.
import { concat } from './context.ts';

export type FetchLike = (input: Request) => Promise<Response>;

export type UpstreamOutcome =
  | { kind: 'response'; status: number; headers: Headers; body: Uint8Array }
  | { kind: 'timeout' }
  | { kind: 'unreachable'; reason: string };

/**
 * An answer passed on unparsed: as it arrives (a stream, still under the call's deadline), or, when
 * the upstream declared a small length, read whole first (cheaper to write than a stream).
 */
export type StreamedOutcome = {
  kind: 'stream';
  status: number;
  headers: Headers;
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>;
};

/** Up to this declared length an answer passed on unparsed is read whole rather than streamed. */
const readWholeUpTo = 256 * 1024;

/** Which answers to pass on as a stream instead of reading them whole first. */
export type StreamWhen = (status: number, headers: Headers) => boolean;

/** The largest upstream body the proxy buffers; bigger answers are refused as bad responses. */
const maxUpstreamBody = 16 * 1024 * 1024;

export async function callUpstream(
  transport: FetchLike,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: Uint8Array },
  timeoutMs: number,
): Promise<UpstreamOutcome>;
export async function callUpstream(
  transport: FetchLike,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: Uint8Array },
  timeoutMs: number,
  streamWhen: StreamWhen,
): Promise<UpstreamOutcome | StreamedOutcome>;
export async function callUpstream(
  transport: FetchLike,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: Uint8Array },
  timeoutMs: number,
  streamWhen?: StreamWhen,
): Promise<UpstreamOutcome | StreamedOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  const { promise: expired, resolve: expire } = Promise.withResolvers<'timeout'>();
  let onDeadline: (() => void) | undefined;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('upstream deadline passed', 'TimeoutError'));
    expire('timeout');
    onDeadline?.();
  }, timeoutMs);
  let streaming = false;
  try {
    const request = new Request(url, {
      method: init.method,
      headers: init.headers,
      body: init.body ? new Uint8Array(init.body) : undefined,
      // A redirect would leave the allow-list: pass it on as an error, never follow it.
      redirect: 'manual',
      signal: controller.signal,
    });
    const response = await Promise.race([transport(request), expired]);
    if (response === 'timeout') return { kind: 'timeout' };
    const passOn = streamWhen?.(response.status, response.headers) === true && response.body !== null;
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (passOn && declared <= readWholeUpTo) {
      const whole = await Promise.race([readAll(response), expired]);
      if (whole === 'timeout') return { kind: 'timeout' };
      return { kind: 'stream', status: response.status, headers: response.headers, body: whole };
    }
    if (passOn && response.body) {
      // Passed on as it arrives, never parsed (docs/decisions/0017); the deadline still holds: past
      // it the stream fails and the answer is cut, even from a transport that ignores the abort.
      streaming = true;
      const reader = response.body.getReader();
      const body = new ReadableStream<Uint8Array>({
        start(stream) {
          onDeadline = () => {
            stream.error(cut(new DOMException('upstream deadline passed', 'TimeoutError')));
            void reader.cancel().catch(() => {});
          };
        },
        async pull(stream) {
          try {
            const { done, value } = await reader.read();
            if (done) {
              clearTimeout(timer);
              stream.close();
            } else stream.enqueue(value);
          } catch (error) {
            clearTimeout(timer);
            stream.error(cut(error));
          }
        },
        cancel(reason) {
          clearTimeout(timer);
          return reader.cancel(reason);
        },
      });
      return { kind: 'stream', status: response.status, headers: response.headers, body };
    }
    const body = await Promise.race([readAll(response), expired]);
    if (body === 'timeout') return { kind: 'timeout' };
    return { kind: 'response', status: response.status, headers: response.headers, body };
  } catch (error) {
    if (timedOut) return { kind: 'timeout' };
    return { kind: 'unreachable', reason: describe(error) };
  } finally {
    if (!streaming) clearTimeout(timer);
  }
}

/**
 * An upstream answer that broke off while being passed on: the connection to the browser is cut
 * (so it can never read a partial body as a whole one). Marked as a closed stream, which the Node
 * host's server treats as an abort rather than a crash of its own.
 */
function cut(cause: unknown): Error {
  return Object.assign(new Error('the upstream answer broke off', { cause }), {
    code: 'ERR_STREAM_PREMATURE_CLOSE',
  });
}

async function readAll(response: Response): Promise<Uint8Array<ArrayBuffer>> {
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    // oxlint-disable-next-line no-await-in-loop -- a stream is read chunk by chunk
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxUpstreamBody) {
      void reader.cancel().catch(() => {});
      throw new Error('upstream body too large');
    }
    chunks.push(value);
  }
  return concat(chunks, size);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return 'unknown error';
}
