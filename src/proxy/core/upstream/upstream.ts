// Calls to the upstream service. Every call has its own deadline (docs/decisions/0005: token 5 s,
// API 10 s) enforced here rather than by hono/timeout, which does not abort the fetch
// (docs/decisions/0005); the race also covers transports that ignore the abort signal (the embedded
// simulator). Every answer is bounded too, read whole or streamed (`maxBytes`, docs/decisions/0020).
// Web-standard: the in-browser host calls the simulator through it too.
import { concat } from '../http/context.ts';
import { failure, type Failure } from '../log/error-codes.ts';

export type FetchLike = (input: Request) => Promise<Response>;

export type UpstreamOutcome =
  | { kind: 'response'; status: number; headers: Headers; body: Uint8Array }
  | { kind: 'timeout' }
  | ({ kind: 'unreachable' } & Failure);

/** Why a streamed answer was cut short. */
export type CutReason = 'deadline' | 'broke_off' | 'too_large';

/**
 * An answer passed on unparsed: as it arrives (a stream, still under the call's deadline and the
 * byte cap), or, when the upstream declared a small length, read whole first (cheaper to write).
 */
export type StreamedOutcome = {
  kind: 'stream';
  status: number;
  headers: Headers;
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>;
  /**
   * Set by the caller: told when the stream is cut. Answering true means the host has ended the
   * connection itself (the stream then neither ends nor fails; its cancellation follows); else the
   * stream fails, which cuts the connection in any host (docs/decisions/0017, 0020).
   */
  cut?: (reason: CutReason) => boolean;
  /** Settles once the answer has ended, whole, cut or cancelled (undefined: it was read whole). */
  ended: Promise<void> | undefined;
};

/** Up to this declared length an answer passed on unparsed is read whole rather than streamed. */
const readWholeUpTo = 256 * 1024;

/** Which answers to pass on as a stream instead of reading them whole first. */
export type StreamWhen = (status: number, headers: Headers) => boolean;

/** The largest upstream answer by default, read whole or streamed (`MAX_UPSTREAM_ANSWER_MB`). */
export const defaultMaxAnswerBytes = 16 * 1024 * 1024;

export interface CallOptions {
  /** The largest answer taken, read whole or streamed (default 16 MiB). */
  maxBytes?: number;
}

export interface StreamingCallOptions extends CallOptions {
  streamWhen: StreamWhen;
}

type Init = { method: string; headers: Record<string, string>; body?: Uint8Array };

/**
 * What a cut stream's reads wait on: nothing, until the host cancels the stream (a promise of its own
 * each time, so that no long-lived promise collects the reactions of every cut stream).
 */
const never = () => new Promise<undefined>(() => {});

class AnswerTooLarge extends Error {
  override name = 'AnswerTooLarge';
}

export async function callUpstream(
  transport: FetchLike,
  url: string,
  init: Init,
  timeoutMs: number,
  options?: CallOptions,
): Promise<UpstreamOutcome>;
export async function callUpstream(
  transport: FetchLike,
  url: string,
  init: Init,
  timeoutMs: number,
  options: StreamingCallOptions,
): Promise<UpstreamOutcome | StreamedOutcome>;
export async function callUpstream(
  transport: FetchLike,
  url: string,
  init: Init,
  timeoutMs: number,
  options: CallOptions & { streamWhen?: StreamWhen } = {},
): Promise<UpstreamOutcome | StreamedOutcome> {
  const maxBytes = options.maxBytes ?? defaultMaxAnswerBytes;
  let request: Request;
  const controller = new AbortController();
  try {
    request = new Request(url, {
      method: init.method,
      headers: init.headers,
      body: init.body ? new Uint8Array(init.body) : undefined,
      // A redirect would leave the allow-list: pass it on as an error, never follow it.
      redirect: 'manual',
      signal: controller.signal,
    });
  } catch (error) {
    // A header value that is not one (a token the upstream sent with CR/LF): never sent, never quoted.
    return { kind: 'unreachable', ...failure('request_not_built', error) };
  }
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
  let reading = false;
  try {
    const response = await Promise.race([transport(request), expired]);
    if (response === 'timeout') return { kind: 'timeout' };
    reading = true;
    const passOn = options.streamWhen?.(response.status, response.headers) === true && response.body !== null;
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declared > maxBytes) {
      void response.body?.cancel().catch(() => {});
      return { kind: 'unreachable', ...failure('answer_too_large') };
    }
    if (passOn && declared <= readWholeUpTo) {
      const whole = await Promise.race([readAll(response, maxBytes), expired]);
      if (whole === 'timeout') return { kind: 'timeout' };
      return {
        kind: 'stream',
        status: response.status,
        headers: response.headers,
        body: whole,
        ended: undefined,
      };
    }
    if (passOn && response.body) {
      streaming = true;
      return streamed(response, response.body, timer, maxBytes, (handler) => {
        onDeadline = handler;
      });
    }
    const body = await Promise.race([readAll(response, maxBytes), expired]);
    if (body === 'timeout') return { kind: 'timeout' };
    return { kind: 'response', status: response.status, headers: response.headers, body };
  } catch (error) {
    if (timedOut) return { kind: 'timeout' };
    if (error instanceof AnswerTooLarge) return { kind: 'unreachable', ...failure('answer_too_large') };
    return {
      kind: 'unreachable',
      ...failure(reading ? 'answer_broke_off' : 'connection_failed', error),
    };
  } finally {
    if (!streaming) clearTimeout(timer);
  }
}

/**
 * Passed on as it arrives, never parsed (docs/decisions/0017). The deadline and the byte cap still
 * hold: past either the answer is cut, even from a transport that ignores the abort.
 */
function streamed(
  response: Response,
  source: ReadableStream<Uint8Array>,
  timer: ReturnType<typeof setTimeout>,
  maxBytes: number,
  whenDeadline: (handler: () => void) => void,
): StreamedOutcome {
  const reader = source.getReader();
  let size = 0;
  let ended = false;
  let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
  const settled = Promise.withResolvers<void>();
  const outcome: StreamedOutcome = {
    kind: 'stream',
    status: response.status,
    headers: response.headers,
    body: new Uint8Array(),
    ended: settled.promise,
  };
  const end = () => {
    ended = true;
    clearTimeout(timer);
    settled.resolve();
  };
  const cutShort = (reason: CutReason, cause: unknown) => {
    if (ended) return;
    end();
    void reader.cancel().catch(() => {});
    // The host ended the connection: the stream is cancelled by it, and never ends as a whole one.
    if (outcome.cut?.(reason) === true) return;
    stream?.error(cut(cause));
  };
  outcome.body = new ReadableStream<Uint8Array>({
    start(controller) {
      stream = controller;
      whenDeadline(() => cutShort('deadline', new DOMException('upstream deadline passed', 'TimeoutError')));
    },
    async pull(controller) {
      // Once cut, a read never completes: a cancelled reader answers "done", which must not close
      // this stream as if the answer were whole.
      if (ended) return never();
      try {
        const { done, value } = await reader.read();
        if (ended) return never();
        if (done) {
          end();
          controller.close();
          return undefined;
        }
        size += value.byteLength;
        if (size > maxBytes) cutShort('too_large', new AnswerTooLarge());
        else controller.enqueue(value);
      } catch (error) {
        cutShort('broke_off', error);
      }
      return undefined;
    },
    cancel(reason) {
      end();
      return reader.cancel(reason);
    },
  });
  return outcome;
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

async function readAll(response: Response, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    // oxlint-disable-next-line no-await-in-loop -- a stream is read chunk by chunk
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      void reader.cancel().catch(() => {});
      throw new AnswerTooLarge();
    }
    chunks.push(value);
  }
  return concat(chunks, size);
}
